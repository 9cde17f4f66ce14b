import type { NativeImageNames } from '@shared/domain/gateway-names'
import { StudioError } from '@shared/errors'
import { RESULT_ANSWER_MAX_BYTES } from '../gateway/bounded-body'
import {
  namesOf,
  readJson,
  sendGateway,
  type FetchLike,
  type GatewayConnection,
  type GatewayRequest
} from '../gateway/http'
import { stepDelay } from '../tasks/cadence'
import { countMiss } from '../tasks/misses'
import type { PollScheduler } from '../tasks/scheduler'
import { buildNativeResultBody } from './builders'
import type { PendingResult } from './job-journal'

/**
 * Follows a native image task to its images (GATEWAY.md §5b): `CVSync2AsyncGetResult` until the
 * status is `success` or `failed`. Every poll waits its turn on the host's one task scheduler (its
 * rate cap, jitter, 429 back-off and lost-after-misses rule). Polls are queries, so transient
 * failures are simply retried on the schedule; the create itself is never repeated.
 */

export interface PollTiming {
  /** Waits before each poll: the last value repeats. Jittered by ±jitter (tasks/cadence.ts). */
  delaysMs: number[]
  jitter: number
  /** Give up (task id kept in the message) after this long. */
  maxTotalMs: number
  /** A Retry-After above this is clamped (the task keeps its place; we just ask later). */
  retryAfterCapMs: number
  headersMs: number
}

export const DEFAULT_POLL_TIMING: PollTiming = {
  delaysMs: [2000, 3000, 5000, 8000, 10_000],
  jitter: 0.2,
  maxTotalMs: 30 * 60_000,
  retryAfterCapMs: 60_000,
  headersMs: 20_000
}

/** Statuses that end the task; anything else (generating, in_queue, an unknown word) keeps polling. */
const DONE = new Set(['success', 'succeeded', 'done', 'completed'])
const FAILED = new Set(['failed', 'failure', 'not_found', 'expired', 'cancelled'])

export function pollDelay(
  attempt: number,
  t: Pick<PollTiming, 'delaysMs' | 'jitter'>,
  random: () => number = Math.random
): number {
  return stepDelay(attempt, t.delaysMs, t.jitter, random)
}

export type PollOutcome = { kind: 'success'; results: PendingResult[] } | { kind: 'failed'; error: StudioError }

export interface PollInput {
  fetch: FetchLike
  conn: GatewayConnection
  scheduler: PollScheduler
  /** Whose rate limits the polls count against: the profile id. */
  gateway: string
  taskId: string
  timing?: Partial<PollTiming>
  signal?: AbortSignal
  onPoll?: (note: string) => void
}

function taskFailed(taskId: string, message: string, details: Record<string, unknown> = {}): PollOutcome {
  return { kind: 'failed', error: new StudioError('GATEWAY_ERROR', message, { details: { taskId, ...details } }) }
}

/** Reads one result answer leniently: unknown shapes keep polling, never crash. */
export function readResult(body: unknown): {
  status: string
  results: PendingResult[]
  message?: string
  code?: number
} {
  const b = (body ?? {}) as Record<string, unknown>
  const data = (b.data ?? {}) as Record<string, unknown>
  const status = typeof data.status === 'string' ? data.status.toLowerCase() : 'unknown'
  const urls = Array.isArray(data.image_urls)
    ? data.image_urls.filter((u): u is string => typeof u === 'string' && u !== '')
    : []
  const b64 = Array.isArray(data.binary_data_base64)
    ? data.binary_data_base64.filter((x): x is string => typeof x === 'string' && x !== '')
    : []
  const results: PendingResult[] = urls.length ? urls.map((url) => ({ url })) : b64.map((x) => ({ b64: x }))
  // Some builds write the code as a string ("10000"); a code that is no number at all says nothing.
  const code =
    typeof b.code === 'number'
      ? b.code
      : typeof b.code === 'string' && /^\d+$/.test(b.code.trim())
        ? Number(b.code)
        : undefined
  return { status, results, message: typeof b.message === 'string' ? b.message : undefined, code }
}

/** The native task's submit: its path, action and version are the profile's names. */
export function nativeSubmitRequest(
  native: NativeImageNames,
  json: Record<string, unknown>,
  timeoutMs: number
): Omit<GatewayRequest, 'paid' | 'signal'> {
  return {
    method: 'POST',
    path: native.path,
    query: { Action: native.submitAction, Version: native.version },
    json,
    timeoutMs
  }
}

export async function pollNativeTask(p: PollInput): Promise<PollOutcome> {
  const t = { ...DEFAULT_POLL_TIMING, ...p.timing }
  const s = p.scheduler
  const started = s.now()
  const key = `native:${p.taskId}`
  let misses = 0
  let due = started + pollDelay(0, t, s.random)
  for (let attempt = 1; ; attempt++) {
    const answer = await s.at(
      key,
      due,
      p.gateway,
      async () => (s.now() - started > t.maxTotalMs ? null : askOnce(p, t.headersMs)),
      p.signal
    )
    if (answer === null) {
      return taskFailed(
        p.taskId,
        `The native task ${p.taskId} had not finished after ${Math.round(t.maxTotalMs / 60_000)} minutes; the studio stopped following it.`,
        { reason: 'stale' }
      )
    }
    due = s.now() + pollDelay(attempt, t, s.random)
    if (answer instanceof StudioError) {
      const e = answer
      if (e.code === 'CANCELLED') throw e
      if (e.code === 'RATE_LIMITED') {
        due = Math.max(due, s.backOff(p.gateway, e.details?.retryAfterMs, t.retryAfterCapMs))
        p.onPoll?.('The gateway asked to slow down; polling again shortly.')
        continue
      }
      if (e.code === 'TASK_NOT_FOUND') {
        const miss = countMiss(misses)
        misses = miss.misses
        if (miss.lost)
          return taskFailed(
            p.taskId,
            `The gateway no longer knows the native task ${p.taskId} (task_not_exist, ${misses} times in a row).`,
            { reason: 'lost' }
          )
        continue
      }
      // Transient: the network, a timeout, a 5xx. The task goes on at the gateway; ask again later.
      if (e.retryable) {
        p.onPoll?.(`Checking the task failed (${e.message}); trying again.`)
        continue
      }
      return {
        kind: 'failed',
        error: new StudioError(e.code, e.message, { status: e.status, details: { ...e.details, taskId: p.taskId } })
      }
    }
    misses = 0
    s.answered(p.gateway)
    const r = readResult(answer.body)
    if (r.code !== undefined && r.code !== 10000) {
      return taskFailed(p.taskId, `The native task failed: ${r.message ?? `code ${r.code}`}.`, { gatewayCode: r.code })
    }
    if (DONE.has(r.status)) {
      if (!r.results.length)
        return taskFailed(p.taskId, 'The native task finished but returned no images.', { reason: 'empty' })
      return { kind: 'success', results: r.results }
    }
    if (FAILED.has(r.status))
      return taskFailed(
        p.taskId,
        `The native task ended ${r.status}${r.message && r.message !== 'Success' ? `: ${r.message}` : ''}.`,
        { reason: r.status }
      )
    p.onPoll?.(`Task ${r.status} (check ${attempt})`)
  }
}

/** One result query: its JSON, or the coded error it ended in (anything else is thrown). */
async function askOnce(p: PollInput, headersMs: number): Promise<{ body: unknown } | StudioError> {
  const native = namesOf(p.conn).nativeImage
  try {
    const res = await sendGateway(p.fetch, p.conn, {
      method: 'POST',
      path: native.path,
      query: { Action: native.resultAction, Version: native.version },
      json: buildNativeResultBody(p.taskId, native),
      timeoutMs: headersMs,
      signal: p.signal
    })
    // A finished task carries its images inline (base64): the results' cap, not the plain JSON one.
    return { body: await readJson(res, { maxBytes: RESULT_ANSWER_MAX_BYTES }) }
  } catch (e) {
    if (e instanceof StudioError) return e
    throw e
  }
}
