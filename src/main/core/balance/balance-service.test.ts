import { afterEach, describe, expect, it, vi } from 'vitest'
import { STANDIN_NAMES } from '@shared/domain/gateway-names'
import type { ProfileView } from '@shared/domain/profiles'
import { openConfStore } from '../store/kv-store'
import { scriptedServer, usageBody } from '../testing/scripted-server'
import { tempDirs } from '../testing/temp-dirs'
import type { OsNotification } from './alerts'
import { BalanceService, type BalanceFile } from './balance-service'
import { BillingService } from './billing-service'
import { GenerationLog } from './generation-log'
import { SnapshotStore } from './snapshot-store'
import { USAGE_AUTO_RESERVE, USAGE_MAX_CALLS_PER_WINDOW, UsageService } from './usage-service'

const tempDir = tempDirs()

const closers: Array<() => Promise<void>> = []
afterEach(async () => {
  vi.useRealTimers()
  while (closers.length) await closers.pop()!()
})

const profile: ProfileView = {
  id: 'p',
  name: 'Work',
  baseUrl: '',
  kind: 'gateway',
  readOnly: false,
  synthetic: false,
  key: { configured: true, protection: 'os' },
  displayUnit: { kind: 'usd' },
  names: STANDIN_NAMES
}

async function setup(state: { used: number; granted?: number; unlimited?: boolean; expiresAt?: number }) {
  const gw = await scriptedServer((_, res) => {
    const granted = state.granted ?? 1_000_000
    res.writeHead(200, { 'content-type': 'application/json' })
    res.end(
      usageBody({
        total_used: state.used,
        total_granted: granted,
        total_available: granted - state.used,
        unlimited_quota: state.unlimited ?? false,
        expires_at: state.expiresAt ?? 0
      })
    )
  })
  closers.push(gw.close)
  const dir = tempDir('balance-')
  let now = Date.UTC(2026, 0, 5)
  const profiles = {
    activeId: async () => 'p',
    get: () => ({ ...profile, baseUrl: gw.url }),
    connection: async () => ({ baseUrl: gw.url, key: 'sk-balance-test' })
  }
  const usage = new UsageService(
    profiles,
    (i, init) => fetch(i, init),
    () => {},
    () => now
  )
  const events: Array<[string, unknown]> = []
  const notes: OsNotification[] = []
  const generations = await GenerationLog.open(
    dir,
    () => {},
    () => now
  )
  const balance = new BalanceService({
    usage,
    billing: new BillingService({
      fetch: (i, init) => fetch(i, init),
      connection: profiles.connection,
      prefixOf: () => undefined,
      rememberPrefix: () => {}
    }),
    snapshots: await SnapshotStore.open(dir, () => {}),
    generations,
    store: openConfStore<BalanceFile>(dir, 'balance', { profiles: {} }),
    profiles,
    emit: ((name: string, payload: unknown) => events.push([name, payload])) as never,
    notify: (n) => notes.push(n),
    now: () => now
  })
  closers.push(() => balance.dispose())
  const settle = () => balance['chain'] as Promise<void>
  /** A forced usage read 15 s on (past the usage rate cap), taken into the history. */
  const readLater = async () => {
    now += 15_000
    await usage.get('p', true)
    await settle()
  }
  return { gw, usage, balance, generations, events, notes, advance: (ms: number) => (now += ms), settle, readLater }
}

describe('BalanceService', () => {
  it('turns each usage record into a snapshot and prices the jobs in between', async () => {
    const state = { used: 100 }
    const t = await setup(state)
    await t.usage.get('p')
    t.advance(1000)
    t.balance.recordGeneration({ profileId: 'p', kind: 'chat', model: 'gpt-4o-mini' })
    state.used = 160
    await t.readLater()
    expect((await t.balance.history('p')).snapshots.map((s) => s.used)).toEqual([100, 160])
    expect(t.generations.list('p')[0]).toMatchObject({ cost: 60, costBasis: 'exact', quotaBefore: 999_900 })
    expect(t.events.filter(([n]) => n === 'balance:history-changed')).toHaveLength(2)
  })

  it('takes one snapshot after a burst of generations, and waits for the budget when it is spent', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const t = await setup({ used: 0 })
    for (let i = 0; i < 3; i++) t.balance.recordGeneration({ profileId: 'p', kind: 'image', model: 'imagegen-4.0' })
    await vi.advanceTimersByTimeAsync(2000)
    await vi.waitFor(() => expect(t.gw.requests).toHaveLength(1))
    // Spend the automatic share of the window: the next snapshot is deferred, not sent.
    for (let i = 1; i < USAGE_MAX_CALLS_PER_WINDOW - USAGE_AUTO_RESERVE; i++) {
      t.advance(11_000)
      await t.usage.get('p', true)
    }
    const sent = t.gw.requests.length
    t.balance.recordGeneration({ profileId: 'p', kind: 'image', model: 'imagegen-4.0' })
    await vi.advanceTimersByTimeAsync(2000)
    expect(t.gw.requests).toHaveLength(sent)
    expect(t.usage.budget(new URL(t.gw.url).origin).ok).toBe(true)
  })

  it('fires a low-balance alert once per crossing, and again after a top-up', async () => {
    const state = { used: 900_000 }
    const t = await setup(state)
    t.balance.updateSettings({ profileId: 'p', lowThreshold: 200_000 })
    await t.usage.get('p')
    await t.settle()
    await t.readLater()
    expect(t.events.filter(([n]) => n === 'balance:low-balance')).toHaveLength(1)
    expect(t.notes).toEqual([
      { title: 'Low balance: Work', body: '$0.20 available, below your alert threshold of $0.40.' }
    ])
    state.used = 0
    await t.readLater()
    state.used = 950_000
    await t.readLater()
    expect(t.events.filter(([n]) => n === 'balance:low-balance')).toHaveLength(2)
  })

  it('answers pre-flight checks from past jobs of the model', async () => {
    const state = { used: 0 }
    const t = await setup(state)
    await t.usage.get('p')
    expect(await t.balance.preflight({ model: 'vidq1', kind: 'video' })).toMatchObject({
      expectedCost: null,
      basedOn: 0,
      warn: false,
      reason: 'ok',
      available: 1_000_000
    })
    t.advance(1000)
    t.balance.recordGeneration({ profileId: 'p', kind: 'video', model: 'vidq1' })
    state.used = 400_000
    await t.readLater()
    expect(await t.balance.preflight({ model: 'vidq1', kind: 'video' })).toMatchObject({
      expectedCost: 400_000,
      basedOn: 1,
      warn: false,
      available: 600_000
    })
    state.used = 700_000
    await t.readLater()
    expect(await t.balance.preflight({ model: 'vidq1', kind: 'video' })).toMatchObject({
      warn: true,
      reason: 'below-cost',
      available: 300_000
    })
  })

  it('never warns on an unlimited key, always on an expired one', async () => {
    const t = await setup({ used: 5_000, granted: 0, unlimited: true })
    await t.usage.get('p')
    expect(await t.balance.preflight({ model: 'm', kind: 'video' })).toMatchObject({
      warn: false,
      unlimited: true,
      available: null
    })
    const e = await setup({ used: 0, expiresAt: Math.floor(Date.UTC(2026, 0, 1) / 1000) })
    await e.usage.get('p')
    expect(await e.balance.preflight({ model: 'm', kind: 'video' })).toMatchObject({ warn: true, reason: 'expired' })
  })

  it('keeps per-profile settings and the unit in effect', async () => {
    const t = await setup({ used: 0 })
    expect((await t.balance.settings('p')).effectiveUnit).toEqual({ kind: 'usd' })
    const v = t.balance.updateSettings({
      profileId: 'p',
      displayUnit: { kind: 'cny', rate: 7.1 },
      quotaPerUsd: 250_000
    })
    expect(v).toMatchObject({
      effectiveUnit: { kind: 'cny', rate: 7.1 },
      settings: { quotaPerUsd: 250_000, lowThreshold: null }
    })
  })

  it('a model renamed in the profile names keeps its history for the estimate (same place in its family)', async () => {
    const state = { used: 0 }
    const { balance, generations, readLater, advance } = await setup(state)
    balance.observeNames('p', { video: ['old-video', 'other'], image: ['img'] })
    await readLater()
    advance(1000)
    generations.record({ profileId: 'p', kind: 'video', model: 'old-video' })
    state.used = 500
    // The usage record after the job prices it.
    await readLater()
    expect(balance.estimate('p', 'old-video', 'video')).toMatchObject({ cost: 500, basedOn: 1 })
    expect(balance.estimate('p', 'new-video', 'video')).toMatchObject({ cost: null, basis: 'none' })
    balance.observeNames('p', { video: ['new-video', 'other'], image: ['img'] })
    expect(balance.aliasesOf('p', 'new-video')).toEqual(['old-video'])
    expect(balance.estimate('p', 'new-video', 'video')).toMatchObject({ cost: 500, basedOn: 1 })
    expect(balance.aliasesOf('p', 'other')).toEqual([])
    // A name added beside the others (not in place of one) is no rename.
    balance.observeNames('p', { video: ['new-video', 'other', 'third'], image: ['img'] })
    expect(balance.aliasesOf('p', 'third')).toEqual([])
  })

  it('holds a job whose estimate would cross the daily or weekly limit, tells it once, and lets it pass once the limit is raised', async () => {
    const state = { used: 0 }
    const { balance, generations, readLater, advance, events, notes } = await setup(state)
    await readLater()
    for (const cost of [300, 300]) {
      advance(1000)
      generations.record({ profileId: 'p', kind: 'image', model: 'img' })
      state.used += cost
      await readLater()
    }
    expect(generations.spentSince('p', 0)).toBe(600)
    // A job just sent and not priced yet counts at its estimate.
    generations.record({ profileId: 'p', kind: 'image', model: 'img' })
    expect(generations.spentSince('p', 0)).toBe(900)
    balance.updateSettings({ profileId: 'p', dailyLimit: 1000 })
    const held = await balance.preflight({ model: 'img', kind: 'image' })
    expect(held).toMatchObject({
      warn: true,
      reason: 'daily-limit',
      expectedCost: 300,
      limit: { kind: 'daily', limit: 1000, spent: 900 }
    })
    await balance.preflight({ model: 'img', kind: 'image' })
    expect(events.filter(([n]) => n === 'balance:limit-hold')).toHaveLength(1)
    expect(notes.filter((n) => n.title.includes('daily limit'))).toHaveLength(1)
    // A model without history is held only once the limit is reached.
    expect((await balance.preflight({ model: 'new', kind: 'image' })).reason).not.toBe('daily-limit')
    balance.updateSettings({ profileId: 'p', dailyLimit: 5000, weeklyLimit: 1100 })
    expect(await balance.preflight({ model: 'img', kind: 'image' })).toMatchObject({
      reason: 'weekly-limit',
      limit: { kind: 'weekly', limit: 1100 }
    })
    expect(events.filter(([n]) => n === 'balance:limit-hold')).toHaveLength(2)
    balance.updateSettings({ profileId: 'p', weeklyLimit: null })
    expect((await balance.preflight({ model: 'img', kind: 'image' })).warn).toBe(false)
    // Older than the window: a day later the daily spending starts again.
    balance.updateSettings({ profileId: 'p', dailyLimit: 1000 })
    advance(86_400_000 + 60_000)
    expect((await balance.preflight({ model: 'img', kind: 'image' })).reason).not.toBe('daily-limit')
  })
})
