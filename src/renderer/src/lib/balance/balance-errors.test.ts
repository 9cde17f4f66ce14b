import { describe, expect, it } from 'vitest'
import { StudioError } from '@shared/errors'
import { balanceErrorInfo } from './balance-errors'

const unauthorized = (gatewayMessage: string) =>
  new StudioError('UNAUTHORIZED', 'refused', { status: 401, details: { gatewayMessage } })

describe('balance route errors', () => {
  it('tells the usage route’s 401 bodies apart', () => {
    expect(balanceErrorInfo(unauthorized('No Authorization header')).kind).toBe('no-auth-header')
    expect(balanceErrorInfo(unauthorized('Token not provided')).kind).toBe('no-auth-header')
    expect(balanceErrorInfo(unauthorized('Invalid Bearer token')).kind).toBe('invalid-bearer')
    expect(balanceErrorInfo(unauthorized('Invalid token')).kind).toBe('invalid-token')
    expect(balanceErrorInfo(new StudioError('UNAUTHORIZED', 'refused', { status: 401 })).kind).toBe('unauthorized')
  })

  it('names 429s, the local budget and the lookup failures', () => {
    expect(
      balanceErrorInfo(
        new StudioError('RATE_LIMITED', 'x', { status: 429, details: { reason: 'gateway-429', retryAfterMs: 60_000 } })
      )
    ).toEqual({ kind: 'rate-limited' })
    expect(
      balanceErrorInfo(new StudioError('RATE_LIMITED', 'x', { details: { reason: 'cooldown', retryAfterMs: 90_000 } }))
    ).toEqual({ kind: 'rate-limited-wait', minutes: 2 })
    expect(
      balanceErrorInfo(new StudioError('RATE_LIMITED', 'x', { details: { reason: 'budget', retryAfterMs: 600_000 } }))
    ).toEqual({ kind: 'budget', minutes: 10 })
    expect(
      balanceErrorInfo(
        new StudioError('GATEWAY_ERROR', 'x', {
          details: { reason: 'quota-query-failed', gatewayMessage: 'query quota failed' }
        })
      )
    ).toEqual({ kind: 'quota-query-failed', gatewayMessage: 'query quota failed' })
    expect(
      balanceErrorInfo(
        new StudioError('GATEWAY_ERROR', 'x', {
          details: { reason: 'lookup-failed', gatewayMessage: 'record not found' }
        })
      ).kind
    ).toBe('lookup-failed')
    expect(balanceErrorInfo(new StudioError('KEY_MISSING', 'x')).kind).toBe('key-missing')
    expect(balanceErrorInfo(new Error('boom')).kind).toBe('other')
  })
})
