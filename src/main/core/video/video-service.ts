import { join } from 'node:path'
import {
  FINAL_VIDEO_STATES,
  type Asset,
  type VideoCreateRequest,
  type VideoFilter,
  type VideoRemixRequest,
  type VideoSearchHit,
  type VideoTask
} from '@shared/domain/video'
import { StudioError } from '@shared/errors'
import type { RecordGeneration } from '../balance/generation-log'
import type { FileGrants } from '../files/grants'
import type { MediaLibrary } from '../files/media'
import type { DownloadLimits } from '../gateway/download'
import type { FetchLike, GatewayConnection } from '../gateway/http'
import type { EventHub } from '../ipc/event-hub'
import { keyFingerprint } from '../tasks/key-fingerprint'
import type { PollScheduler } from '../tasks/scheduler'
import { Poller } from './poller'
import type { GalleryLookup } from './references'
import { ResultKeeper } from './results'
import { Submitter } from './submit'
import { TaskBook, type Notify } from './task-book'
import { TaskJournal, type TaskRecord } from './task-journal'

export interface VideoServiceDeps {
  dataDir: string
  profiles: {
    activeId(): Promise<string>
    connection(id: string): Promise<GatewayConnection>
    get?(id: string): { name: string }
  }
  fetch: FetchLike
  files?: Pick<FileGrants, 'get' | 'readBytes' | 'openAsBlob'>
  gallery?: GalleryLookup
  media: MediaLibrary
  emit: EventHub['emit']
  log?: (line: string) => void
  notice?: (message: string) => void
  /** OS notification (Electron); without it the page shows `video:notice`. */
  notify?: Notify
  /** Opens a file with the system player (Electron); without it open-file answers a download URL. */
  openFile?: (path: string) => Promise<boolean>
  /** Known assets (for asset:// references). */
  asset?: (id: string) => Asset | undefined
  /** The host's one task scheduler (studio-core builds it; shared with assets and native image tasks). */
  scheduler: PollScheduler
  downloadLimits?: Partial<DownloadLimits>
  /** The balance generation log, told when a create is accepted. */
  recordGeneration?: RecordGeneration
  /** Tests: poll intervals scaled (0.01 = 100x faster) and download retry waits. */
  timing?: { pollScale?: number; downloadRetryMs?: readonly number[] }
}

/**
 * The video host: every family and both routes, remix, durable tasks (TaskJournal), polls on the
 * host's one scheduler, verified downloads. Start calls validate first (nothing is sent for bad input),
 * journal the task, answer with it at once and report through `video:task-updated`.
 */
export class VideoService {
  readonly scheduler: PollScheduler
  readonly book: TaskBook
  readonly poller: Poller
  readonly results: ResultKeeper
  private readonly submitter: Submitter
  private readonly stop = new AbortController()
  private readonly log: (line: string) => void

  private constructor(
    private readonly d: VideoServiceDeps,
    journal: TaskJournal,
    dir: string
  ) {
    this.log = d.log ?? (() => {})
    this.scheduler = d.scheduler
    this.book = new TaskBook({ journal, emit: d.emit, clock: this.scheduler.clock, notify: d.notify, log: this.log })
    const connection = (id: string) => d.profiles.connection(id)
    this.results = new ResultKeeper({
      book: this.book,
      scheduler: this.scheduler,
      fetch: d.fetch,
      media: d.media,
      dir,
      connection,
      limits: d.downloadLimits,
      retryMs: d.timing?.downloadRetryMs,
      log: this.log,
      signal: this.stop.signal
    })
    this.poller = new Poller({
      book: this.book,
      scheduler: this.scheduler,
      fetch: d.fetch,
      connection,
      onSucceeded: (rec, conn) => void this.results.fetchNow(rec, conn),
      scale: d.timing?.pollScale,
      log: this.log,
      signal: this.stop.signal
    })
    // Ended tasks are read on demand (a page of the board, one task): each is known to the announcer
    // and its kept file served from the moment it is read.
    journal.onRead = (rec) => {
      this.book.known(rec)
      this.results.adopt(rec)
    }
    this.submitter = new Submitter({
      book: this.book,
      scheduler: this.scheduler,
      poller: this.poller,
      fetch: d.fetch,
      profiles: d.profiles,
      refs: { files: d.files, gallery: d.gallery, asset: d.asset },
      log: this.log,
      signal: this.stop.signal,
      recordGeneration: d.recordGeneration
    })
  }

  static async open(d: VideoServiceDeps): Promise<VideoService> {
    const journal = await TaskJournal.open(d.dataDir, d.notice ?? (() => {}))
    const dir = join(d.dataDir, 'library', 'videos')
    await ResultKeeper.prepare(dir)
    const service = new VideoService(d, journal, dir)
    await service.resumeFromJournal()
    return service
  }

  /** The journal's word on a task, for the local queue: running (not final), ended, or unknown. */
  taskState(id: string): 'running' | 'ended' | undefined {
    const rec = this.book.journal.get(id)
    if (!rec) return undefined
    return FINAL_VIDEO_STATES.includes(rec.task.state) ? 'ended' : 'running'
  }

  /** The profile a remix runs on (its source task's), or undefined when the source is gone. */
  remixProfile(req: VideoRemixRequest): string | undefined {
    return this.book.journal.get(req.sourceId)?.task.profileId
  }

  create(req: VideoCreateRequest, id?: string): Promise<VideoTask> {
    return this.submitter.create(req, id)
  }

  /** `id`: chosen by the caller (the local queue picks it when an item is queued). */
  remix(req: VideoRemixRequest, id?: string): Promise<VideoTask> {
    return this.submitter.remix(req, id)
  }

  private record(id: string): TaskRecord {
    const rec = this.book.journal.get(id)
    if (!rec) throw new StudioError('NOT_FOUND', 'That video task is no longer on the board', { field: 'id' })
    return rec
  }

  get(id: string): VideoTask {
    return this.record(id).task
  }

  list(input?: { filter?: VideoFilter; before?: number; limit?: number }): { tasks: VideoTask[]; total: number } {
    const page = this.book.journal.page(input?.filter ?? {}, input?.before, input?.limit ?? 500)
    return { tasks: page.records.map((r) => r.task), total: page.total }
  }

  /** The board's search box: ranked hits with their excerpts (at most `limit`, 200 unless asked). */
  search(query: string, limit = 200): { hits: VideoSearchHit[]; more: boolean } {
    return this.book.journal.search(query, limit)
  }

  async remove(id: string, keepFile = false): Promise<void> {
    const rec = this.record(id)
    // The create POST is out and cannot be called back: removing the card now would not stop the
    // gateway from starting (and charging) the video, and its answer would put the task back on the
    // board. It is refused until the answer is in (a restart turns a pending one into outcome-unknown).
    if (rec.phase === 'sending') {
      throw new StudioError(
        'CONFLICT',
        'This video is still being submitted. Remove it once the gateway has answered (usually within seconds): removing it now would not stop the gateway from making, and charging for, it.',
        {
          field: 'id'
        }
      )
    }
    this.poller.cancel(id)
    this.results.cancel(id)
    await this.book.journal.remove(id)
    if (!keepFile) await this.results.removeFile(rec)
    this.d.emit('video:tasks-removed', { ids: [id] })
  }

  async retryDownload(id: string): Promise<VideoTask> {
    const rec = this.record(id)
    if (rec.task.state !== 'succeeded')
      throw new StudioError('CONFLICT', 'Only a finished task has a result to download.', { field: 'id' })
    if (rec.task.download.state === 'done') return rec.task
    rec.phase = 'downloading'
    this.results.cancel(id)
    void this.results.refreshThenFetch(id)
    return rec.task
  }

  /** Polls now; a lost, paused or unknown task gets one more chance. */
  async checkNow(id: string): Promise<VideoTask> {
    const rec = this.record(id)
    const t = rec.task
    if (!t.taskId)
      throw new StudioError(
        'CONFLICT',
        'This task has no gateway id to ask about (its submission outcome is unknown).',
        { field: 'id' }
      )
    if (t.state === 'succeeded' || t.state === 'failed' || t.state === 'cancelled') return t
    if (t.state === 'lost' || t.state === 'paused') {
      rec.phase = 'polling'
      rec.misses = t.state === 'lost' ? 2 : 0
      t.state = 'unknown'
      await this.book.commit(rec)
    }
    this.poller.schedule(rec, this.scheduler.now(), 1)
    return t
  }

  async openFile(id: string): Promise<{ opened: boolean; downloadUrl?: string; fileName: string }> {
    const rec = this.record(id)
    const path = this.results.pathOf(rec)
    if (!path || !rec.task.result)
      throw new StudioError('NOT_FOUND', 'This task has no downloaded video yet.', { field: 'id' })
    const fileName = rec.task.result.fileName
    if (this.d.openFile) return { opened: await this.d.openFile(path), fileName }
    return {
      opened: false,
      downloadUrl: `${rec.task.result.mediaUrl}?download=${encodeURIComponent(fileName)}`,
      fileName
    }
  }

  /** The same request again as a NEW task: only ever on the user's explicit action. */
  async submitAgain(id: string): Promise<VideoTask> {
    const rec = this.record(id)
    if (rec.request) return this.submitter.create(rec.request)
    if (rec.remix) return this.submitter.remix(rec.remix)
    throw new StudioError(
      'CONFLICT',
      'The original request of this task was not kept, so it cannot be submitted again.',
      { field: 'id' }
    )
  }

  /** The profile's key changed: tasks paused by a 401 with another key poll again. */
  async onProfilesChanged(): Promise<void> {
    for (const rec of this.book.journal.live()) {
      if (rec.task.state !== 'paused') continue
      let fp = ''
      try {
        fp = keyFingerprint((await this.d.profiles.connection(rec.task.profileId)).key)
      } catch {
        continue
      }
      if (fp === rec.pausedKey) continue
      delete rec.pausedKey
      rec.task.state = 'unknown'
      delete rec.task.error
      await this.book.commit(rec)
      this.poller.schedule(rec, this.scheduler.now())
    }
  }

  /** After sleep: every task is checked soon (spread), downloads waiting are retried. */
  resume(): void {
    this.scheduler.resume()
  }

  /**
   * At start: a task whose create was being sent is outcome-unknown (never re-sent); tasks with a
   * gateway id poll again; finished tasks without their file download again; kept files are served.
   */
  private async resumeFromJournal(): Promise<void> {
    const now = this.scheduler.now()
    let i = 0
    for (const rec of this.book.journal.live()) {
      const t = rec.task
      if (rec.phase === 'sending') {
        t.state = 'outcome-unknown'
        rec.phase = 'ended'
        t.error = {
          message:
            'The studio closed while this request was being sent; it may have been accepted and charged. Check your usage before submitting it again as new.',
          studioCode: 'OUTCOME_UNKNOWN'
        }
        await this.book.commit(rec)
        continue
      }
      if (rec.phase === 'polling' && t.taskId && t.state !== 'paused')
        this.poller.schedule(rec, now + 200 + (i++ % 50) * 100)
      else if (t.state === 'paused') void this.onProfilesChanged()
      else if (rec.phase === 'downloading')
        this.results.scheduleRetry(rec, Math.max(now + 500, t.download.nextAttemptAt ?? 0))
      if (rec.file && t.result) this.results.adopt(rec)
    }
  }

  /** Stops this service's work; the shared scheduler is disposed by its owner. Queued polls find the stop signal and end. */
  async dispose(): Promise<void> {
    this.stop.abort(new Error('shutting down'))
    for (const rec of this.book.journal.loaded()) {
      this.poller.cancel(rec.task.id)
      this.results.cancel(rec.task.id)
    }
    await this.scheduler.idle()
    await this.submitter.idle()
    await this.results.idle()
    await this.book.dispose()
    await this.book.journal.flush()
    this.book.journal.close()
  }
}
