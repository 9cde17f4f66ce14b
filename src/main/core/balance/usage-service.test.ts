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
import { USAGE_MAX_CALLS_PER_WINDOW, USAGE_MIN_INTERVAL_MS, USAGE_WINDOW_MS, UsageService } from './usage-service'

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
  const profiles = new ProfileService(openConfStore<ProfilesFile>(dir, 'profiles', { profiles: [], activeId: 'sandbox' }), vault, (i, init) => fetch(i, init))
  profiles.addRuntime({ id: 'sandbox', name: 'Sandbox', baseUrl: gw.url, kind: 'sandbox', synthetic: true }, 'sk-usage-test-000000', true)
  let now = 1_000_000
  const updates: number[] = []
  const usage = new UsageService(profiles, (i, init) => fetch(i, init), (_, u) => updates.push(u.totalAvailable), () => now)
  return { gw, usage, updates, advance: (ms: number) => (now += ms) }
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
