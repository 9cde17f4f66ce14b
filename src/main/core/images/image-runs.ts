import { StudioError } from '@shared/errors'
import {
  namesOf,
  readResultJson,
  sendGateway,
  type FetchLike,
  type GatewayConnection,
  type GatewayRequest
} from '../gateway/http'
import { fromRawError, rawText } from '../ipc/host-errors'
import type { PollScheduler } from '../tasks/scheduler'
import { removeCopies } from './edit-inputs'
import type { GalleryStore } from './gallery-store'
import type { JobBook } from './job-book'
import type { JobRecord, PendingResult } from './job-journal'
import { nativeSubmitRequest } from './native-poller'
import { pollNativeTask } from './native-poller'
import { saveResults } from './result-saver'
import type { ImageTiming } from './timing'

/** The gateway refused the key (any 401 or 403): the task is not lost, it waits for a working key. */
const KEY_REFUSED = new Set(['UNAUTHORIZED', 'FORBIDDEN'])

export interface RunDeps {
  book: JobBook
  gallery: GalleryStore
  /** For the long synchronous POSTs (undici's 300 s header limit raised). */
  longFetch: FetchLike
  /** Everything else: polls, the native submit, result downloads. */
  fetch: FetchLike
  /** The host's one task scheduler: native task polls wait their turn on it. */
  scheduler: PollScheduler
  timing: ImageTiming
  /**
   * Resolves with the profile's connection once its key is no longer `rejectedKey`, or null when it
   * never will be (the profile is gone, or nobody reports key changes).
   */
  /** Aborted when the host shuts down: running work stops and is resumed from the journal next time. */
  signal: AbortSignal
  log: (line: string) => void
}

/** Reads the image result (`data[]` of url / b64_json / revised_prompt) leniently. */
export function readImageResult(body: unknown): PendingResult[] {
  const data = (body as { data?: unknown } | null)?.data
  if (!Array.isArray(data))
    throw new StudioError('GATEWAY_ERROR', 'The gateway answered without a `data` list of images.')
  const out: PendingResult[] = []
  for (const d of data) {
    if (!d || typeof d !== 'object') continue
    const x = d as Record<string, unknown>
    const revisedPrompt = typeof x.revised_prompt === 'string' && x.revised_prompt !== '' ? x.revised_prompt : undefined
    if (typeof x.b64_json === 'string' && x.b64_json !== '') out.push({ b64: x.b64_json, revisedPrompt })
    else if (typeof x.url === 'string' && x.url !== '') out.push({ url: x.url, revisedPrompt })
  }
  if (!out.length)
    throw new StudioError('GATEWAY_ERROR', 'The gateway answered, but with no images (no url or b64_json).')
  return out
}

/**
 * The work of a job after it was recorded: send once, follow, save, end. Shared by new jobs and by
 * jobs resumed from the journal. A paid request is sent at most once here: any failure after it
 * may have reached the gateway ends the job `outcome-unknown`, never in an automatic re-send.
 */
export class ImageRuns {
  constructor(private readonly d: RunDeps) {}

  /** Sends a paid POST and reads its JSON; a body cut off after a 200 means the answer (and what was paid for) is lost. */
  async sendPaid(
    conn: GatewayConnection,
    req: Omit<GatewayRequest, 'paid' | 'signal'>,
    fetchImpl: FetchLike
  ): Promise<unknown> {
    const res = await sendGateway(fetchImpl, conn, { ...req, paid: true, signal: this.d.signal })
    try {
      return await readResultJson(res)
    } catch (e) {
      if (e instanceof StudioError) throw e
      if (this.d.signal.aborted) throw new StudioError('CANCELLED', 'The studio is shutting down.', { cause: e })
      throw new StudioError(
        'OUTCOME_UNKNOWN',
        'The connection dropped while the answer was arriving; the request was accepted and has probably been charged, but its images were not received.',
        { cause: e }
      )
    }
  }

  /** A synchronous generate or edit: one POST, then its images. */
  async runSync(rec: JobRecord, conn: GatewayConnection, req: Omit<GatewayRequest, 'paid' | 'signal'>): Promise<void> {
    try {
      const body = await this.sendPaid(conn, req, this.d.longFetch)
      const results = readImageResult(body)
      await this.d.book.step(rec, {
        phase: 'saving',
        pending: results,
        progressNote: `Saving ${results.length} image${results.length === 1 ? '' : 's'}`
      })
      await this.finish(rec, conn, results)
    } catch (e) {
      await this.fail(rec, e)
    }
  }

  /** Submits the native task; its id is journaled before the first poll. */
  async runNativeSubmit(rec: JobRecord, conn: GatewayConnection, body: Record<string, unknown>): Promise<void> {
    try {
      const answer = (await this.sendPaid(
        conn,
        nativeSubmitRequest(namesOf(conn).nativeImage, body, this.d.timing.nativeSubmitHeadersMs),
        this.d.fetch
      )) as { code?: unknown; message?: unknown; data?: { task_id?: unknown } } | null
      const rawId = answer?.data?.task_id
      const taskId =
        typeof rawId === 'number' && Number.isFinite(rawId)
          ? String(rawId)
          : typeof rawId === 'string'
            ? rawId.trim()
            : ''
      const code = answer?.code
      const said = typeof answer?.message === 'string' && answer.message !== '' ? `: ${answer.message}` : ''
      if (taskId === '') {
        throw new StudioError('GATEWAY_ERROR', `The native task was not accepted (code ${String(code)})${said}.`, {
          details: code === undefined ? {} : { gatewayCode: String(code) }
        })
      }
      // Builds differ in how they write `code` (10000, "10000", another value, none at all). A task id
      // means a task exists and may be charged: it is always followed, and its polls say how it ends.
      const usual = code === 10000 || code === '10000'
      const note = usual
        ? 'Submitted; waiting for the task'
        : `Submitted (the gateway answered code ${code === undefined ? 'none' : JSON.stringify(code)}${said}); following task ${taskId}`
      await this.d.book.step(rec, { phase: 'polling', taskId, progressNote: note })
    } catch (e) {
      return this.fail(rec, e)
    }
    await this.follow(rec, conn)
  }

  /**
   * Polls a submitted native task to its images (also after a restart). A refused key (401/403)
   * does not end the task: it is held, still journaled, and followed again once the key changes or
   * at the next start (SECURITY.md F18). Result links that expired before the download are
   * asked for again once: the task still has its images (F19).
   */
  async follow(rec: JobRecord, conn: GatewayConnection, requeried = false): Promise<void> {
    try {
      const outcome = await pollNativeTask({
        fetch: this.d.fetch,
        conn,
        scheduler: this.d.scheduler,
        gateway: rec.template.profileId,
        taskId: rec.job.taskId!,
        timing: this.d.timing.poll,
        signal: this.d.signal,
        onPoll: (note) => this.d.book.note(rec, note)
      })
      if (outcome.kind === 'failed') {
        const refusedKey =
          KEY_REFUSED.has(outcome.error.code) || outcome.error.status === 401 || outcome.error.status === 403
        if (refusedKey) return await this.hold(rec, outcome.error)
        return await this.d.book.end(rec, 'failed', { error: outcome.error })
      }
      await this.d.book.step(rec, { phase: 'saving', pending: outcome.results, progressNote: 'Downloading the images' })
      await this.finish(rec, conn, outcome.results, requeried ? undefined : () => this.follow(rec, conn, true))
    } catch (e) {
      await this.fail(rec, e)
    }
  }

  /** Jobs waiting for a working key; ImageService follows them again when profiles change. */
  readonly held = new Set<JobRecord>()

  private async hold(rec: JobRecord, error: StudioError): Promise<void> {
    this.held.add(rec)
    const note = `${error.message} The task ${rec.job.taskId} is kept and will be checked again once the key is updated (Settings), or at the next start.`
    await this.d.book.step(rec, { phase: 'polling', progressNote: note })
    // Shown as "paused: key rejected" until the profile changes (not journaled: the next start asks again).
    this.d.book.pause(rec, 'key-rejected', note)
  }

  /**
   * Saves results into the gallery and ends the job: done with warnings, or failed when nothing
   * could be kept. `requery` asks the task for fresh links when the ones given have expired. A full
   * disk keeps the job's links for the next start (download pending) instead of failing it.
   */
  async finish(
    rec: JobRecord,
    conn: GatewayConnection,
    results: PendingResult[],
    requery?: () => Promise<void>
  ): Promise<void> {
    const saved = await saveResults(
      {
        gallery: this.d.gallery,
        fetch: this.d.fetch,
        download: this.d.timing.download,
        retryBaseMs: this.d.timing.downloadRetryMs,
        log: this.d.log
      },
      conn,
      results,
      rec.template,
      this.d.signal
    )
    const reason = saved.error?.details?.reason
    if (saved.error && requery && (reason === 'expired' || reason === 'gone')) {
      this.d.book.note(rec, 'The result links had expired; asking the task for fresh ones')
      return requery()
    }
    if (saved.error?.code === 'STORAGE' && rec.pending?.length) {
      await this.d.book.step(rec, {
        phase: 'saving',
        progressNote: `${saved.error.message} The results are kept and will be downloaded at the next start.`
      })
      return
    }
    if (saved.error) {
      // Cleanup first, so whoever sees the terminal state also sees the final library.
      await this.dropUnusedCopies(rec)
      await this.d.book.end(rec, 'failed', { error: saved.error, warnings: saved.warnings })
      return
    }
    await this.d.book.end(rec, 'done', { itemIds: saved.items.map((i) => i.id), warnings: saved.warnings })
  }

  /** Ends a job from an error. Shutdown is not an end: the journal keeps it running for the next start. */
  async fail(rec: JobRecord, e: unknown): Promise<void> {
    if (this.d.signal.aborted) return
    // A raw error (file system, image library) becomes a coded one without paths: the job's error reaches the page.
    const err = fromRawError(e)
    if (!(e instanceof StudioError) || err.code === 'INTERNAL')
      this.d.log(`image job ${rec.job.jobId} failed: ${rawText(e)}`)
    await this.dropUnusedCopies(rec)
    await this.d.book
      .end(rec, err.code === 'OUTCOME_UNKNOWN' ? 'outcome-unknown' : 'failed', { error: err })
      .catch(() => {})
  }

  /** The edit's library copies of source and mask, once no gallery item refers to them. */
  async dropUnusedCopies(rec: JobRecord): Promise<void> {
    if (rec.itemIds.length || (!rec.template.sourceFile && !rec.template.maskFile)) return
    await removeCopies({ sourceFile: rec.template.sourceFile, maskFile: rec.template.maskFile }, this.d.gallery).catch(
      () => {}
    )
  }
}
