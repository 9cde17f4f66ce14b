import { StudioError, type ErrorCode } from '@shared/errors'

type Body = Record<string, unknown>

/**
 * Error `type` (messages format) or `code` (OpenAI-style) words, as the gateway and its upstreams
 * use them, mapped to the studio's codes. Anything else is a generic gateway error.
 */
const CODE_OF_WORD: Record<string, { code: ErrorCode; retryable: boolean }> = {
  overloaded_error: { code: 'GATEWAY_ERROR', retryable: true },
  api_error: { code: 'GATEWAY_ERROR', retryable: true },
  rate_limit_error: { code: 'RATE_LIMITED', retryable: true },
  authentication_error: { code: 'UNAUTHORIZED', retryable: false },
  permission_error: { code: 'FORBIDDEN', retryable: false },
  invalid_request_error: { code: 'GATEWAY_VALIDATION', retryable: false },
  invalid_request: { code: 'GATEWAY_VALIDATION', retryable: false },
  insufficient_user_quota: { code: 'INSUFFICIENT_QUOTA', retryable: false },
  pre_consume_token_quota_failed: { code: 'INSUFFICIENT_QUOTA', retryable: false },
  model_not_found: { code: 'MODEL_UNAVAILABLE', retryable: false }
}

function splitRequestId(message: string): { text: string; requestId?: string } {
  const m = /\s*\(request id: ([^)]+)\)\s*$/.exec(message)
  return m ? { text: message.slice(0, m.index), requestId: m[1] } : { text: message }
}

const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' && v !== '<nil>' ? v : undefined)

/**
 * The error a stream body carries, or null when it is an ordinary event. Recognises the messages
 * format's `{"type":"error","error":{type,message}}` (as an `event: error` or as the bare line the
 * gateway appends), and the OpenAI-style `{"error":{message,type,code}}` the other formats use.
 */
export function streamErrorOf(body: unknown, eventName?: string): StudioError | null {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return null
  const b = body as Body
  const err = b.error
  const claudeShaped = b.type === 'error' || eventName === 'error'
  // A chunk with choices/candidates that also names an error field is still content, not a failure.
  const openAiShaped = err !== null && typeof err === 'object' && b.choices === undefined && b.candidates === undefined
  if (!claudeShaped && !openAiShaped) return null
  const e = (err && typeof err === 'object' ? err : {}) as Body
  const word = str(e.code) ?? str(e.type) ?? ''
  const { text, requestId } = splitRequestId(
    typeof e.message === 'string' ? e.message : typeof b.message === 'string' ? b.message : ''
  )
  const mapped = CODE_OF_WORD[word] ?? { code: 'GATEWAY_ERROR' as const, retryable: true }
  const label = word ? ` (${word})` : ''
  const said = text ? `: ${text}` : ''
  const details: Record<string, unknown> = { midStream: true }
  if (word) details.gatewayCode = word
  if (text) details.gatewayMessage = text
  if (requestId) details.requestId = requestId
  return new StudioError(
    mapped.code,
    `The gateway reported an error while answering${label}${said}. The text received so far was kept.`,
    {
      retryable: mapped.retryable,
      details
    }
  )
}
