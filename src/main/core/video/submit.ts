import { randomBytes } from 'node:crypto'
import { ruleOf } from '@shared/domain/gateway-names'
import { ruleError } from '@shared/domain/rule-english'
import {
  ROUTE_OF_FAMILY,
  type VideoCreateRequest,
  type VideoRemixRequest,
  type VideoRoute,
  type VideoTask
} from '@shared/domain/video'
import { videoRequestProblems } from '@shared/domain/video-rules'
import { StudioError } from '@shared/errors'
import type { RecordGeneration } from '../balance/generation-log'
import { readResultJson, sendGateway, type FetchLike, type GatewayConnection } from '../gateway/http'
import { fromRawError } from '../ipc/host-errors'
import type { PollScheduler } from '../tasks/scheduler'
import { buildCreate, buildRemix, checkCreateRefs, describeCreate, type BuiltCreate } from './builders'
import type { Poller } from './poller'
import type { RefSources } from './references'
import { readTask } from './status'
import type { TaskBook } from './task-book'
import type { TaskRecord } from './task-journal'

/**
 * Submitting: validate, build (reads reference bytes), journal with phase `sending` (awaited), POST
 * once, then journal the task id (awaited) before the first poll. A POST whose answer never arrived
 * after sending is outcome-unknown and is never re-sent by the studio.
 */

const CREATE_HEADERS_MS = 120_000
/** A 429 means "not executed": the create is sent again at most this many times (SECURITY.md §5.3). */
export const CREATE_429_RETRIES = 2
/** A Retry-After longer than this is shown to the user instead of waited on. */
export const CREATE_RETRY_AFTER_CAP_MS = 60_000

/** The wait before re-sending a create refused with 429: its Retry-After, else 2-5 s, doubled per retry. */
export function create429Wait(retryAfterMs: unknown, attempt: number, random: () => number): number {
  if (typeof retryAfterMs === 'number' && Number.isFinite(retryAfterMs)) return Math.max(0, retryAfterMs)
  return Math.round((2000 + 3000 * random()) * 2 ** attempt)
}

export interface SubmitDeps {
  book: TaskBook
  scheduler: PollScheduler
  poller: Poller
  fetch: FetchLike
  profiles: {
    activeId(): Promise<string>
    connection(id: string): Promise<GatewayConnection>
    get?(id: string): { name: string }
  }
  refs: RefSources
  log: (line: string) => void
  signal: AbortSignal
  /** The balance generation log: told once per create the gateway accepted (a task id came back). */
  recordGeneration?: RecordGeneration
}

export function newTaskId(): string {
  return `v${Date.now().toString(36)}${randomBytes(6).toString('hex')}`
}

export class Submitter {
  private readonly inFlight = new Set<Promise<void>>()

  constructor(private readonly d: SubmitDeps) {}

  private async connect(profileId?: string): Promise<{ profileId: string; conn: GatewayConnection; name?: string }> {
    const id = profileId ?? (await this.d.profiles.activeId())
    const conn = await this.d.profiles.connection(id)
    let name: string | undefined
    try {
      name = this.d.profiles.get?.(id).name
    } catch {
      name = undefined
    }
    return { profileId: id, conn, name }
  }

  private blank(o: {
    id?: string
    profileId: string
    name?: string
    family: VideoTask['family']
    kind: VideoTask['kind']
    route: VideoRoute
    createRoute: string
    model: string
    prompt: string
    params: Record<string, unknown>
  }): VideoTask {
    const now = this.d.book.now()
    return {
      id: o.id ?? newTaskId(),
      taskId: null,
      profileId: o.profileId,
      ...(o.name ? { profileName: o.name } : {}),
      family: o.family,
      kind: o.kind,
      createRoute: o.createRoute,
      queryRoute: o.route,
      model: o.model,
      state: 'submitting',
      rawStatus: null,
      progress: null,
      prompt: o.prompt,
      params: o.params,
      createdAt: now,
      updatedAt: now,
      polls: 0,
      download: { state: 'none', attempts: 0 }
    }
  }

  /** `id`: chosen by the caller (a compare run records its cells' ids before any create). */
  async create(req: VideoCreateRequest, id?: string): Promise<VideoTask> {
    checkCreateRefs(req, this.d.refs)
    const { profileId, conn, name } = await this.connect(req.profileId)
    // The model's rules come from the profile's names (its family's, with that model's overrides).
    const rule = ruleOf(conn.names, req.model)
    const problem = videoRequestProblems(req, rule)[0]
    if (problem) throw ruleError(problem, { prefixField: true })
    const built = await buildCreate(req, this.d.refs, rule)
    const route = ROUTE_OF_FAMILY[req.family]
    const task = this.blank({
      id,
      profileId,
      name,
      family: req.family,
      kind: 'create',
      route,
      createRoute: `POST ${built.path}`,
      model: req.model,
      prompt: req.prompt,
      params: describeCreate(req, this.d.refs, rule)
    })
    const rec: TaskRecord = { version: 1, task, phase: 'sending', request: { ...req, profileId } }
    await this.d.book.commit(rec)
    this.track(this.send(rec, conn, built))
    return task
  }

  async remix(req: VideoRemixRequest, id?: string): Promise<VideoTask> {
    const source = this.d.book.journal.get(req.sourceId)
    if (!source) throw new StudioError('NOT_FOUND', 'The source task is no longer on the board', { field: 'sourceId' })
    if (!source.task.taskId)
      throw new StudioError('INVALID_INPUT', 'The source task has no gateway id, so it cannot be remixed.', {
        field: 'sourceId'
      })
    if (source.task.state !== 'succeeded')
      throw new StudioError('INVALID_INPUT', 'Only a finished video can be remixed.', { field: 'sourceId' })
    const { profileId, conn, name } = await this.connect(source.task.profileId)
    const route = req.route ?? source.task.queryRoute
    const built = buildRemix(req, source.task.taskId, route)
    const task = this.blank({
      id,
      profileId,
      name,
      family: source.task.family,
      kind: 'remix',
      // Polled with the query of the original task's route (spec "Video remix").
      route: source.task.queryRoute,
      createRoute: `POST ${route === 'videos' ? '/v1/videos/{id}/remix' : '/v1/video/remix'}`,
      model: req.model,
      prompt: req.prompt,
      params: { ...req, route }
    })
    task.remixOf = { id: source.task.id, taskId: source.task.taskId }
    const rec: TaskRecord = { version: 1, task, phase: 'sending', remix: { ...req, route } }
    await this.d.book.commit(rec)
    this.track(this.send(rec, conn, { route, path: built.path, json: built.json }))
    return task
  }

  private track(p: Promise<void>): void {
    this.inFlight.add(p)
    void p.finally(() => this.inFlight.delete(p))
  }

  async idle(): Promise<void> {
    while (this.inFlight.size) await Promise.allSettled([...this.inFlight])
  }

  /** The one POST. Runs at the head of the scheduler's queue (it counts against the rate cap). */
  private async send(rec: TaskRecord, conn: GatewayConnection, built: BuiltCreate): Promise<void> {
    const book = this.d.book
    const t = rec.task
    let body: unknown
    for (let attempt = 0; ; attempt++) {
      try {
        body = await this.d.scheduler.request(t.profileId, async () => {
          const res = await sendGateway(this.d.fetch, conn, {
            method: 'POST',
            path: built.path,
            ...(built.json ? { json: built.json } : { body: built.form }),
            timeoutMs: CREATE_HEADERS_MS,
            signal: this.d.signal,
            paid: true
          })
          return readResultJson(res)
        })
        break
      } catch (e) {
        if (this.d.signal.aborted) return // stays `sending`: the next start shows it as outcome-unknown
        // 429: refused, not executed, and no task id came back. Sent again after the wait (the
        // gateway is held that long), at most twice; a wait above the cap is surfaced instead.
        if (e instanceof StudioError && e.code === 'RATE_LIMITED' && attempt < CREATE_429_RETRIES) {
          const wait = create429Wait(e.details?.retryAfterMs, attempt, this.d.scheduler.random)
          if (wait <= CREATE_RETRY_AFTER_CAP_MS) {
            this.d.log(`video: create of ${t.id} rate limited (429); sending again in ${wait} ms`)
            this.d.scheduler.hold(t.profileId, book.now() + wait)
            continue
          }
        }
        await this.refused(rec, e)
        return
      }
    }
    await this.accepted(rec, body)
  }

  private async refused(rec: TaskRecord, e: unknown): Promise<void> {
    const book = this.d.book
    const t = rec.task
    const err = fromRawError(e)
    const gatewayCode = typeof err.details?.gatewayCode === 'string' ? err.details.gatewayCode : undefined
    t.state = err.code === 'OUTCOME_UNKNOWN' ? 'outcome-unknown' : 'failed'
    t.error = { message: err.message, ...(gatewayCode ? { code: gatewayCode } : {}), studioCode: err.code }
    rec.phase = 'ended'
    const retryAfter = err.details?.retryAfterMs
    // The gateway is held no longer than the cap (its polls go on after that).
    if (err.code === 'RATE_LIMITED' && typeof retryAfter === 'number')
      this.d.scheduler.backOff(t.profileId, retryAfter, CREATE_RETRY_AFTER_CAP_MS)
    await book.commit(rec)
    book.announce(rec)
  }

  private async accepted(rec: TaskRecord, body: unknown): Promise<void> {
    const book = this.d.book
    const t = rec.task
    const r = readTask(body)
    if (!r.taskId) {
      t.state = 'outcome-unknown'
      t.error = {
        message: 'The gateway accepted the request but its answer carried no task id, so the task cannot be followed.',
        studioCode: 'OUTCOME_UNKNOWN'
      }
      rec.phase = 'ended'
      await book.commit(rec)
      book.announce(rec)
      return
    }
    t.taskId = r.taskId
    t.submittedAt = book.now()
    t.rawStatus = r.rawStatus
    // Some families answer a create that was refused upstream with the task already failed: there
    // is nothing to follow, and the reason is in the answer.
    if (r.state === 'failed' || r.state === 'cancelled') {
      t.state = r.state
      t.completedAt = r.completedAt ?? book.now()
      t.error = {
        message:
          r.error?.message ?? `The gateway reported the task ${r.rawStatus ?? r.state} as soon as it was created.`,
        ...(r.error?.code ? { code: r.error.code } : {})
      }
      rec.phase = 'ended'
      await book.commit(rec)
      book.announce(rec)
      return
    }
    // Accepted: a paid generation for the balance dashboard (never throws, never blocks).
    this.d.recordGeneration?.({
      profileId: t.profileId,
      kind: 'video',
      model: t.model,
      ref: t.id,
      params: rec.remix ? { ...rec.remix, via: 'remix' } : rec.request
    })
    if (r.progress !== null) t.progress = r.progress
    if (r.model && r.model !== t.model) t.returnedModel = r.model
    t.state = r.state === 'unknown' || r.state === 'succeeded' ? 'queued' : r.state
    rec.phase = 'polling'
    // The id is durable before the first poll.
    await book.commit(rec)
    this.d.poller.schedule(rec)
  }
}
