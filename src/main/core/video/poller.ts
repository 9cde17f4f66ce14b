import { StudioError } from '@shared/errors'
import { readJson, sendGateway, type FetchLike, type GatewayConnection } from '../gateway/http'
import { pollIntervalMs } from '../tasks/cadence'
import { keyFingerprint } from '../tasks/key-fingerprint'
import { countMiss } from '../tasks/misses'
import type { PollScheduler } from '../tasks/scheduler'
import { queryRequest } from './builders'
import { readTask, type TaskReading } from './status'
import { isFinal, type TaskBook } from './task-book'
import type { TaskRecord } from './task-journal'

/**
 * Polls tasks through the one scheduler: the query route that matches the create route, the id
 * exactly as returned. Every answer moves the task through one normalised state machine; failures
 * of the query itself never end a task except the three spelled out: 401 pauses it (until the key
 * changes; a 403 too), task_not_exist too often in a row marks it lost (tasks/misses.ts), and a task
 * past MAX_AGE is lost. A 429 holds the gateway by the scheduler's one back-off rule.
 */

export const MAX_TASK_AGE_MS = 26 * 3600_000
const QUERY_HEADERS_MS = 20_000

export interface PollerDeps {
  book: TaskBook
  scheduler: PollScheduler
  fetch: FetchLike
  connection(profileId: string): Promise<GatewayConnection>
  /** The task finished: fetch its result. */
  onSucceeded(rec: TaskRecord, conn: GatewayConnection): void
  log: (line: string) => void
  signal: AbortSignal
  /** Time scale of the poll intervals (tests run them faster: 0.01 turns 5 s into 50 ms). */
  scale?: number
}

export class Poller {
  constructor(private readonly d: PollerDeps) {}

  /** Every Retry-After obeyed (tests and the P2 bench), kept by the scheduler for all gateways. */
  get retryAfters(): ReadonlyArray<{ gateway: string; at: number; until: number }> {
    return this.d.scheduler.retryAfters
  }

  /** Queues the next poll of a task, by its age (or at `at`). */
  schedule(rec: TaskRecord, at?: number, priority = 0): void {
    const now = this.d.scheduler.now()
    const scale = this.d.scale ?? 1
    const due =
      at ?? now + Math.round(pollIntervalMs((now - rec.task.createdAt) / scale, this.d.scheduler.random) * scale)
    rec.task.nextPollAt = due
    this.d.scheduler.add(rec.task.id, due, rec.task.profileId, () => this.pollOnce(rec.task.id), priority)
  }

  cancel(id: string): void {
    this.d.scheduler.cancel(id)
  }

  /** One poll; whatever happens, the task ends up scheduled again, final, paused or lost. */
  async pollOnce(id: string): Promise<void> {
    const rec = this.d.book.journal.get(id)
    if (!rec || !rec.task.taskId || rec.phase !== 'polling' || this.d.signal.aborted) return
    const book = this.d.book
    const now = book.now()
    if (now - rec.task.createdAt > MAX_TASK_AGE_MS) {
      rec.task.state = 'lost'
      rec.phase = 'ended'
      rec.task.error = {
        message: 'The task had no final state after 26 hours; the studio stopped following it.',
        studioCode: 'TIMEOUT'
      }
      await book.commit(rec)
      book.announce(rec)
      return
    }
    let conn: GatewayConnection
    try {
      conn = await this.d.connection(rec.task.profileId)
    } catch (e) {
      return this.pause(rec, '', e instanceof StudioError ? e.message : 'The profile has no usable key.')
    }
    const q = queryRequest(rec.task.queryRoute, rec.task.taskId)
    let body: unknown
    try {
      const res = await sendGateway(this.d.fetch, conn, {
        method: 'GET',
        path: q.path,
        query: q.query,
        timeoutMs: QUERY_HEADERS_MS,
        signal: this.d.signal
      })
      rec.task.lastPolledAt = book.now()
      rec.task.polls++
      body = await readJson(res)
    } catch (e) {
      return this.onQueryError(rec, conn, e)
    }
    this.d.scheduler.answered(rec.task.profileId)
    await this.apply(rec, readTask(body), conn)
  }

  private async onQueryError(rec: TaskRecord, conn: GatewayConnection, e: unknown): Promise<void> {
    const book = this.d.book
    if (this.d.signal.aborted) return
    if (!(e instanceof StudioError)) {
      this.d.log(`video: poll of ${rec.task.id} failed: ${String(e)}`)
      return this.schedule(rec)
    }
    if (e.code === 'CANCELLED') return
    // A 403 on a query (banned user, IP or group access, an exhausted key on some builds) does not go
    // away by asking again: like a 401 it waits for the key to change instead of polling for a day.
    if (e.code === 'UNAUTHORIZED' || e.status === 401 || e.status === 403)
      return this.pause(rec, keyFingerprint(conn.key), e.message)
    if (e.code === 'TASK_NOT_FOUND') {
      const miss = countMiss(rec.misses)
      rec.misses = miss.misses
      if (miss.lost) {
        rec.task.state = 'lost'
        rec.phase = 'ended'
        rec.task.error = {
          message: `The gateway no longer knows task ${rec.task.taskId} (task_not_exist, ${rec.misses} times in a row).`,
          code: 'task_not_exist',
          studioCode: 'TASK_NOT_FOUND'
        }
        await book.commit(rec)
        book.announce(rec)
        return
      }
      await book.commit(rec)
      return this.schedule(rec)
    }
    if (e.code === 'RATE_LIMITED') {
      const until = this.d.scheduler.backOff(rec.task.profileId, e.details?.retryAfterMs)
      book.progress(rec, false)
      return this.schedule(rec, Math.max(until, rec.task.nextPollAt ?? 0))
    }
    // Transient (network, timeout, 5xx, a page that is not JSON): the task goes on; ask again later.
    book.progress(rec, false)
    this.schedule(rec)
  }

  private async pause(rec: TaskRecord, fingerprint: string, message: string): Promise<void> {
    rec.task.state = 'paused'
    rec.pausedKey = fingerprint
    rec.task.error = {
      message: `Polling is paused: ${message} Update the profile's key to continue.`,
      studioCode: 'UNAUTHORIZED'
    }
    await this.d.book.commit(rec)
  }

  /** Applies one answer: the normalised state machine. */
  async apply(rec: TaskRecord, r: TaskReading, conn: GatewayConnection): Promise<void> {
    const t = rec.task
    const book = this.d.book
    const before = t.state
    const progressBefore = t.progress
    const rawBefore = t.rawStatus
    rec.misses = 0
    t.rawStatus = r.rawStatus
    if (r.progress !== null) t.progress = r.progress
    if (r.model && r.model !== t.model) t.returnedModel = r.model
    if (r.sources.length) rec.sources = r.sources
    if (t.error?.studioCode === 'UNAUTHORIZED') delete t.error
    if (r.state === 'succeeded') {
      t.state = 'succeeded'
      t.progress = 100
      t.completedAt = r.completedAt ?? book.now()
      rec.phase = 'downloading'
      t.download = { ...t.download, state: 'pending' }
      delete t.nextPollAt
      await book.commit(rec)
      this.d.onSucceeded(rec, conn)
      return
    }
    if (r.state === 'failed' || r.state === 'cancelled') {
      t.state = r.state
      t.completedAt = r.completedAt ?? book.now()
      t.error = {
        message: r.error?.message ?? (r.state === 'cancelled' ? 'The task was cancelled.' : 'The task failed.'),
        ...(r.error?.code ? { code: r.error.code } : {})
      }
      rec.phase = 'ended'
      delete t.nextPollAt
      await book.commit(rec)
      book.announce(rec)
      return
    }
    // queued, running or a word we do not know: keep polling.
    t.state = r.state
    this.schedule(rec)
    if (t.state !== before || rawBefore !== t.rawStatus) await book.commit(rec)
    else book.progress(rec, t.progress !== progressBefore)
  }

  /** The final states the scheduler must not poll. */
  static shouldPoll(rec: TaskRecord): boolean {
    return rec.phase === 'polling' && !!rec.task.taskId && !isFinal(rec.task) && rec.task.state !== 'paused'
  }
}
