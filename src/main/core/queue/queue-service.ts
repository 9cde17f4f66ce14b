import { randomBytes } from 'node:crypto'
import type { HostEventArgs } from '@shared/contract'
import { QUEUE_IMAGE_CAP_DEFAULT, type QueueItem, type QueueView } from '@shared/contract/queue'
import type { GenerateRequest, ImageJob } from '@shared/domain/images'
import { StudioError } from '@shared/errors'
import { openStore, type Library } from '../store/library-db'

/**
 * The local queue in front of the gateway (issue 28). Per profile, at most `imageCap` paid image
 * creates are in flight; the others wait here, in order, in the library database, and survive a
 * restart in that order.
 *
 * Exactly once: an item's job id is chosen when it is queued. Before its create, the item is marked
 * `sending` (committed); the image service then journals the job under that id before its POST
 * leaves (the journal's write-ahead rule, P5), and the item becomes `running`. After a crash an item
 * found `sending` is settled by the journal: a job under its id means the create may have left, so it
 * is `running` (the image service resumes or reports it, never re-sends it); no job means nothing was
 * sent, so it waits again at its place. A create refused before anything was sent (the gateway no
 * longer lists the model, no key) holds the item with the reason: never dropped, never retried alone.
 */

export const QUEUE_SCHEMA = [
  `CREATE TABLE queue_items (
     id TEXT PRIMARY KEY,
     profile_id TEXT NOT NULL,
     kind TEXT NOT NULL,
     pos REAL NOT NULL,
     state TEXT NOT NULL,
     job_id TEXT NOT NULL,
     request TEXT NOT NULL,
     model TEXT NOT NULL,
     prompt TEXT NOT NULL,
     reason TEXT,
     created_at REAL NOT NULL
   );
   CREATE INDEX queue_items_order ON queue_items (profile_id, state, pos);
   CREATE INDEX queue_items_job ON queue_items (job_id);
   CREATE TABLE queue_profiles (
     profile_id TEXT PRIMARY KEY,
     paused INTEGER NOT NULL DEFAULT 0,
     image_cap INTEGER NOT NULL DEFAULT ${QUEUE_IMAGE_CAP_DEFAULT}
   );`,
  // The queue's own cost per item must not grow with what waits (bench Q1): the last place of a
  // profile by index, and every profile with items listed in queue_profiles (never a scan for them).
  `CREATE INDEX queue_items_pos ON queue_items (profile_id, pos);
   INSERT OR IGNORE INTO queue_profiles (profile_id) SELECT DISTINCT profile_id FROM queue_items;`,
  // An item the user let go past a spending limit is not held by it again.
  `ALTER TABLE queue_items ADD COLUMN let_go INTEGER NOT NULL DEFAULT 0;`
]

type State = QueueItem['state']

interface Row {
  id: string
  profile_id: string
  pos: number
  state: State
  job_id: string
  request: string
  model: string
  prompt: string
  reason: string | null
  created_at: number
  let_go?: number
}

/** What the queue needs of the image service. */
export interface QueueImages {
  /** Journals the job under `jobId` before its create leaves, then sends it. */
  generate(req: GenerateRequest, jobId: string): Promise<ImageJob>
  /** The journal's word on a job: running, ended, or unknown (never journaled, or long pruned). */
  jobState(jobId: string): 'running' | 'ended' | undefined
}

export interface QueueDeps {
  dataDir: string
  images: QueueImages
  activeId(): Promise<string>
  /** Throws for a profile that does not exist (an unknown id is refused, never stored). */
  checkProfile?: (profileId: string) => void
  emit(profileId: string): void
  /**
   * Before a create: why a spending limit holds it (the reason in words), or null. An item held so
   * waits until the user lets it go (`release`) or raises the limit (a later check passes).
   */
  limitReason?: (profileId: string, req: GenerateRequest) => string | null
  newId?: () => string
  now?: () => number
  log?: (line: string) => void
  notice?: (message: string) => void
}

export class QueueService {
  private pumping: Promise<void> | null = null
  private again = false
  private disposed = false
  private readonly now: () => number
  private readonly newId: () => string

  private constructor(
    private readonly d: QueueDeps,
    private readonly lib: Library
  ) {
    this.now = d.now ?? Date.now
    this.newId = d.newId ?? (() => `q${Date.now().toString(36)}${randomBytes(5).toString('hex')}`)
  }

  static async open(d: QueueDeps): Promise<QueueService> {
    return openStore(d.dataDir, d.notice ?? (() => {}), 'queue', QUEUE_SCHEMA, async (lib) => {
      const q = new QueueService(d, lib)
      q.settle()
      return q
    })
  }

  /** After a start: `sending` items settled by the journal, ended jobs let go. */
  private settle(): void {
    const open = this.lib.all<Row>(`SELECT * FROM queue_items WHERE state IN ('sending', 'running')`)
    for (const r of open) {
      const job = this.d.images.jobState(r.job_id)
      if (r.state === 'sending' && job === undefined) {
        // Never journaled: the create never left. It waits again at its place.
        this.lib.run(`UPDATE queue_items SET state = 'waiting' WHERE id = ?`, r.id)
      } else if (job === 'running') {
        this.lib.run(`UPDATE queue_items SET state = 'running' WHERE id = ?`, r.id)
      } else {
        this.lib.run('DELETE FROM queue_items WHERE id = ?', r.id)
      }
    }
  }

  private profile(profileId: string): { paused: boolean; imageCap: number } {
    const r = this.lib.get<{ paused: number; image_cap: number }>('SELECT paused, image_cap FROM queue_profiles WHERE profile_id = ?', profileId)
    return { paused: r ? r.paused === 1 : false, imageCap: r?.image_cap ?? QUEUE_IMAGE_CAP_DEFAULT }
  }

  private item(r: Row, place: number | null): QueueItem {
    return {
      id: r.id,
      jobId: r.job_id,
      model: r.model,
      prompt: r.prompt,
      state: r.state,
      place,
      ...(r.reason ? { reason: r.reason } : {}),
      createdAt: r.created_at
    }
  }

  view(profileId: string): QueueView {
    const rows = this.lib.all<Row>(
      `SELECT * FROM queue_items WHERE profile_id = ? ORDER BY CASE state WHEN 'running' THEN 0 WHEN 'sending' THEN 1 WHEN 'held' THEN 2 ELSE 3 END, pos`,
      profileId
    )
    let place = 0
    const items = rows.map((r) => this.item(r, r.state === 'waiting' ? ++place : null))
    return { profileId, ...this.profile(profileId), items }
  }

  private async known(profileId?: string): Promise<string> {
    if (profileId === undefined) return this.d.activeId()
    this.d.checkProfile?.(profileId)
    return profileId
  }

  async list(profileId?: string): Promise<QueueView> {
    return this.view(await this.known(profileId))
  }

  async addImage(req: GenerateRequest): Promise<QueueItem> {
    const profileId = await this.d.activeId()
    const last = this.lib.get<{ pos: number | null }>(`SELECT max(pos) AS pos FROM queue_items WHERE profile_id = ?`, profileId)?.pos ?? 0
    this.lib.run('INSERT OR IGNORE INTO queue_profiles (profile_id) VALUES (?)', profileId)
    const row: Row = {
      id: this.newId(),
      profile_id: profileId,
      pos: last + 1,
      state: 'waiting',
      job_id: `j${this.newId()}`,
      request: JSON.stringify(req),
      model: req.model,
      prompt: req.prompt.slice(0, 500),
      reason: null,
      created_at: this.now()
    }
    this.lib.run(
      `INSERT INTO queue_items (id, profile_id, kind, pos, state, job_id, request, model, prompt, reason, created_at) VALUES (?, ?, 'image', ?, 'waiting', ?, ?, ?, ?, NULL, ?)`,
      row.id,
      row.profile_id,
      row.pos,
      row.job_id,
      row.request,
      row.model,
      row.prompt,
      row.created_at
    )
    this.changed(profileId)
    // Its place is the list's to say (counting what waits before it would cost a pass over the queue).
    return this.item(row, null)
  }

  private row(id: string): Row {
    const r = this.lib.get<Row>('SELECT * FROM queue_items WHERE id = ?', id)
    if (!r) throw new StudioError('NOT_FOUND', 'There is no such item in the queue.', { field: 'id' })
    return r
  }

  /** Moves a waiting item to `to` (0-based) among its profile's waiting items; answers its profile. */
  move(id: string, to: number): string {
    const r = this.row(id)
    if (r.state !== 'waiting') throw new StudioError('INVALID_INPUT', 'Only a waiting item can be moved.', { field: 'id' })
    // Only the two neighbours of the new place are read (by index; the cost follows `to`, not the queue).
    const skip = Math.max(0, to - 1)
    const near = this.lib.all<{ pos: number }>(
      `SELECT pos FROM queue_items WHERE profile_id = ? AND state = 'waiting' AND id <> ? ORDER BY pos LIMIT 2 OFFSET ?`,
      r.profile_id,
      id,
      skip
    )
    let pos: number
    if (to <= 0) pos = near.length ? near[0].pos - 1 : r.pos
    else if (near.length === 2) pos = (near[0].pos + near[1].pos) / 2
    else if (near.length === 1) pos = near[0].pos + 1
    else pos = r.pos
    this.lib.run('UPDATE queue_items SET pos = ? WHERE id = ?', pos, id)
    this.changed(r.profile_id)
    return r.profile_id
  }

  remove(id: string): string {
    const r = this.row(id)
    if (r.state !== 'waiting' && r.state !== 'held') throw new StudioError('INVALID_INPUT', 'A sent item is not the queue’s to remove; it runs to its end.', { field: 'id' })
    this.lib.run('DELETE FROM queue_items WHERE id = ?', id)
    this.changed(r.profile_id)
    return r.profile_id
  }

  /** A held item waits again; one held by a spending limit is let go past it. */
  release(id: string): string {
    const r = this.row(id)
    if (r.state === 'held') this.lib.run(`UPDATE queue_items SET state = 'waiting', reason = NULL, let_go = 1 WHERE id = ?`, id)
    this.changed(r.profile_id)
    return r.profile_id
  }

  async set(input: { profileId?: string; paused?: boolean; imageCap?: number }): Promise<string> {
    const profileId = await this.known(input.profileId)
    const cur = this.profile(profileId)
    this.lib.run(
      `INSERT INTO queue_profiles (profile_id, paused, image_cap) VALUES (?, ?, ?) ON CONFLICT(profile_id) DO UPDATE SET paused = excluded.paused, image_cap = excluded.image_cap`,
      profileId,
      (input.paused ?? cur.paused) ? 1 : 0,
      input.imageCap ?? cur.imageCap
    )
    this.changed(profileId)
    return profileId
  }

  /** An image job moved (images:job-updated): an ended one frees its place. */
  observe(...[name, job]: HostEventArgs): void {
    if (name !== 'images:job-updated' || job.status === 'running') return
    const r = this.lib.get<Row>('SELECT * FROM queue_items WHERE job_id = ?', job.jobId)
    if (!r || r.state === 'sending') return
    this.lib.run('DELETE FROM queue_items WHERE id = ?', r.id)
    this.changed(r.profile_id)
  }

  private changed(profileId: string): void {
    this.d.emit(profileId)
    this.pump()
  }

  /** Sends waiting items while a profile has room; one pass at a time. */
  pump(): void {
    if (this.disposed) return
    if (this.pumping) {
      this.again = true
      return
    }
    this.pumping = this.pass()
      .catch((e: unknown) => this.d.log?.(`queue: ${String(e)}`))
      .finally(() => {
        this.pumping = null
        if (this.again) {
          this.again = false
          this.pump()
        }
      })
  }

  private async pass(): Promise<void> {
    for (;;) {
      if (this.disposed) return
      const next = this.nextToSend()
      if (!next) return
      await this.send(next)
    }
  }

  /** The first waiting item of a profile that is not paused and has room under its cap. */
  private nextToSend(): Row | undefined {
    const profiles = this.lib.all<{ profile_id: string }>('SELECT profile_id FROM queue_profiles')
    for (const { profile_id } of profiles) {
      const p = this.profile(profile_id)
      if (p.paused) continue
      const inFlight = this.lib.get<{ n: number }>(`SELECT count(*) AS n FROM queue_items WHERE profile_id = ? AND state IN ('sending', 'running')`, profile_id)?.n ?? 0
      if (inFlight >= p.imageCap) continue
      const r = this.lib.get<Row>(`SELECT * FROM queue_items WHERE profile_id = ? AND state = 'waiting' ORDER BY pos LIMIT 1`, profile_id)
      if (r) return r
    }
    return undefined
  }

  private async send(r: Row): Promise<void> {
    const req = JSON.parse(r.request) as GenerateRequest
    const limit = r.let_go ? null : this.d.limitReason?.(r.profile_id, req)
    if (limit) {
      this.lib.run(`UPDATE queue_items SET state = 'held', reason = ? WHERE id = ?`, limit, r.id)
      this.d.emit(r.profile_id)
      return
    }
    // Write-ahead: the item is `sending` before anything is journaled or sent.
    this.lib.run(`UPDATE queue_items SET state = 'sending' WHERE id = ?`, r.id)
    this.d.emit(r.profile_id)
    let job: ImageJob
    try {
      job = await this.d.images.generate(req, r.job_id)
    } catch (e) {
      // Refused before the job was journaled: nothing left. Held with the reason, never dropped.
      if (this.d.images.jobState(r.job_id) === undefined) {
        const reason = e instanceof Error ? e.message : String(e)
        this.lib.run(`UPDATE queue_items SET state = 'held', reason = ? WHERE id = ?`, reason.slice(0, 2000), r.id)
      } else this.lib.run(`UPDATE queue_items SET state = 'running' WHERE id = ?`, r.id)
      this.d.emit(r.profile_id)
      return
    }
    // An end event that came while the item was still `sending` found nothing to free: ask the journal.
    if (job.status === 'running' && this.d.images.jobState(r.job_id) !== 'ended') this.lib.run(`UPDATE queue_items SET state = 'running' WHERE id = ? AND state = 'sending'`, r.id)
    else this.lib.run('DELETE FROM queue_items WHERE id = ?', r.id)
    this.d.emit(r.profile_id)
  }

  async dispose(): Promise<void> {
    this.disposed = true
    await this.pumping
    this.lib.release()
  }
}
