import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { SecretGuard } from '../ipc/secret-guard'
import { KeyVault, type SecretsFile } from '../profiles/key-vault'
import { ProfileService, type ProfilesFile } from '../profiles/profile-service'
import { noKeychain } from '../profiles/secret-backend'
import { openConfStore } from '../store/kv-store'
import { scriptedServer, usageBody } from '../testing/scripted-server'
import {
  USAGE_AUTO_RESERVE,
  USAGE_COOLDOWN_MS,
  USAGE_MAX_CALLS_PER_WINDOW,
  USAGE_MIN_INTERVAL_MS,
  USAGE_WINDOW_MS,
  UsageService
} from './usage-service'

const closers: Array<() => Promise<void>> = []
afterEach(async () => {
  while (closers.length) await closers.pop()!()
})

async function setup() {
  const gw = await scriptedServer((_, res) => {
    res.writeHead(200, { 'content-type': 'application/json' })
    res.end(usageBody({ total_available: 700 + gw.requests.length }))
  })
  closers.push(gw.close)
  const dir = mkdtempSync(join(tmpdir(), 'usage-'))
  const vault = new KeyVault(openConfStore<SecretsFile>(dir, 'secrets', { entries: {} }), noKeychain, new SecretGuard())
  const profiles = new ProfileService(
    openConfStore<ProfilesFile>(dir, 'profiles', { profiles: [], activeId: 'sandbox' }),
    vault,
    (i, init) => fetch(i, init)
  )
  profiles.addRuntime(
    { id: 'sandbox', name: 'Sandbox', baseUrl: gw.url, kind: 'sandbox', synthetic: true },
    'sk-usage-test-000000',
    true
  )
  let now = 1_000_000
  const updates: number[] = []
  const usage = new UsageService(
    profiles,
    (i, init) => fetch(i, init),
    (_, u) => updates.push(u.totalAvailable),
    () => now
  )
  return { gw, usage, profiles, updates, advance: (ms: number) => (now += ms) }
}

describe('UsageService', () => {
  it('serves the cached record and refreshes only when asked and old enough', async () => {
    const { gw, usage, advance } = await setup()
    expect((await usage.get('sandbox')).totalAvailable).toBe(701)
    await usage.get('sandbox')
    await usage.get('sandbox', true)
    expect(gw.requests).toHaveLength(1)
    advance(USAGE_MIN_INTERVAL_MS + 1)
    expect((await usage.get('sandbox', true)).totalAvailable).toBe(702)
    expect(gw.requests).toHaveLength(2)
  })

  it('never exceeds the per-window call budget', async () => {
    const { gw, usage, advance } = await setup()
    for (let i = 0; i < USAGE_MAX_CALLS_PER_WINDOW + 5; i++) {
      await usage.get('sandbox', true)
      advance(USAGE_MIN_INTERVAL_MS + 1)
    }
    expect(gw.requests).toHaveLength(USAGE_MAX_CALLS_PER_WINDOW)
    advance(USAGE_WINDOW_MS)
    await usage.get('sandbox', true)
    expect(gw.requests).toHaveLength(USAGE_MAX_CALLS_PER_WINDOW + 1)
  })

  it('shares one request between concurrent callers and announces updates', async () => {
    const { gw, usage, updates } = await setup()
    await Promise.all([usage.get('sandbox'), usage.get('sandbox'), usage.get('sandbox')])
    expect(gw.requests).toHaveLength(1)
    expect(updates).toEqual([701])
  })
})

describe('Test connection and the usage budget', () => {
  it('spends the same budget as the dashboard and, once it is spent, says when to try again without a request', async () => {
    const { gw, usage, profiles, advance } = await setup()
    profiles.useUsageRoute((conn) => usage.probe(conn))
    for (let i = 0; i < USAGE_MAX_CALLS_PER_WINDOW - 1; i++) {
      await profiles.testConnection({ baseUrl: gw.url, key: 'sk-usage-test-000000' })
      advance(1_000)
    }
    // The dashboard's refresh takes the last call of the window.
    await usage.get('sandbox', true)
    expect(gw.requests).toHaveLength(USAGE_MAX_CALLS_PER_WINDOW)
    const refused = profiles.testConnection({ baseUrl: `${gw.url}/v1/`, key: 'sk-usage-test-000000' })
    await expect(refused).rejects.toMatchObject({ code: 'RATE_LIMITED', details: { reason: 'budget', local: true } })
    await expect(refused).rejects.toThrow(/waits \d+ min/)
    const saved = profiles.testConnection({ id: 'sandbox' })
    await expect(saved).rejects.toMatchObject({ code: 'RATE_LIMITED', details: { reason: 'budget' } })
    expect(gw.requests).toHaveLength(USAGE_MAX_CALLS_PER_WINDOW)
    advance(USAGE_WINDOW_MS)
    await expect(profiles.testConnection({ id: 'sandbox' })).resolves.toMatchObject({ state: 'active' })
  })

  it('rests after the gateway answers a test with 429, like the dashboard', async () => {
    const gw = await scriptedServer((_, res) => {
      res.writeHead(429)
      res.end()
    })
    closers.push(gw.close)
    const dir = mkdtempSync(join(tmpdir(), 'usage-'))
    const vault = new KeyVault(
      openConfStore<SecretsFile>(dir, 'secrets', { entries: {} }),
      noKeychain,
      new SecretGuard()
    )
    const profiles = new ProfileService(
      openConfStore<ProfilesFile>(dir, 'profiles', { profiles: [], activeId: 'sandbox' }),
      vault,
      (i, init) => fetch(i, init)
    )
    const usage = new UsageService(
      profiles,
      (i, init) => fetch(i, init),
      () => undefined
    )
    profiles.useUsageRoute((conn) => usage.probe(conn))
    await expect(profiles.testConnection({ baseUrl: gw.url, key: 'sk-usage-test-000000' })).rejects.toMatchObject({
      code: 'RATE_LIMITED'
    })
    await expect(profiles.testConnection({ baseUrl: gw.url, key: 'sk-usage-test-000000' })).rejects.toMatchObject({
      code: 'RATE_LIMITED',
      details: { reason: 'cooldown' }
    })
    expect(gw.requests).toHaveLength(1)
  })
})

describe('UsageService after refusals', () => {
  async function scripted(answer: () => { status: number; body: string; headers?: Record<string, string> }) {
    const gw = await scriptedServer((_, res) => {
      const a = answer()
      res.writeHead(a.status, { 'content-type': 'application/json', ...a.headers })
      res.end(a.body)
    })
    closers.push(gw.close)
    let now = 5_000_000
    const profiles = { connection: async () => ({ baseUrl: gw.url, key: 'sk-usage-test-000001' }) }
    const usage = new UsageService(
      profiles as never,
      (i, init) => fetch(i, init),
      () => {},
      () => now
    )
    return { gw, usage, advance: (ms: number) => (now += ms) }
  }

  it('rests the origin after a 429 with an empty body, and says so when asked to refresh', async () => {
    let status = 200
    const t = await scripted(() => (status === 429 ? { status, body: '' } : { status, body: usageBody() }))
    await t.usage.get('p')
    status = 429
    t.advance(USAGE_MIN_INTERVAL_MS + 1)
    await expect(t.usage.get('p', true)).rejects.toMatchObject({
      code: 'RATE_LIMITED',
      status: 429,
      details: { reason: 'gateway-429', retryAfterMs: USAGE_COOLDOWN_MS }
    })
    t.advance(USAGE_MIN_INTERVAL_MS + 1)
    await expect(t.usage.get('p', true)).rejects.toMatchObject({
      code: 'RATE_LIMITED',
      details: { reason: 'cooldown', local: true }
    })
    expect((await t.usage.get('p')).totalAvailable).toBe(750)
    expect(t.gw.requests).toHaveLength(2)
    status = 200
    t.advance(USAGE_COOLDOWN_MS)
    await t.usage.get('p', true)
    expect(t.gw.requests).toHaveLength(3)
  })

  it('honours Retry-After on a 429', async () => {
    const t = await scripted(() => ({ status: 429, body: '', headers: { 'retry-after': '300' } }))
    await expect(t.usage.get('p')).rejects.toMatchObject({ details: { retryAfterMs: 300_000 } })
    t.advance(200_000)
    await expect(t.usage.get('p')).rejects.toMatchObject({ details: { reason: 'cooldown' } })
    expect(t.gw.requests).toHaveLength(1)
  })

  it('marks a quota lookup failure answered with 200', async () => {
    const t = await scripted(() => ({
      status: 200,
      body: JSON.stringify({ success: false, message: 'record not found' })
    }))
    await expect(t.usage.get('p')).rejects.toMatchObject({
      code: 'GATEWAY_ERROR',
      details: { reason: 'lookup-failed', gatewayMessage: 'record not found' }
    })
  })

  it('leaves the user a reserve of each window that automatic snapshots never take', async () => {
    const t = await scripted(() => ({ status: 200, body: usageBody() }))
    let taken = 0
    for (let i = 0; i < USAGE_MAX_CALLS_PER_WINDOW; i++) {
      const r = await t.usage.refreshIfAllowed('p')
      if ('usage' in r) taken++
      t.advance(1000)
    }
    expect(taken).toBe(USAGE_MAX_CALLS_PER_WINDOW - USAGE_AUTO_RESERVE)
    const wait = await t.usage.refreshIfAllowed('p')
    expect('waitMs' in wait && wait.waitMs > 0).toBe(true)
    t.advance(USAGE_MIN_INTERVAL_MS)
    await t.usage.get('p', true)
    expect(t.gw.requests).toHaveLength(USAGE_MAX_CALLS_PER_WINDOW - USAGE_AUTO_RESERVE + 1)
  })
})
