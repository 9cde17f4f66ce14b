import { afterEach, describe, expect, it } from 'vitest'
import type { BillingPrefix } from '@shared/domain/balance'
import { scriptedServer } from '../testing/scripted-server'
import { BillingService, parseBillingUsage, parseSubscription } from './billing-service'

const closers: Array<() => Promise<void>> = []
afterEach(async () => {
  while (closers.length) await closers.pop()!()
})

const SUB = {
  object: 'billing_subscription',
  has_payment_method: true,
  soft_limit_usd: 80,
  hard_limit_usd: 80,
  system_hard_limit_usd: 80,
  access_until: 0
}

async function gateway(answers: Record<string, { status: number; body: string; type?: string }>) {
  const gw = await scriptedServer((req, res) => {
    const a = answers[req.url ?? ''] ?? { status: 404, body: '404 page not found', type: 'text/plain' }
    res.writeHead(a.status, { 'content-type': a.type ?? 'application/json' })
    res.end(a.body)
  })
  closers.push(gw.close)
  const remembered = new Map<string, BillingPrefix>()
  let now = 1_000_000
  const billing = new BillingService({
    fetch: (i, init) => fetch(i, init),
    connection: async () => ({ baseUrl: gw.url, key: 'sk-billing-test' }),
    prefixOf: (id) => remembered.get(id),
    rememberPrefix: (id, p) => remembered.set(id, p),
    now: () => now
  })
  return { gw, billing, remembered, advance: (ms: number) => (now += ms) }
}

const ok = (body: unknown) => ({ status: 200, body: JSON.stringify(body) })

describe('billing routes', () => {
  it('reads the subscription and the usage (hundredths of the display unit) from the unprefixed form', async () => {
    const { billing, remembered } = await gateway({
      '/dashboard/billing/subscription': ok(SUB),
      '/dashboard/billing/usage': ok({ object: 'list', total_usage: 12.5 })
    })
    const b = await billing.get('p')
    expect(b).toMatchObject({
      prefix: '',
      softLimit: 80,
      hardLimit: 80,
      systemHardLimit: 80,
      accessUntil: 0,
      totalUsage: 12.5,
      unlimited: false
    })
    expect(remembered.get('p')).toBe('')
  })

  it('falls back to the /v1 form when the unprefixed one is missing, and remembers it', async () => {
    const { gw, billing, remembered, advance } = await gateway({
      '/v1/dashboard/billing/subscription': ok(SUB),
      '/v1/dashboard/billing/usage': ok({ total_usage: 1 })
    })
    expect((await billing.get('p')).prefix).toBe('/v1')
    expect(remembered.get('p')).toBe('/v1')
    advance(60_000)
    gw.requests.length = 0
    await billing.get('p', true)
    expect(gw.requests.map((r) => r.url)).toEqual(['/v1/dashboard/billing/subscription', '/v1/dashboard/billing/usage'])
  })

  it('names the quota lookup failure the gateway answers with 200', async () => {
    const fail = ok({ error: { message: 'query quota failed', type: 'upstream_error', param: '', code: null } })
    const { billing } = await gateway({ '/dashboard/billing/subscription': fail, '/dashboard/billing/usage': fail })
    await expect(billing.get('p')).rejects.toMatchObject({
      code: 'GATEWAY_ERROR',
      details: { reason: 'quota-query-failed', gatewayMessage: 'query quota failed', gatewayType: 'upstream_error' }
    })
  })

  it('says so when neither form answers', async () => {
    const { billing } = await gateway({})
    await expect(billing.get('p')).rejects.toMatchObject({
      code: 'NOT_A_GATEWAY',
      details: { reason: 'no-billing-routes' }
    })
  })

  it('parses leniently: string numbers, the unlimited marker, odd bodies refused with a reason', () => {
    expect(parseSubscription({ hard_limit_usd: '100000000', access_until: 1700000000 })).toMatchObject({
      unlimited: true,
      softLimit: 100_000_000,
      accessUntil: 1_700_000_000
    })
    expect(() => parseSubscription({ hello: 1 })).toThrow(/not with billing figures/)
    expect(() => parseBillingUsage(null)).toThrow(/not with billing figures/)
    expect(parseBillingUsage({ total_usage: '7.25' })).toBe(7.25)
  })
})
