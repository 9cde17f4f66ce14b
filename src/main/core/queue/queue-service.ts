import { randomBytes } from 'node:crypto'
import type { HostEventArgs } from '@shared/contract'
import { type QueueHold, type QueueItem, type QueueView } from '@shared/contract/queue'
import type { EditRequest, GenerateRequest, NativeTaskRequest } from '@shared/domain/images'
import { FINAL_VIDEO_STATES, type VideoCreateRequest, type VideoRemixRequest } from '@shared/domain/video'
import { StudioError } from '@shared/errors'
import { openStore, type Library } from '../store/library-db'
import { holdText } from './hold-reason'
import { modelDurations, recordRunOf } from './queue-eta'
import { createItem, decodeRequest, encodeRequest, encodeTag, toItem } from './queue-items'
import type { QueueDeps } from './queue-ports'
import { movedPos, nextToSend, profileSettings } from './queue-rows'
import { insertRow, isVideo, QUEUE_SCHEMA, type QueuedRequest, type Row } from './queue-table'
import { planVariations } from './queue-variations'
import { buildView } from './queue-view'

/**
 * The local queue in front of the gateway. Per profile, at most `imageCap` paid image creates and
 * `videoCap` video tasks are in flight; the others wait here, in order (one order for both kinds),
 * in the library database, and survive a restart in that order. A video counts as in flight until
 * its task ends on the gateway (the gateway's own concurrency is per task, not per create).
 *
 * Exactly once: an item's job id (or video task id) is chosen when it is queued. Before its create,
 * the item is marked `sending` (committed); the image (or video) service then journals the job under that id before its POST
 * leaves (the journal's write-ahead rule, P5), and the item becomes `running`. After a crash an item
 * found `sending` is settled by the journal: a job under its id means the create may have left, so it
 * is `running` (the image service resumes or reports it, never re-sends it); no job means nothing was
 * sent, so it waits again at its place. A create refused before anything was sent (the gateway no
 * longer lists the model, no key) holds the item with the reason: never dropped, never retried alone.
 */

export type { QueueDeps, QueueImages, QueueVideos } from './queue-ports'
export type { QueuedRequest } from './queue-table'

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
      const job = this.stateOf(r)
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

  /** The journal's word on what a row became (image journal or video journal). */
  private stateOf(r: Row): 'running' | 'ended' | undefined {
    if (isVideo(r.kind)) return this.d.videos?.taskState(r.job_id)
    return this.d.images.jobState(r.job_id)
  }

  view(profileId: string): QueueView {
    return buildView(this.lib, profileId, this.now())
  }

  /** Each model's run durations (for a job sent outside the queue: its card's ETA). */
  runStats(
    kind: 'image' | 'video',
    models: readonly string[]
  ): Array<{ model: string; stats: ReturnType<typeof modelDurations> }> {
    return [...new Set(models)].map((model) => ({ model, stats: modelDurations(this.lib, kind, model) }))
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
    return this.add(await this.d.activeId(), { kind: 'image', req }, `j${this.newId()}`)
  }

  /** A native image task, checked first (bad input is refused, nothing queued), under the image cap. */
  async addNative(input: { native: NativeTaskRequest; letGo?: boolean }): Promise<QueueItem> {
    const images = this.d.images
    if (!images.planNative || !images.native)
      throw new StudioError('CONFLICT', 'Native image tasks cannot be queued here.')
    const profileId = await this.d.activeId()
    const { model } = await images.planNative(input.native, profileId)
    return this.add(profileId, { kind: 'image-native', req: input.native }, `j${this.newId()}`, {
      model,
      letGo: input.letGo
    })
  }

  /** An edit, checked and its inputs copied into the library under its job id now (see QueueImages.stageEdit), under the image cap. */
  async addEdit(input: { edit: EditRequest; letGo?: boolean }): Promise<QueueItem> {
    const images = this.d.images
    if (!images.stageEdit || !images.edit) throw new StudioError('CONFLICT', 'Image edits cannot be queued here.')
    const profileId = await this.d.activeId()
    this.d.checkProfile?.(profileId)
    const jobId = `j${this.newId()}`
    const staged = await images.stageEdit(input.edit, jobId, { profileId })
    return this.add(profileId, { kind: 'image-edit', req: input.edit, staged }, jobId, { letGo: input.letGo })
  }

  /**
   * "More like this": `count` variations of gallery item `itemId`, each its own item on the active
   * profile under the image cap, the pause and the spending limits (its job id chosen now, so its
   * create is journaled under it exactly once); their results share one group id.
   */
  async addVariations(itemId: string, count: number): Promise<{ groupId: string; jobIds: string[] }> {
    const profileId = await this.d.activeId()
    this.d.checkProfile?.(profileId)
    const groupId = `g${this.newId()}`
    const tag = { variationOf: itemId, variationGroup: groupId }
    const planned = await planVariations(this.d.images, {
      itemId,
      count,
      profileId,
      tag,
      jobId: () => `j${this.newId()}`
    })
    for (const p of planned) this.add(profileId, p.item, p.jobId, { model: p.model })
    return { groupId, jobIds: planned.map((p) => p.jobId) }
  }

  /** A video create (on the active profile) or remix (on its source's profile), under the video cap. */
  async addVideo(input: { create: VideoCreateRequest } | { remix: VideoRemixRequest }): Promise<QueueItem> {
    const videos = this.d.videos
    if (!videos) throw new StudioError('CONFLICT', 'Video tasks cannot be queued here.')
    if ('create' in input) {
      // The profile is kept in the request: it is sent on this one, whichever is active then.
      const profileId = input.create.profileId ?? (await this.d.activeId())
      return this.add(profileId, { kind: 'video-create', req: { ...input.create, profileId } }, `v${this.newId()}`)
    }
    const profileId = videos.remixProfile(input.remix)
    if (!profileId)
      throw new StudioError('NOT_FOUND', 'The source task is no longer on the board', { field: 'sourceId' })
    return this.add(profileId, { kind: 'video-remix', req: input.remix }, `v${this.newId()}`)
  }

  private add(
    profileId: string,
    item: QueuedRequest,
    jobId: string,
    opts: { model?: string; letGo?: boolean } = {}
  ): QueueItem {
    this.d.checkProfile?.(profileId)
    const last =
      this.lib.get<{ pos: number | null }>(`SELECT max(pos) AS pos FROM queue_items WHERE profile_id = ?`, profileId)
        ?.pos ?? 0
    this.lib.run('INSERT OR IGNORE INTO queue_profiles (profile_id) VALUES (?)', profileId)
    const row: Row = {
      id: this.newId(),
      profile_id: profileId,
      kind: item.kind,
      pos: last + 1,
      state: 'waiting',
      job_id: jobId,
      request: encodeRequest(item),
      model: opts.model ?? item.req.model ?? '',
      prompt: item.req.prompt.slice(0, 500),
      reason: null,
      created_at: this.now(),
      let_go: opts.letGo ? 1 : 0,
      tag: encodeTag(item)
    }
    insertRow(this.lib, row)
    this.changed(profileId)
    // Its place is the list's to say (counting what waits before it would cost a pass over the queue).
    return toItem(row, null)
  }

  private row(id: string): Row {
    const r = this.lib.get<Row>('SELECT * FROM queue_items WHERE id = ?', id)
    if (!r) throw new StudioError('NOT_FOUND', 'There is no such item in the queue.', { field: 'id' })
    return r
  }

  /** Moves a waiting item to `to` (0-based) among its profile's waiting items; answers its profile. */
  move(id: string, to: number): string {
    const r = this.row(id)
    if (r.state !== 'waiting')
      throw new StudioError('INVALID_INPUT', 'Only a waiting item can be moved.', { field: 'id' })
    const pos = movedPos(this.lib, r, to)
    this.lib.run('UPDATE queue_items SET pos = ? WHERE id = ?', pos, id)
    this.changed(r.profile_id)
    return r.profile_id
  }

  remove(id: string): string {
    const r = this.row(id)
    if (r.state !== 'waiting' && r.state !== 'held')
      throw new StudioError('INVALID_INPUT', 'A sent item is not the queue’s to remove; it runs to its end.', {
        field: 'id'
      })
    this.lib.run('DELETE FROM queue_items WHERE id = ?', id)
    // An edit that will never be sent: its library copies go with it.
    if (r.kind === 'image-edit') {
      const item = decodeRequest(r)
      if (item.kind === 'image-edit')
        void this.d.images
          .discardEdit?.(item.staged)
          .catch((e: unknown) => this.d.log?.(`queue: an edit's copies were not removed: ${String(e)}`))
    }
    this.changed(r.profile_id)
    return r.profile_id
  }

  /** A held item waits again; one held by a spending limit is let go past it. */
  release(id: string): string {
    const r = this.row(id)
    if (r.state === 'held')
      this.lib.run(
        `UPDATE queue_items SET state = 'waiting', reason = NULL, hold = NULL, held_by = NULL, let_go = 1 WHERE id = ?`,
        id
      )
    this.changed(r.profile_id)
    return r.profile_id
  }

  /**
   * A profile's limits or threshold changed: items held by a limit wait again at their places and
   * are checked afresh before they are sent (still over the new limit: held again, with the new figures).
   */
  recheckHeld(profileId: string): void {
    const { changes } = this.lib.run(
      `UPDATE queue_items SET state = 'waiting', reason = NULL, hold = NULL, held_by = NULL WHERE profile_id = ? AND state = 'held' AND held_by = 'limit'`,
      profileId
    )
    if (changes > 0) this.changed(profileId)
  }

  /** Profiles changed (a key added, a profile removed): items held by their profile are checked again. */
  recheckProfiles(): void {
    const held = this.lib.all<{ profile_id: string }>(
      `SELECT DISTINCT profile_id FROM queue_items WHERE state = 'held' AND held_by = 'profile'`
    )
    if (!held.length) return
    this.lib.run(
      `UPDATE queue_items SET state = 'waiting', reason = NULL, hold = NULL, held_by = NULL WHERE state = 'held' AND held_by = 'profile'`
    )
    for (const { profile_id } of held) this.changed(profile_id)
  }

  async set(input: { profileId?: string; paused?: boolean; imageCap?: number; videoCap?: number }): Promise<string> {
    const profileId = await this.known(input.profileId)
    const cur = profileSettings(this.lib, profileId)
    this.lib.run(
      `INSERT INTO queue_profiles (profile_id, paused, image_cap, video_cap) VALUES (?, ?, ?, ?)
       ON CONFLICT(profile_id) DO UPDATE SET paused = excluded.paused, image_cap = excluded.image_cap, video_cap = excluded.video_cap`,
      profileId,
      (input.paused ?? cur.paused) ? 1 : 0,
      input.imageCap ?? cur.imageCap,
      input.videoCap ?? cur.videoCap
    )
    this.changed(profileId)
    return profileId
  }

  /** An image job or video task moved: an ended one frees its place; a finished one's duration is kept for ETAs. */
  observe(...event: HostEventArgs): void {
    try {
      recordRunOf(this.lib, event, this.now())
    } catch (e) {
      this.d.log?.(`queue: a run's duration was not kept: ${String(e)}`)
    }
    let ended: string | undefined
    if (event[0] === 'images:job-updated' && event[1].status !== 'running') ended = event[1].jobId
    else if (event[0] === 'video:task-updated' && FINAL_VIDEO_STATES.includes(event[1].state)) ended = event[1].id
    else if (event[0] === 'video:tasks-removed') {
      for (const id of event[1].ids) this.freed(id)
      return
    }
    if (ended !== undefined) this.freed(ended)
  }

  private freed(jobId: string): void {
    const r = this.lib.get<Row>('SELECT * FROM queue_items WHERE job_id = ?', jobId)
    if (!r || r.state === 'sending' || r.state === 'waiting' || r.state === 'held') return
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
      const next = nextToSend(this.lib, this.d.videos !== undefined)
      if (!next) return
      await this.send(next)
    }
  }

  private async send(r: Row): Promise<void> {
    const item = decodeRequest(r)
    // Sent as its own profile or not at all: one removed or without a key holds it (never another's key).
    const gone = await this.d.profileHold?.(r.profile_id)
    if (gone) return this.hold(r, 'profile', { reason: holdText(gone), hold: gone })
    const limit = r.let_go ? null : await this.d.limitReason?.(r.profile_id, item, r.model)
    if (limit) {
      this.hold(r, 'limit', typeof limit === 'string' ? { reason: limit } : { reason: holdText(limit), hold: limit })
      return
    }
    // Write-ahead: the item is `sending` before anything is journaled or sent.
    this.lib.run(`UPDATE queue_items SET state = 'sending', sent_at = ? WHERE id = ?`, this.now(), r.id)
    this.d.emit(r.profile_id)
    let running: boolean
    try {
      running = await createItem(this.d, item, r.job_id, r.profile_id)
    } catch (e) {
      // Refused before the job was journaled: nothing left. Held with the reason, never dropped.
      if (this.stateOf(r) === undefined) {
        // Its profile went (or lost its key) while it was being sent: said as such.
        const lost = await this.d.profileHold?.(r.profile_id)
        if (lost) return this.hold(r, 'profile', { reason: holdText(lost), hold: lost })
        const message = (e instanceof Error ? e.message : String(e)).slice(0, 2000)
        return this.hold(r, 'refused', { reason: message, hold: { kind: 'refused', message } })
      }
      this.lib.run(`UPDATE queue_items SET state = 'running' WHERE id = ?`, r.id)
      this.d.emit(r.profile_id)
      return
    }
    // An end event that came while the item was still `sending` found nothing to free: ask the journal.
    if (running && this.stateOf(r) !== 'ended')
      this.lib.run(`UPDATE queue_items SET state = 'running' WHERE id = ? AND state = 'sending'`, r.id)
    else this.lib.run('DELETE FROM queue_items WHERE id = ?', r.id)
    this.d.emit(r.profile_id)
  }

  private hold(r: Row, by: 'limit' | 'refused' | 'profile', why: { reason: string; hold?: QueueHold }): void {
    this.lib.run(
      `UPDATE queue_items SET state = 'held', reason = ?, hold = ?, held_by = ? WHERE id = ?`,
      why.reason,
      why.hold ? JSON.stringify(why.hold) : null,
      by,
      r.id
    )
    this.d.emit(r.profile_id)
  }

  async dispose(): Promise<void> {
    this.disposed = true
    await this.pumping
    this.lib.release()
  }
}
