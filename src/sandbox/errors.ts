import { json, ReplyError, type Reply } from './reply.js'

/**
 * How a route answers relay-stage errors (GATEWAY.md §3a). Middleware errors (auth, model routing,
 * rate limit) are the OpenAI-shaped `new_api_error` on every route, whatever its format.
 */
export type ErrorFormat = 'openai' | 'claude' | 'task' | 'content' | 'usage' | 'billing' | 'asset'

export interface ErrorTarget {
  format: ErrorFormat
  requestId: string
}

export function withRequestId(message: string, requestId: string): string {
  return `${message} (request id: ${requestId})`
}

/** Middleware stage: `{error:{message,type:'new_api_error',code}}`, no `param` key. */
export function middlewareError(t: ErrorTarget, status: number, message: string, code = ''): Reply {
  return json(status, { error: { message: withRequestId(message, t.requestId), type: 'new_api_error', code } })
}

/** Relay stage, in the shape of the route's format. */
export function relayError(
  t: ErrorTarget,
  status: number,
  code: string,
  message: string,
  type = 'new_api_error'
): Reply {
  switch (t.format) {
    case 'claude':
      return json(status, { type: 'error', error: { type, message: withRequestId(message, t.requestId) } })
    case 'task':
      return json(status, { code, message, data: null })
    case 'content':
      return json(status, { error: { message, type } })
    case 'asset':
      return json(status, { state: 0, data: null, error: { Code: code, Message: message } })
    default:
      return json(status, { error: { message: withRequestId(message, t.requestId), type, param: '', code } })
  }
}

/**
 * Body validation. The gateway answers 500 `invalid_request` on relay routes (a quirk of its error
 * constructor), but 400 on task routes, whose validators set the status themselves, and on the asset
 * routes, which answer in their own `{state, data, error}` envelope.
 */
export function invalid(t: ErrorTarget, message: string): ReplyError {
  const status = t.format === 'task' || t.format === 'asset' ? 400 : 500
  return new ReplyError(relayError(t, status, 'invalid_request', message))
}

export function invalidJson(t: ErrorTarget, detail: string): ReplyError {
  return invalid(t, `invalid character in request body: ${detail}`)
}

export function invalidUrl(t: ErrorTarget, method: string, path: string): Reply {
  return json(404, {
    error: { message: `Invalid URL (${method} ${path})`, type: 'invalid_request_error', param: '', code: '' }
  })
}

export function taskNotExist(): Reply {
  return json(400, { code: 'task_not_exist', message: 'task_not_exist', data: null })
}

export function upstreamError(t: ErrorTarget, status: number): Reply {
  const message = `upstream returned status ${status}`
  if (t.format === 'task')
    return json(status, { code: 'fail_to_fetch_task', message: `{"error":{"message":"${message}"}}`, data: null })
  return relayError(t, status, 'bad_response_status_code', message, 'upstream_error')
}
