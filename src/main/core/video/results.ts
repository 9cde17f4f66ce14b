import { mkdir, readdir, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { StudioError } from '@shared/errors'
import type { MediaLibrary } from '../files/media'
import type { DownloadLimits } from '../gateway/download'
import { readJson, sendGateway, type FetchLike, type GatewayConnection } from '../gateway/http'
import { fromRawError } from '../ipc/host-errors'
import type { PollScheduler } from '../tasks/scheduler'
import { contentPath, queryRequest } from './builders'
import { fetchVideo } from './download'
import { readTask } from './status'
import type { TaskBook } from './task-book'
import type { TaskRecord } from './task-journal'

/**
 * Results of finished tasks: downloaded as soon as the task completes, trying the answer's
 * addresses in the spec's order and then GET /v1/videos/{id}/content; verified and renamed by
 * fetchVideo. When every source fails, tried again later with back-off (each retry first asks the
 * gateway again for fresh addresses); after the last retry the card offers "retry download".
 */

export const DOWNLOAD_RETRY_MS = [30_000, 2 * 60_000, 5 * 60_000, 15 * 60_000, 30 * 60_000, 60 * 60_000]

export interface ResultDeps {
  book: TaskBook
  scheduler: PollScheduler
  fetch: FetchLike
  media: MediaLibrary
  dir: string
  connection(profileId: string): Promise<GatewayConnection>
  limits?: Partial<DownloadLimits>
  log: (line: string) => void
  signal: AbortSignal
  /** Concurrent downloads. */
  parallel?: number
  /** Waits between download rounds (default DOWNLOAD_RETRY_MS). */
  retryMs?: readonly number[]
}

export class ResultKeeper {
  private readonly mediaIds = new Map<string, string>()
  private running = 0
  private readonly waiting: Array<() => void> = []
  private readonly active = new Set<string>()
  private readonly work = new Set<Promise<void>>()

  constructor(private readonly d: ResultDeps) {}

  static async prepare(dir: string): Promise<void> {
    await mkdir(dir, { recursive: true, mode: 0o700 })
    // Leftovers of a download cut off by a crash are never results.
    for (const name of await readdir(dir)) if (name.endsWith('.part')) await rm(join(dir, name), { force: true })
  }

  /** Registers a kept file again (media ids live in memory) and fixes the task's media URL. */
  adopt(rec: TaskRecord): void {
    if (!rec.file || !rec.task.result) return
    const id = this.d.media.register(join(this.d.dir, rec.file), 'video/mp4')
    this.mediaIds.set(rec.task.id, id)
    rec.task.result.mediaUrl = this.d.media.urlFor(id)
  }

  pathOf(rec: TaskRecord): string | null {
    return rec.file ? join(this.d.dir, rec.file) : null
  }

  async removeFile(rec: TaskRecord): Promise<void> {
    const m = this.mediaIds.get(rec.task.id)
    if (m) this.d.media.unregister(m)
    this.mediaIds.delete(rec.task.id)
    if (rec.file) await rm(join(this.d.dir, rec.file), { force: true })
  }

  /** Schedules a retry at the record's nextAttemptAt (after a restart, or a failed attempt). */
  scheduleRetry(rec: TaskRecord, at: number): void {
    this.d.scheduler.add(`dl:${rec.task.id}`, at, rec.task.profileId, () => this.refreshThenFetch(rec.task.id))
  }

  cancel(id: string): void {
    this.d.scheduler.cancel(`dl:${id}`)
  }

  /** A retry: fresh addresses from the task query (rate-capped), then the download. */
  async refreshThenFetch(id: string): Promise<void> {
    const rec = this.d.book.journal.get(id)
    if (!rec || rec.phase !== 'downloading' || !rec.task.taskId || this.d.signal.aborted) return
    let conn: GatewayConnection
    try {
      conn = await this.d.connection(rec.task.profileId)
      const q = queryRequest(rec.task.queryRoute, rec.task.taskId)
      const res = await sendGateway(this.d.fetch, conn, {
        method: 'GET',
        path: q.path,
        query: q.query,
        timeoutMs: 20_000,
        signal: this.d.signal
      })
      const r = readTask(await readJson(res))
      if (r.sources.length) rec.sources = r.sources
    } catch (e) {
      if (this.d.signal.aborted) return
      this.d.log(`video: refreshing result addresses of ${id} failed: ${e instanceof Error ? e.message : String(e)}`)
      try {
        conn = await this.d.connection(rec.task.profileId)
      } catch {
        return this.failed(rec, 'The profile has no usable key.')
      }
    }
    void this.fetchNow(rec, conn)
  }

  private async slot(): Promise<() => void> {
    const max = this.d.parallel ?? 2
    if (this.running >= max) await new Promise<void>((r) => this.waiting.push(r))
    this.running++
    return () => {
      this.running--
      this.waiting.shift()?.()
    }
  }

  /** Tries every source in order now; never throws. Tracked so shutdown waits for it. */
  fetchNow(rec: TaskRecord, conn: GatewayConnection): Promise<void> {
    const p = this.fetchSources(rec, conn)
    this.work.add(p)
    void p.finally(() => this.work.delete(p))
    return p
  }

  async idle(): Promise<void> {
    while (this.work.size) await Promise.allSettled([...this.work])
  }

  private async fetchSources(rec: TaskRecord, conn: GatewayConnection): Promise<void> {
    const id = rec.task.id
    if (this.active.has(id) || this.d.signal.aborted) return
    this.active.add(id)
    const release = await this.slot()
    try {
      rec.task.download = { ...rec.task.download, state: 'downloading', attempts: rec.task.download.attempts + 1 }
      delete rec.task.download.nextAttemptAt
      this.d.book.progress(rec, true)
      const sources: Array<{ field: string; url: string | null }> = [
        ...(rec.sources ?? []),
        { field: 'content', url: null }
      ]
      const errors: string[] = []
      for (const s of sources) {
        if (this.d.signal.aborted || this.d.book.journal.get(id) !== rec) return
        try {
          const run = () =>
            fetchVideo({
              fetch: this.d.fetch,
              url: s.url,
              contentPath: contentPath(rec.task.taskId!),
              conn,
              dir: this.d.dir,
              id,
              limits: this.d.limits,
              signal: this.d.signal
            })
          // The /content route is a gateway request: it waits for the rate cap like a poll.
          const saved = s.url === null ? await this.d.scheduler.request(rec.task.profileId, run) : await run()
          const mediaId = this.d.media.register(saved.path, saved.contentType)
          this.mediaIds.set(id, mediaId)
          rec.file = saved.name
          rec.phase = 'ended'
          rec.task.download = { state: 'done', attempts: rec.task.download.attempts }
          rec.task.result = {
            mediaUrl: this.d.media.urlFor(mediaId),
            bytes: saved.bytes,
            contentType: saved.contentType,
            fileName: saved.name,
            source: s.field,
            downloadedAt: this.d.book.now()
          }
          await this.d.book.commit(rec)
          this.d.book.announce(rec)
          return
        } catch (e) {
          if (e instanceof StudioError && e.code === 'CANCELLED') return
          errors.push(`${s.field}: ${fromRawError(e).message}`)
        }
      }
      await this.failed(rec, errors.join(' · '))
    } finally {
      this.active.delete(id)
      release()
    }
  }

  private async failed(rec: TaskRecord, why: string): Promise<void> {
    const attempts = rec.task.download.attempts
    const wait = (this.d.retryMs ?? DOWNLOAD_RETRY_MS)[attempts - 1]
    if (wait !== undefined) {
      const at = this.d.book.now() + wait
      rec.task.download = { state: 'waiting-retry', attempts, nextAttemptAt: at, lastError: why }
      await this.d.book.commit(rec)
      this.scheduleRetry(rec, at)
    } else {
      rec.task.download = { state: 'failed', attempts, lastError: why }
      await this.d.book.commit(rec)
    }
    this.d.book.announce(rec)
  }
}
