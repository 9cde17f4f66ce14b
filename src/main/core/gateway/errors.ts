import { StudioError } from '@shared/errors'
import { parseRetryAfter } from './retry-after'

/** The message of any of the gateway's error shapes (GATEWAY.md §3a), or null. */
export function gatewayMessageOf(body: unknown): { message: string; code?: string; type?: string } | null {
  if (body === null || typeof body !== 'object') return null
  const b = body as Record<string, unknown>
  const err = b.error
  if (err && typeof err === 'object') {
    const e = err as Record<string, unknown>
    if (typeof e.message === 'string') {
      return {
        message: e.message,
        ...(typeof e.code === 'string' && e.code !== '' ? { code: e.code } : {}),
        ...(typeof e.type === 'string' ? { type: e.type } : {})
      }
    }
  }
  if (typeof b.message === 'string' && (b.success === false || typeof b.code === 'string')) {
    return { message: b.message, ...(typeof b.code === 'string' ? { code: b.code } : {}) }
  }
  return null
}

/** Quota refusals in the gateway's languages, for error shapes that drop the code (GATEWAY.md §3b). */
const QUOTA_TEXT = /额度不足|预扣费额度失败|quota is not enough|insufficient (user )?quota/i

/** Drops the ` (request id: …)` suffix from display text but keeps the id for support. */
function splitRequestId(message: string): { text: string; requestId?: string } {
  const m = /\s*\(request id: ([^)]+)\)\s*$/.exec(message)
  return m ? { text: message.slice(0, m.index), requestId: m[1] } : { text: message }
}

function parseBody(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

/**
 * Maps a non-2xx gateway answer to a coded StudioError, following the table of GATEWAY.md §3b:
 * 401 bad key, 403 quota or access, 429 with or without a body, 503 no channel, 500 validation quirk,
 * 400 task_not_exist. The message says what happened and what to do.
 */
export function errorFromResponse(status: number, text: string, headers: Headers, now = Date.now()): StudioError {
  const body = parseBody(text)
  const g = gatewayMessageOf(body)
  const { text: gatewayText, requestId } = splitRequestId(g?.message ?? '')
  const details: Record<string, unknown> = {}
  if (requestId) details.requestId = requestId
  if (g?.code) details.gatewayCode = g.code
  if (gatewayText) details.gatewayMessage = gatewayText
  const said = gatewayText ? ` The gateway said: ${gatewayText}` : ''
  const code = g?.code ?? ''
  // Messages-format relay errors ({type:'error',error:{type,message}}) carry no code (GATEWAY.md §3a).
  const claudeShaped = body !== null && typeof body === 'object' && (body as Record<string, unknown>).type === 'error'

  if (status === 401) {
    return new StudioError(
      'UNAUTHORIZED',
      `The gateway refused the API key (401): it is wrong, disabled, expired or used up.${said}`,
      { status, details }
    )
  }
  if (status === 403) {
    if (
      code === 'insufficient_user_quota' ||
      code === 'pre_consume_token_quota_failed' ||
      (claudeShaped && QUOTA_TEXT.test(gatewayText))
    ) {
      return new StudioError('INSUFFICIENT_QUOTA', `Not enough quota for this request (403).${said}`, {
        status,
        details
      })
    }
    return new StudioError('FORBIDDEN', `The key is not allowed to do this (403).${said}`, { status, details })
  }
  if (status === 429) {
    const retryAfterMs = parseRetryAfter(headers.get('retry-after'), now)
    if (retryAfterMs !== null) details.retryAfterMs = retryAfterMs
    const wait =
      retryAfterMs !== null ? ` Try again in ${Math.ceil(retryAfterMs / 1000)} s.` : ' Wait a little and try again.'
    return new StudioError('RATE_LIMITED', `The gateway is rate limiting requests (429).${wait}${said}`, {
      status,
      retryable: true,
      details
    })
  }
  if (status === 503 && code === 'model_not_found') {
    return new StudioError('MODEL_UNAVAILABLE', `This model is not available for your key right now (503).${said}`, {
      status,
      details
    })
  }
  // Only the gateway's own validation answers 500 with `new_api_error`; upstream failures say upstream_error.
  if (status === 500 && (code === 'invalid_request' || (claudeShaped && g?.type === 'new_api_error'))) {
    return new StudioError('GATEWAY_VALIDATION', `The gateway rejected the request as invalid.${said}`, {
      status,
      details
    })
  }
  if (status === 400 && (code === 'task_not_exist' || gatewayText === 'task_not_exist')) {
    return new StudioError('TASK_NOT_FOUND', 'The gateway does not know this task (task_not_exist).', {
      status,
      details
    })
  }
  if (status === 404 && body === undefined) {
    return new StudioError('NOT_A_GATEWAY', `Nothing answers at this address (404): check the base URL.`, {
      status,
      details
    })
  }
  const retryable = status >= 500
  return new StudioError(
    'GATEWAY_ERROR',
    `The gateway answered with an error (${status}).${said || (text && body === undefined ? ' The answer was not JSON.' : '')}`,
    {
      status,
      retryable,
      details
    }
  )
}

const SUCCESS_WORDS = new Set(['success', 'ok', '0', '200', '10000'])

/** The task routes' error shape, `{"code":"…","message":"…","data":null}` (GATEWAY.md §3a), sent with 200. */
function isTaskError(b: Record<string, unknown>): boolean {
  return (
    typeof b.code === 'string' &&
    b.code !== '' &&
    !SUCCESS_WORDS.has(b.code.toLowerCase()) &&
    typeof b.message === 'string' &&
    (b.data === null || b.data === undefined) &&
    b.error === undefined
  )
}

/**
 * A 2xx answer that carries the gateway's error object instead of a result: new-api passes an
 * upstream's `{"error":{...}}` on with status 200 (GATEWAY.md §3b, last rows), and the messages
 * format's `{"type":"error","error":{...}}` can arrive the same way. Returns null for any other body
 * (a video object's `error: null`, a failed task's error next to its id, a result).
 */
export function errorFromBody(body: unknown): StudioError | null {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return null
  const b = body as Record<string, unknown>
  const err = b.error
  const taskError = isTaskError(b)
  if (!taskError && (!err || typeof err !== 'object' || Array.isArray(err))) return null
  const e = taskError ? b : (err as Record<string, unknown>)
  const rawMessage = typeof e.message === 'string' ? e.message : typeof e.Message === 'string' ? e.Message : ''
  const rawCode = typeof e.code === 'number' ? String(e.code) : typeof e.code === 'string' ? e.code : ''
  const type = typeof e.type === 'string' && e.type !== '<nil>' ? e.type : ''
  if (rawMessage === '' && rawCode === '') return null
  // A task object reporting its own failure (it has an id) is a task, read by the task readers.
  const data = b.data && typeof b.data === 'object' ? (b.data as Record<string, unknown>) : undefined
  if ([b.id, b.task_id, data?.task_id].some((v) => typeof v === 'string' && v.trim() !== '')) return null
  const { text, requestId } = splitRequestId(rawMessage)
  const details: Record<string, unknown> = { reason: 'error-body' }
  if (requestId) details.requestId = requestId
  if (rawCode) details.gatewayCode = rawCode
  if (type) details.gatewayType = type
  if (text) details.gatewayMessage = text
  const said = `${text || 'no message'}${rawCode ? ` (code ${rawCode})` : ''}`
  if (rawCode === 'insufficient_user_quota' || rawCode === 'pre_consume_token_quota_failed' || QUOTA_TEXT.test(text)) {
    return new StudioError('INSUFFICIENT_QUOTA', `Not enough quota for this request. The gateway said: ${said}`, {
      details
    })
  }
  if (rawCode === 'model_not_found') {
    return new StudioError(
      'MODEL_UNAVAILABLE',
      `This model is not available for your key right now. The gateway said: ${said}`,
      { details }
    )
  }
  return new StudioError(
    'GATEWAY_ERROR',
    `The gateway answered with an error instead of a result. The gateway said: ${said}`,
    { details }
  )
}
