import { isStudioError } from '@shared/error-core'

/**
 * Which of the balance routes' known failures an error is (docs/GATEWAY.md §3, §4), so the
 * page can say precisely what happened instead of a generic "refused".
 */
export type BalanceErrorKind =
  | 'no-auth-header'
  | 'invalid-bearer'
  | 'invalid-token'
  | 'unauthorized'
  | 'lookup-failed'
  | 'quota-query-failed'
  | 'rate-limited'
  | 'rate-limited-wait'
  | 'budget'
  | 'no-billing-routes'
  | 'key-missing'
  | 'other'

export interface BalanceErrorInfo {
  kind: BalanceErrorKind
  /** The gateway's own words, when it gave any. */
  gatewayMessage?: string
  minutes?: number
}

export function balanceErrorInfo(error: unknown): BalanceErrorInfo {
  if (!isStudioError(error)) return { kind: 'other' }
  const d = error.details ?? {}
  const gatewayMessage = typeof d.gatewayMessage === 'string' && d.gatewayMessage ? d.gatewayMessage : undefined
  const minutes = typeof d.retryAfterMs === 'number' ? Math.max(1, Math.ceil(d.retryAfterMs / 60_000)) : undefined
  const base = { ...(gatewayMessage ? { gatewayMessage } : {}) }
  switch (error.code) {
    case 'UNAUTHORIZED': {
      const m = (gatewayMessage ?? '').toLowerCase()
      if (m.includes('no authorization header') || m.includes('token not provided') || m.includes('未提供令牌'))
        return { kind: 'no-auth-header', ...base }
      if (m.includes('invalid bearer token')) return { kind: 'invalid-bearer', ...base }
      if (m.includes('invalid token') || m.includes('无效的令牌')) return { kind: 'invalid-token', ...base }
      return { kind: 'unauthorized', ...base }
    }
    case 'RATE_LIMITED':
      if (d.reason === 'budget') return { kind: 'budget', minutes: minutes ?? 1 }
      // The studio resting after the gateway's 429, or the 429 itself (often an empty body: only the status).
      if (d.reason === 'cooldown') return { kind: 'rate-limited-wait', minutes: minutes ?? 1 }
      return { kind: 'rate-limited', ...base }
    case 'GATEWAY_ERROR':
      if (d.reason === 'quota-query-failed') return { kind: 'quota-query-failed', ...base }
      if (d.reason === 'lookup-failed') return { kind: 'lookup-failed', ...base }
      return { kind: 'other', ...base }
    case 'NOT_A_GATEWAY':
      return d.reason === 'no-billing-routes' ? { kind: 'no-billing-routes' } : { kind: 'other', ...base }
    case 'KEY_MISSING':
      return { kind: 'key-missing' }
    default:
      return { kind: 'other', ...base }
  }
}
