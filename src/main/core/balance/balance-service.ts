import {
  DEFAULT_BALANCE_SETTINGS,
  type BalanceSettings,
  type BillingPrefix,
  type GenerationKind,
  type Preflight,
  type Snapshot,
  type Spending
} from '@shared/domain/balance'
import { DAY_MS } from '@shared/domain/balance-forecast'
import { formatAmount, quotaInUnit } from '@shared/domain/balance-units'
import { chatEstimate, type ChatEstimate } from '@shared/domain/chat-estimate'
import type { DisplayUnit, ProfileView } from '@shared/domain/profiles'
import type { KeyUsage } from '@shared/domain/usage'
import { StudioError } from '@shared/errors'
import type { EventHub } from '../ipc/event-hub'
import type { KeyValueStore } from '../store/kv-store'
import { checkCrossing, limitHoldText, lowBalanceText, type AlertLanguage, type Notify } from './alerts'
import type { BalanceFile, ProfileBalanceState } from './balance-file'
import type { BillingService } from './billing-service'
import type { GenerationLog, RecordGeneration } from './generation-log'
import { preflightVerdict, type LimitHold } from './preflight-verdict'
import type { SnapshotStore } from './snapshot-store'
import type { UsageService } from './usage-service'

/** A burst of generations gets one snapshot, this long after the last one ended. */
export const SNAPSHOT_SETTLE_MS = 1500

export type { BalanceFile } from './balance-file'

export interface BalanceServiceDeps {
  usage: UsageService
  billing: BillingService
  snapshots: SnapshotStore
  generations: GenerationLog
  store: KeyValueStore<BalanceFile>
  profiles: { activeId(): Promise<string>; get(id: string): ProfileView }
  emit: EventHub['emit']
  /** The shell's OS notification (Electron); absent in the browser host, where the page shows it. */
  notify?: Notify
  language?: () => AlertLanguage
  log?: (line: string) => void
  now?: () => number
}

export interface SettingsView {
  profileId: string
  settings: BalanceSettings
  effectiveUnit: DisplayUnit
}

/**
 * The balance host: turns every fresh usage record into a snapshot (and the costs of the jobs
 * before it), takes a snapshot after generations when the usage route's budget allows, keeps the
 * per-profile settings, fires low-balance alerts once per crossing and answers pre-flight checks.
 */
export class BalanceService {
  private readonly timers = new Map<string, ReturnType<typeof setTimeout>>()
  /** Limit holds already told (profile, kind, limit): a toast and a notification once, until the limit changes. */
  private readonly told = new Set<string>()
  private readonly settingsListeners = new Set<(profileId: string) => void>()
  private readonly now: () => number
  private disposed = false
  private chain: Promise<void> = Promise.resolve()

  constructor(private readonly d: BalanceServiceDeps) {
    this.now = d.now ?? Date.now
    d.usage.onUpdated((id, u) => {
      // Serialised, so snapshots and cost attribution follow the order of the records.
      this.chain = this.chain
        .then(() => this.onUsage(id, u))
        .catch((e: unknown) => this.d.log?.(`balance: snapshot failed: ${String(e)}`))
    })
    d.generations.onRecorded((e) => this.scheduleSnapshot(e.profileId))
  }

  /** For chat, images and the video engine: record a generation (fills in the quota known before it). */
  readonly recordGeneration: RecordGeneration = (r) => {
    this.d.generations.recorder({
      ...r,
      quotaBefore: r.quotaBefore ?? this.d.usage.cached(r.profileId)?.totalAvailable
    })
  }

  /** On open: one usage record of the active profile (served from the cache when there is one). */
  async onOpen(): Promise<void> {
    try {
      await this.d.usage.get(await this.d.profiles.activeId())
    } catch (e) {
      this.d.log?.(`balance: no usage record on open: ${String(e instanceof Error ? e.message : e)}`)
    }
  }

  private state(profileId: string): ProfileBalanceState {
    return this.d.store.get('profiles')[profileId] ?? {}
  }

  private setState(profileId: string, patch: Partial<ProfileBalanceState>): void {
    const all = { ...this.d.store.get('profiles') }
    all[profileId] = { ...all[profileId], ...patch }
    this.d.store.set('profiles', all)
  }

  billingPrefix(profileId: string): BillingPrefix | undefined {
    return this.state(profileId).billingPrefix
  }

  rememberBillingPrefix(profileId: string, prefix: BillingPrefix): void {
    this.setState(profileId, { billingPrefix: prefix })
  }

  settingsOf(profileId: string): SettingsView {
    const settings = { ...DEFAULT_BALANCE_SETTINGS, ...this.state(profileId).settings }
    return { profileId, settings, effectiveUnit: settings.displayUnit ?? this.d.profiles.get(profileId).displayUnit }
  }

  async settings(profileId?: string): Promise<SettingsView> {
    return this.settingsOf(profileId ?? (await this.d.profiles.activeId()))
  }

  updateSettings(input: { profileId: string } & Partial<BalanceSettings>): SettingsView {
    this.d.profiles.get(input.profileId)
    const current = this.settingsOf(input.profileId).settings
    const next: BalanceSettings = {
      displayUnit: input.displayUnit !== undefined ? input.displayUnit : current.displayUnit,
      quotaPerUsd: input.quotaPerUsd ?? current.quotaPerUsd,
      lowThreshold: input.lowThreshold !== undefined ? input.lowThreshold : current.lowThreshold,
      dailyLimit: input.dailyLimit !== undefined ? input.dailyLimit : (current.dailyLimit ?? null),
      weeklyLimit: input.weeklyLimit !== undefined ? input.weeklyLimit : (current.weeklyLimit ?? null)
    }
    // A changed limit is told again when it holds a job.
    for (const k of [...this.told]) if (k.startsWith(`${input.profileId}\n`)) this.told.delete(k)
    // A new threshold is judged afresh against the next record.
    this.setState(input.profileId, { settings: next, ...(input.lowThreshold !== undefined ? { armed: true } : {}) })
    const usage = this.d.usage.cached(input.profileId)
    if (usage && input.lowThreshold !== undefined) this.checkAlert(input.profileId, usage)
    for (const fn of this.settingsListeners) {
      try {
        fn(input.profileId)
      } catch (e) {
        this.d.log?.(`balance: settings listener failed: ${String(e)}`)
      }
    }
    return this.settingsOf(input.profileId)
  }

  /** Told after a profile's settings changed (limits, threshold): the queue checks its held items again. */
  onSettingsChanged(fn: (profileId: string) => void): () => void {
    this.settingsListeners.add(fn)
    return () => this.settingsListeners.delete(fn)
  }

  /** The profile asked about: the active one, or a known one (an unknown id is refused, never looked up). */
  private async known(profileId?: string): Promise<string> {
    if (profileId === undefined) return this.d.profiles.activeId()
    this.d.profiles.get(profileId)
    return profileId
  }

  async history(profileId?: string): Promise<{ profileId: string; snapshots: Snapshot[] }> {
    const id = await this.known(profileId)
    return { profileId: id, snapshots: this.d.snapshots.list(id) }
  }

  async spending(profileId?: string, sinceDays?: number): Promise<Spending> {
    const id = await this.known(profileId)
    return this.d.generations.spending(id, sinceDays ? this.now() - sinceDays * DAY_MS : 0)
  }

  /**
   * Notices a model renamed in a profile's names: a name that left its family's list and a new name
   * at the same place. The new name inherits the old one's history (and the old one's own earlier names).
   */
  observeNames(profileId: string, models: Readonly<Record<string, readonly string[]>>): void {
    const state = this.state(profileId)
    const before = state.names
    const aliases: Record<string, string[]> = { ...state.aliases }
    let changed = !before
    if (before) {
      for (const [family, list] of Object.entries(models)) {
        const old = before[family] ?? []
        if (old.join('\n') !== list.join('\n')) changed = true
        for (let i = 0; i < Math.min(old.length, list.length); i++) {
          const from = old[i]
          const to = list[i]
          if (from === to || list.includes(from) || old.includes(to)) continue
          aliases[to] = [...new Set([...(aliases[to] ?? []), from, ...(aliases[from] ?? [])])]
            .filter((m) => m !== to)
            .slice(0, 20)
        }
      }
    }
    if (changed)
      this.setState(profileId, {
        names: Object.fromEntries(Object.entries(models).map(([f, l]) => [f, [...l]])),
        aliases
      })
  }

  aliasesOf(profileId: string, model: string): string[] {
    return this.state(profileId).aliases?.[model] ?? []
  }

  /** The estimate of one job (see GenerationLog.estimate), with the profile's earlier names of the model. */
  estimate(profileId: string, model: string, kind: GenerationKind, params = '') {
    return this.d.generations.estimate(profileId, model.trim(), kind, params, this.aliasesOf(profileId, model.trim()))
  }

  /** A chat send's estimate: `inputTokens` (counted by the composer) priced by the model's measured answers per token. */
  async chatEstimate(input: { profileId?: string; model: string; inputTokens: number }): Promise<ChatEstimate> {
    const id = await this.known(input.profileId)
    const model = input.model.trim()
    return chatEstimate(this.d.generations.chatSamples(id, model, this.aliasesOf(id, model)), input.inputTokens)
  }

  jobCost(ref: string) {
    return this.d.generations.jobCost(ref)
  }

  async preflight(input: {
    profileId?: string
    model: string
    kind: GenerationKind
    params?: string
  }): Promise<Preflight> {
    const id = await this.known(input.profileId)
    const est = this.estimate(id, input.model, input.kind, input.params ?? '')
    const { cost, basedOn } = est
    let usage = this.d.usage.cached(id)
    if (!usage) usage = await this.d.usage.get(id).catch(() => undefined)
    const base = {
      expectedCost: cost,
      basedOn,
      low: est.low,
      high: est.high,
      basis: est.basis,
      fetchedAt: usage?.fetchedAt ?? null
    }
    return preflightVerdict({
      base,
      usage,
      cost,
      now: this.now(),
      held: () => this.limitHold(id, input.model.trim(), cost),
      threshold: () => this.settingsOf(id).settings.lowThreshold
    })
  }

  /**
   * Whether a job of `model` (expected to cost `expected`, null when unknown) would take this
   * profile's spending past its daily or weekly limit: the last 24 hours and the last 7 days, by the
   * host's clock, known costs plus the estimates of jobs not priced yet. Without an estimate a job
   * is held only once the limit is already reached. Told once (event and desktop notification).
   */
  limitHold(profileId: string, model: string, expected: number | null): LimitHold | null {
    const s = this.settingsOf(profileId).settings
    const now = this.now()
    for (const [kind, limit, span] of [
      ['daily', s.dailyLimit, DAY_MS],
      ['weekly', s.weeklyLimit, 7 * DAY_MS]
    ] as const) {
      if (limit === null || limit === undefined) continue
      const spent = this.d.generations.spentSince(profileId, now - span)
      if (spent + (expected ?? 0) > limit || spent >= limit) {
        this.tellHold(profileId, model, kind, limit, spent, expected)
        return { reason: kind === 'daily' ? 'daily-limit' : 'weekly-limit', limit: { kind, limit, spent } }
      }
    }
    return null
  }

  private tellHold(
    profileId: string,
    model: string,
    kind: 'daily' | 'weekly',
    limit: number,
    spent: number,
    expected: number | null
  ): void {
    const key = `${profileId}\n${kind}\n${limit}`
    if (this.told.has(key)) return
    this.told.add(key)
    let profileName = profileId
    try {
      profileName = this.d.profiles.get(profileId).name
    } catch {
      // Removed meanwhile: the id names it.
    }
    this.d.emit('balance:limit-hold', { profileId, profileName, model, kind, limit, spent, expected, at: this.now() })
    if (!this.d.notify) return
    const { settings, effectiveUnit } = this.settingsOf(profileId)
    const lang = this.d.language?.() ?? 'en'
    const fmt = (raw: number) =>
      formatAmount(quotaInUnit(raw, effectiveUnit, settings.quotaPerUsd), effectiveUnit, lang === 'zh' ? 'zh-CN' : 'en')
    try {
      this.d.notify(limitHoldText(lang, profileName, kind, fmt(limit), fmt(spent)))
    } catch (e) {
      this.d.log?.(`balance: notification failed: ${String(e)}`)
    }
  }

  forget(profileId: string): void {
    const all = { ...this.d.store.get('profiles') }
    delete all[profileId]
    this.d.store.set('profiles', all)
    this.d.billing.forget(profileId)
    void this.d.snapshots.remove(profileId).catch(() => {})
    this.d.generations.remove(profileId)
  }

  private async onUsage(profileId: string, u: KeyUsage): Promise<void> {
    const snap: Snapshot = {
      at: u.fetchedAt,
      available: u.totalAvailable,
      used: u.totalUsed,
      granted: u.totalGranted,
      unlimited: u.unlimited
    }
    const prev = this.d.snapshots.last(profileId)
    // A record older than the last one (the clock set back) is no interval: nothing is priced by it.
    if (prev && prev.at <= snap.at) this.d.generations.attribute(profileId, prev, snap)
    await this.d.snapshots.add(profileId, snap)
    this.d.emit('balance:history-changed', { profileId })
    this.checkAlert(profileId, u)
  }

  private checkAlert(profileId: string, u: KeyUsage): void {
    const { settings, effectiveUnit } = this.settingsOf(profileId)
    const { fire, next } = checkCrossing(
      { armed: this.state(profileId).armed ?? true },
      u.totalAvailable,
      settings.lowThreshold,
      u.unlimited
    )
    if (next.armed !== (this.state(profileId).armed ?? true)) this.setState(profileId, { armed: next.armed })
    if (!fire || settings.lowThreshold === null) return
    let profileName = profileId
    try {
      profileName = this.d.profiles.get(profileId).name
    } catch {
      // Removed meanwhile: the id names it.
    }
    const alert = {
      profileId,
      profileName,
      available: u.totalAvailable,
      threshold: settings.lowThreshold,
      at: this.now()
    }
    this.d.emit('balance:low-balance', alert)
    if (this.d.notify) {
      const lang = this.d.language?.() ?? 'en'
      const locale = lang === 'zh' ? 'zh-CN' : 'en'
      const fmt = (raw: number) =>
        formatAmount(quotaInUnit(raw, effectiveUnit, settings.quotaPerUsd), effectiveUnit, locale)
      try {
        this.d.notify(lowBalanceText(lang, profileName, fmt(Math.max(0, u.totalAvailable)), fmt(settings.lowThreshold)))
      } catch (e) {
        this.d.log?.(`balance: notification failed: ${String(e)}`)
      }
    }
  }

  /** One snapshot after a burst of generations, as soon as the usage route's budget allows it. */
  scheduleSnapshot(profileId: string, delayMs = SNAPSHOT_SETTLE_MS): void {
    if (this.disposed || this.timers.has(profileId)) return
    const timer = setTimeout(() => {
      this.timers.delete(profileId)
      void this.takeSnapshot(profileId)
    }, delayMs)
    timer.unref?.()
    this.timers.set(profileId, timer)
  }

  private async takeSnapshot(profileId: string): Promise<void> {
    try {
      const r = await this.d.usage.refreshIfAllowed(profileId)
      if ('waitMs' in r) this.scheduleSnapshot(profileId, Math.max(SNAPSHOT_SETTLE_MS, r.waitMs))
    } catch (e) {
      const wait = e instanceof StudioError && e.code === 'RATE_LIMITED' ? e.details?.retryAfterMs : undefined
      if (typeof wait === 'number') return this.scheduleSnapshot(profileId, Math.max(SNAPSHOT_SETTLE_MS, wait))
      this.d.log?.(`balance: snapshot after generation skipped: ${String(e instanceof Error ? e.message : e)}`)
    }
  }

  async dispose(): Promise<void> {
    this.disposed = true
    for (const t of this.timers.values()) clearTimeout(t)
    this.timers.clear()
    await this.chain
    await Promise.all([this.d.snapshots.flush(), this.d.generations.flush()])
  }
}
