import { describe, expect, it } from 'vitest'
import { bearer, call, keysOf, sandboxForFile } from './testing/util.js'

const sb = await sandboxForFile({
  keys: [
    { key: 'sk-usage-main', name: 'main', quota: 1_000_000 },
    { key: 'sk-usage-unlimited', name: 'unl', unlimited: true, quota: 0 },
    {
      key: 'sk-usage-limited',
      name: 'lim',
      modelLimits: { 'gpt-4o-mini': true, 'imagegen-4.0': true },
      expiresAt: 4_102_444_800
    },
    { key: 'sk-usage-expired', name: 'old', expiresAt: 1_600_000_000 },
    { key: 'sk-usage-disabled', name: 'off', disabled: true },
    { key: 'sk-usage-empty', name: 'empty', quota: 0 }
  ]
})

describe('GET /api/usage/token/', () => {
  it('answers the token_usage record field by field, in raw quota units', async () => {
    sb.updateKey('sk-usage-main', { quota: 750_000 })
    const r = await call(sb, 'GET', '/api/usage/token/', { headers: bearer('sk-usage-main') })
    expect(r.status).toBe(200)
    expect(keysOf(r.json)).toEqual(['code', 'data', 'message'])
    expect(r.json.code).toBe(true)
    expect(r.json.message).toBe('ok')
    expect(keysOf(r.json.data)).toEqual(
      [
        'expires_at',
        'model_limits',
        'model_limits_enabled',
        'name',
        'object',
        'total_available',
        'total_granted',
        'total_used',
        'unlimited_quota'
      ].sort()
    )
    expect(r.json.data).toEqual({
      object: 'token_usage',
      name: 'main',
      total_granted: 750_000,
      total_used: 0,
      total_available: 750_000,
      unlimited_quota: false,
      model_limits: {},
      model_limits_enabled: false,
      expires_at: 0
    })
  })

  it('reports model limits as a map to true and the expiry in Unix seconds', async () => {
    const r = await call(sb, 'GET', '/api/usage/token', { headers: bearer('sk-usage-limited') })
    expect(r.json.data.model_limits).toEqual({ 'gpt-4o-mini': true, 'imagegen-4.0': true })
    expect(r.json.data.model_limits_enabled).toBe(true)
    expect(r.json.data.expires_at).toBe(4_102_444_800)
  })

  it('reports the unlimited flag, and lets expired and exhausted keys look', async () => {
    const u = await call(sb, 'GET', '/api/usage/token/', { headers: bearer('sk-usage-unlimited') })
    expect(u.json.data.unlimited_quota).toBe(true)
    const e = await call(sb, 'GET', '/api/usage/token/', { headers: bearer('sk-usage-expired') })
    expect(e.status).toBe(200)
    expect(e.json.data.expires_at).toBe(1_600_000_000)
    const x = await call(sb, 'GET', '/api/usage/token/', { headers: bearer('sk-usage-empty') })
    expect(x.status).toBe(200)
    expect(x.json.data.total_available).toBe(0)
  })

  it('answers the spec error bodies with 401', async () => {
    const none = await call(sb, 'GET', '/api/usage/token/')
    expect(none.status).toBe(401)
    expect(none.json).toEqual({ success: false, message: 'No Authorization header' })
    for (const h of ['sk-usage-main', 'Bearer', 'Bearer a b', 'Basic sk-usage-main']) {
      const bad = await call(sb, 'GET', '/api/usage/token/', { headers: { authorization: h } })
      expect(bad.status, h).toBe(401)
      expect(bad.json, h).toEqual({ success: false, message: 'Invalid Bearer token' })
    }
    const unknown = await call(sb, 'GET', '/api/usage/token/', { headers: bearer('sk-nope') })
    expect(unknown.status).toBe(401)
    expect(unknown.json).toEqual({ success: false, message: 'Invalid token' })
    const off = await call(sb, 'GET', '/api/usage/token/', { headers: bearer('sk-usage-disabled') })
    expect(off.status).toBe(401)
    expect(off.json.success).toBe(false)
  })

  it('accepts `bearer` in any case', async () => {
    const r = await call(sb, 'GET', '/api/usage/token/', { headers: { authorization: 'bEaReR sk-usage-main' } })
    expect(r.status).toBe(200)
  })
})

describe('billing routes', () => {
  for (const prefix of ['', '/v1']) {
    it(`${prefix}/dashboard/billing/subscription reports the limit in dollars of 500000 units`, async () => {
      sb.updateKey('sk-usage-main', { quota: 1_250_000 })
      const r = await call(sb, 'GET', `${prefix}/dashboard/billing/subscription`, { headers: bearer('sk-usage-main') })
      expect(r.status).toBe(200)
      expect(r.json).toEqual({
        object: 'billing_subscription',
        has_payment_method: true,
        soft_limit_usd: 2.5,
        hard_limit_usd: 2.5,
        system_hard_limit_usd: 2.5,
        access_until: 0
      })
    })

    it(`${prefix}/dashboard/billing/usage reports used/500000*100 and ignores dates`, async () => {
      const r = await call(sb, 'GET', `${prefix}/dashboard/billing/usage?start_date=2020-01-01&end_date=2020-01-02`, {
        headers: bearer('sk-usage-main')
      })
      expect(r.status).toBe(200)
      expect(keysOf(r.json)).toEqual(['object', 'total_usage'])
      expect(r.json.object).toBe('list')
      expect(typeof r.json.total_usage).toBe('number')
    })
  }

  it('an unlimited key shows 100000000 and the expiry as access_until', async () => {
    const r = await call(sb, 'GET', '/v1/dashboard/billing/subscription', { headers: bearer('sk-usage-unlimited') })
    expect(r.json.hard_limit_usd).toBe(100_000_000)
    const l = await call(sb, 'GET', '/dashboard/billing/subscription', { headers: bearer('sk-usage-limited') })
    expect(l.json.access_until).toBe(4_102_444_800)
  })

  it('refuses bad keys with the 401 new_api_error shape (expired keys included)', async () => {
    for (const k of ['sk-nope', 'sk-usage-expired', 'sk-usage-disabled', 'sk-usage-empty']) {
      const r = await call(sb, 'GET', '/dashboard/billing/usage', { headers: bearer(k) })
      expect(r.status, k).toBe(401)
      expect(keysOf(r.json.error)).toEqual(['code', 'message', 'type'])
      expect(r.json.error.type).toBe('new_api_error')
      expect(r.json.error.code).toBe('')
      expect(r.json.error.message).toMatch(/^Invalid token \(request id: \d{23}\)$/)
      expect(r.headers.get('x-oneapi-request-id')).toBe(r.json.error.message.match(/request id: (\d+)/)[1])
    }
  })

  it('answers a failed quota lookup with 200 and the error body (fault quota-query-fail)', async () => {
    const s = await call(sb, 'GET', '/dashboard/billing/subscription', {
      headers: bearer('sk-usage-main', { 'x-sandbox-fault': 'quota-query-fail' })
    })
    expect(s.status).toBe(200)
    expect(s.json).toEqual({ error: { message: 'query quota failed', type: 'upstream_error', param: '', code: null } })
    const u = await call(sb, 'GET', '/v1/dashboard/billing/usage', {
      headers: bearer('sk-usage-main', { 'x-sandbox-fault': 'quota-query-fail' })
    })
    expect(u.json.error.type).toBe('new_api_error')
  })
})
