import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { parseBillingUsage, parseSubscription } from '../balance/billing-service'
import { errorFromBody, errorFromResponse } from './errors'
import { parseRetryAfter } from './retry-after'
import { parseTokenUsage } from './usage'

const h = (o: Record<string, string> = {}) => new Headers(o)

describe('errorFromResponse', () => {
  it.each([
    [
      401,
      { error: { message: 'Invalid token (request id: 2026112100000000012345)', type: 'new_api_error', code: '' } },
      'UNAUTHORIZED'
    ],
    [401, { success: false, message: 'Invalid Bearer token' }, 'UNAUTHORIZED'],
    [
      403,
      { error: { message: '用户额度不足, 剩余额度: $0.01', type: 'new_api_error', code: 'insufficient_user_quota' } },
      'INSUFFICIENT_QUOTA'
    ],
    [
      403,
      {
        error: { message: 'token quota is not enough', type: 'new_api_error', code: 'pre_consume_token_quota_failed' }
      },
      'INSUFFICIENT_QUOTA'
    ],
    [403, { error: { message: 'This token has no access to model x', type: 'new_api_error', code: '' } }, 'FORBIDDEN'],
    [
      503,
      {
        error: {
          message: 'No available channel for model x under group default (distributor)',
          type: 'new_api_error',
          code: 'model_not_found'
        }
      },
      'MODEL_UNAVAILABLE'
    ],
    [
      500,
      { error: { message: 'field messages is required', type: 'new_api_error', param: '', code: 'invalid_request' } },
      'GATEWAY_VALIDATION'
    ],
    [400, { code: 'task_not_exist', message: 'task_not_exist', data: null }, 'TASK_NOT_FOUND'],
    [502, { type: 'error', error: { type: '<nil>', message: 'upstream exploded' } }, 'GATEWAY_ERROR'],
    // Messages-format relay errors carry no code (GATEWAY.md §3a): quota and validation are still recognised.
    [
      403,
      {
        type: 'error',
        error: { type: 'new_api_error', message: '用户额度不足, 剩余额度: ＄0.000000 (request id: 1)' }
      },
      'INSUFFICIENT_QUOTA'
    ],
    [
      403,
      { type: 'error', error: { type: 'new_api_error', message: 'This token has no access to model x' } },
      'FORBIDDEN'
    ],
    [
      500,
      { type: 'error', error: { type: 'new_api_error', message: 'field messages is required' } },
      'GATEWAY_VALIDATION'
    ],
    [
      500,
      { type: 'error', error: { type: 'upstream_error', message: 'upstream returned status 500' } },
      'GATEWAY_ERROR'
    ]
  ])('maps %i %j to %s', (status, body, code) => {
    const e = errorFromResponse(status, JSON.stringify(body), h())
    expect(e.code).toBe(code)
    expect(e.status).toBe(status)
  })

  it('keeps the request id out of the message but in the details', () => {
    const e = errorFromResponse(
      401,
      JSON.stringify({ error: { message: 'Invalid token (request id: abc123)', type: 'new_api_error', code: '' } }),
      h()
    )
    expect(e.message).toContain('Invalid token')
    expect(e.message).not.toContain('abc123')
    expect(e.details?.requestId).toBe('abc123')
  })

  it('handles a 429 with an empty body, with and without Retry-After', () => {
    expect(errorFromResponse(429, '', h()).details?.retryAfterMs).toBeUndefined()
    const e = errorFromResponse(429, '', h({ 'retry-after': '7' }))
    expect(e.code).toBe('RATE_LIMITED')
    expect(e.retryable).toBe(true)
    expect(e.details?.retryAfterMs).toBe(7000)
  })
})

describe('parseRetryAfter', () => {
  it('reads seconds and HTTP dates', () => {
    expect(parseRetryAfter('2')).toBe(2000)
    expect(parseRetryAfter('Wed, 21 Oct 2015 07:28:07 GMT', Date.parse('Wed, 21 Oct 2015 07:28:00 GMT'))).toBe(7000)
    expect(parseRetryAfter('soon')).toBeNull()
    expect(parseRetryAfter('')).toBeNull()
  })
  it('never throws and never returns a negative or non-finite value', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        const v = parseRetryAfter(s)
        return v === null || (Number.isFinite(v) && v >= 0)
      }),
      { numRuns: 2000 }
    )
  })
})

describe('parseTokenUsage', () => {
  it('reads the usage record and model limits as GATEWAY.md §4a describes', () => {
    const u = parseTokenUsage(
      {
        code: true,
        message: 'ok',
        data: {
          name: 'k',
          total_granted: 10,
          total_used: 3,
          total_available: 7,
          unlimited_quota: false,
          model_limits: { 'm-1': true, 'm-2': 500, bad: 'x' },
          model_limits_enabled: true,
          expires_at: 0
        }
      },
      5
    )
    expect(u).toMatchObject({
      name: 'k',
      totalAvailable: 7,
      modelLimits: { 'm-1': true, 'm-2': 500 },
      modelLimitsEnabled: true,
      expiresAt: 0,
      fetchedAt: 5
    })
    expect(u.modelLimits).not.toHaveProperty('bad')
  })
  it('turns odd shapes into clear errors, never crashes', () => {
    expect(() => parseTokenUsage({ success: false, message: 'quota lookup failed' }, 0)).toThrow(/quota lookup failed/)
    expect(() => parseTokenUsage('<html>', 0)).toThrow(/not with a key usage record/)
    fc.assert(
      fc.property(fc.jsonValue(), (v) => {
        try {
          parseTokenUsage(v, 0)
        } catch (e) {
          return (e as { code?: string }).code !== undefined
        }
        return true
      })
    )
  })
})

describe('errorFromBody (a 200 that carries an error object)', () => {
  it.each([
    [
      {
        error: {
          message: 'upstream said no (request id: 20261125000000000042)',
          type: 'upstream_error',
          param: '',
          code: 'content_policy'
        }
      },
      'GATEWAY_ERROR',
      'content_policy'
    ],
    [
      { error: { message: '用户额度不足, 剩余额度: ＄0.01', type: 'new_api_error', code: 'insufficient_user_quota' } },
      'INSUFFICIENT_QUOTA',
      'insufficient_user_quota'
    ],
    [
      { error: { message: 'No available channel for model x', type: 'new_api_error', code: 'model_not_found' } },
      'MODEL_UNAVAILABLE',
      'model_not_found'
    ],
    [{ type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } }, 'GATEWAY_ERROR', undefined],
    [{ error: { message: 'bad', code: 1234 } }, 'GATEWAY_ERROR', '1234'],
    [{ code: 'fail_to_fetch_task', message: 'upstream said no', data: null }, 'GATEWAY_ERROR', 'fail_to_fetch_task']
  ])('reads %j as %s with the gateway’s own message and code', (body, code, gatewayCode) => {
    const e = errorFromBody(body)!
    expect(e.code).toBe(code)
    expect(e.details?.gatewayCode).toBe(gatewayCode)
    expect(e.details?.reason).toBe('error-body')
    const said = (
      (body as { error?: { message: string } }).error ?? (body as unknown as { message: string })
    ).message.replace(/ \(request id: .*\)$/, '')
    expect(e.message).toContain(said)
    if (gatewayCode) expect(e.message).toContain(`code ${gatewayCode}`)
    expect(e.message).not.toContain('request id')
  })

  it.each([
    [{ data: [{ url: 'https://cdn.example/a.png' }] }],
    [{ id: 'task_1', status: 'failed', error: { message: 'moderated', code: 'x' } }],
    [{ task_id: 'abc', error: { message: 'x' } }],
    [{ code: 10000, data: { task_id: '1' }, error: { message: 'x' } }],
    [{ state: 1, data: {}, error: null }],
    [{ code: 'success', message: 'ok', data: null }],
    [{ code: true, message: 'ok', data: { name: 'k' } }],
    [{ code: '50411', message: 'x', data: { task_id: '7' } }],
    [{ error: 'plain string' }],
    [{ error: {} }],
    [null],
    [[1, 2]]
  ])('leaves %j to the route’s own reader', (body) => {
    expect(errorFromBody(body)).toBeNull()
  })

  it('usage and billing show the gateway’s message and code from a 200 error body', () => {
    const body = {
      error: { message: 'database is locked (request id: 7)', type: 'new_api_error', param: '', code: 'db_error' }
    }
    expect(() => parseTokenUsage(body, 0)).toThrow(/database is locked \(code db_error\)/)
    try {
      parseTokenUsage(body, 0)
    } catch (e) {
      expect(e).toMatchObject({
        code: 'GATEWAY_ERROR',
        details: { gatewayCode: 'db_error', gatewayMessage: 'database is locked' }
      })
    }
    expect(() => parseSubscription(body)).toThrow(/database is locked \(code db_error\)/)
    expect(() => parseBillingUsage(body)).toThrow(
      expect.objectContaining({
        details: expect.objectContaining({ gatewayCode: 'db_error', reason: 'quota-query-failed' })
      })
    )
  })
})
