/** The balance host's part of the fake host: billing, history, spending, settings, pre-flight. */
import type { z } from 'zod'
import type { InvokeChannel, Invokes } from '@shared/contract'
import type { InvokeOutput } from '@shared/contract-kit'
import {
  DEFAULT_BALANCE_SETTINGS,
  type BalanceSettings,
  type BillingSummary,
  type JobCost,
  type Preflight,
  type Snapshot,
  type Spending
} from '@shared/domain/balance'
import { chatEstimate, type ChatSample } from '@shared/domain/chat-estimate'
import type { DisplayUnit } from '@shared/domain/profiles'
import { StudioError } from '@shared/errors'

type BalanceChannel = Exclude<Extract<InvokeChannel, `balance:${string}`>, 'balance:get-usage'>
type Handler<C extends InvokeChannel> = (
  input: z.output<Invokes[C]['input']>
) => InvokeOutput<Invokes, C> | Promise<InvokeOutput<Invokes, C>>

export function billing(overrides: Partial<BillingSummary> = {}): BillingSummary {
  return {
    prefix: '',
    hasPaymentMethod: true,
    softLimit: 10,
    hardLimit: 10,
    systemHardLimit: 10,
    accessUntil: 0,
    totalUsage: 753.09,
    unlimited: false,
    fetchedAt: Date.UTC(2026, 0, 5, 9, 30, 0),
    ...overrides
  }
}

export class FakeBalance {
  billingByProfile: Record<string, BillingSummary | StudioError> = { sandbox: billing() }
  history: Record<string, Snapshot[]> = {}
  spending: Spending = { byModel: [], byDay: [], since: 0 }
  settings: Record<string, BalanceSettings> = {}
  profileUnit: DisplayUnit = { kind: 'quota' }
  /** What `balance:preflight` answers (tests set a warning). */
  preflight: Preflight = {
    available: null,
    unlimited: false,
    expectedCost: null,
    basedOn: 0,
    low: null,
    high: null,
    basis: 'none',
    warn: false,
    reason: 'unknown',
    fetchedAt: null
  }
  /** The measured chat answers `balance:chat-estimate` prices by (the host's own math). */
  chatSamples: ChatSample[] = []
  /** What `balance:job-cost` answers, by ref. */
  jobCosts: Record<string, JobCost> = {}

  constructor(private readonly activeId: () => string) {}

  private view(profileId: string) {
    const settings = this.settings[profileId] ?? DEFAULT_BALANCE_SETTINGS
    return { profileId, settings, effectiveUnit: settings.displayUnit ?? this.profileUnit }
  }

  handlers(): { [C in BalanceChannel]: Handler<C> } {
    return {
      'balance:get-billing': (input) => {
        const b = this.billingByProfile[input?.profileId ?? this.activeId()]
        if (!b)
          throw new StudioError('KEY_MISSING', 'This profile has no API key yet; add it in Settings', { field: 'key' })
        if (b instanceof StudioError) throw b
        return b
      },
      'balance:get-history': (input) => {
        const id = input?.profileId ?? this.activeId()
        return { profileId: id, snapshots: this.history[id] ?? [] }
      },
      'balance:get-spending': () => this.spending,
      'balance:get-settings': (input) => this.view(input?.profileId ?? this.activeId()),
      'balance:update-settings': ({ profileId, ...patch }) => {
        const cur = this.view(profileId).settings
        this.settings[profileId] = {
          displayUnit: patch.displayUnit !== undefined ? patch.displayUnit : cur.displayUnit,
          quotaPerUsd: patch.quotaPerUsd ?? cur.quotaPerUsd,
          lowThreshold: patch.lowThreshold !== undefined ? patch.lowThreshold : cur.lowThreshold,
          dailyLimit: patch.dailyLimit !== undefined ? patch.dailyLimit : (cur.dailyLimit ?? null),
          weeklyLimit: patch.weeklyLimit !== undefined ? patch.weeklyLimit : (cur.weeklyLimit ?? null)
        }
        return this.view(profileId)
      },
      'balance:preflight': () => this.preflight,
      'balance:chat-estimate': ({ inputTokens }) => chatEstimate(this.chatSamples, inputTokens),
      'balance:job-cost': ({ ref }) =>
        this.jobCosts[ref] ?? { ref, cost: null, basis: null, estimate: null, error: null }
    }
  }
}
