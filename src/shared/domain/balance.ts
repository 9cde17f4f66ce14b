import { z } from 'zod'
import { DisplayUnitSchema } from './profiles'

/**
 * The balance dashboard's data as it crosses the bridge: billing figures, local snapshots, the
 * studio's own generation log, per-profile balance settings, pre-flight answers and alerts.
 */

/** Which form of the billing routes a gateway answers: unprefixed `/dashboard/…` or `/v1/dashboard/…`. */
export const BillingPrefixSchema = z.enum(['', '/v1'])
export type BillingPrefix = z.infer<typeof BillingPrefixSchema>

/** On the billing routes an unlimited key reports this as its limit (GATEWAY.md §4b). */
export const UNLIMITED_BILLING_LIMIT = 100_000_000

/**
 * `/dashboard/billing/subscription` + `/dashboard/billing/usage`, as reported: values are in the
 * site's display unit (USD, CNY or raw quota, per the site's configuration), `totalUsage` in
 * hundredths of that unit.
 */
export const BillingSummarySchema = z.object({
  prefix: BillingPrefixSchema,
  hasPaymentMethod: z.boolean(),
  softLimit: z.number(),
  hardLimit: z.number(),
  systemHardLimit: z.number(),
  /** Unix seconds; 0 = never. */
  accessUntil: z.number(),
  /** Hundredths of the display unit, as the gateway sends it (a float). */
  totalUsage: z.number(),
  /** The limit is the gateway's "unlimited" marker. */
  unlimited: z.boolean(),
  fetchedAt: z.number()
})
export type BillingSummary = z.infer<typeof BillingSummarySchema>

/** One local record of a key's quota (raw units), taken when the usage route answered. */
export const SnapshotSchema = z.object({
  at: z.number(),
  available: z.number(),
  used: z.number(),
  granted: z.number(),
  unlimited: z.boolean()
})
export type Snapshot = z.infer<typeof SnapshotSchema>

export const GenerationKindSchema = z.enum(['chat', 'image', 'video'])
export type GenerationKind = z.infer<typeof GenerationKindSchema>

/**
 * How a job's cost was attributed. `exact`: the only job between two snapshots; `shared`: the delta
 * was split between several jobs of the same model and price fields (each share is that job's cost);
 * `mixed`: split between jobs of different models or price fields (counted in spending, never in an
 * estimate); `unpriced`: the interval's `used` went down (a refund or reset), so no cost is known.
 */
export const CostBasisSchema = z.enum(['exact', 'shared', 'mixed', 'unpriced'])
export type CostBasis = z.infer<typeof CostBasisSchema>

/** The spending limits a job can be held by: over 24 hours, over 7 days, or the low-balance threshold. */
export const LimitKindSchema = z.enum(['daily', 'weekly', 'threshold'])

/** One finished generation of the studio, with what it cost when a snapshot pinned it down. */
export const GenerationEntrySchema = z.object({
  id: z.string(),
  profileId: z.string(),
  kind: GenerationKindSchema,
  model: z.string(),
  /** When it ended (ms). */
  at: z.number(),
  ok: z.boolean(),
  /** The key's used quota known before it (raw units), when known. */
  quotaBefore: z.number().optional(),
  /** Raw quota units it cost, attributed from the snapshots around it. */
  cost: z.number().optional(),
  costBasis: CostBasisSchema.optional(),
  /** The studio's id of the job or task it was for. */
  ref: z.string().optional(),
  /** Its price fields (`priceKey`, estimate.ts). */
  params: z.string().optional(),
  /** What the estimator expected it to cost when it was recorded (raw units), when it had history. */
  estimate: z.number().optional(),
  /** A chat answer's tokens as the gateway reported them: chat is estimated per token (chat-estimate.ts). */
  tokens: z
    .object({ input: z.number().optional(), output: z.number().optional(), total: z.number().optional() })
    .optional()
})
export type GenerationEntry = z.infer<typeof GenerationEntrySchema>

export const ModelSpendingSchema = z.object({
  model: z.string(),
  kind: GenerationKindSchema,
  jobs: z.number().int(),
  /** Jobs whose cost is known. */
  costed: z.number().int(),
  cost: z.number()
})
export type ModelSpending = z.infer<typeof ModelSpendingSchema>

/** One model's known costs on one local day (`day`: that day's local midnight, ms). */
export const DaySpendingSchema = z.object({ day: z.number(), model: z.string(), cost: z.number() })
export type DaySpending = z.infer<typeof DaySpendingSchema>

export const SpendingSchema = z.object({
  byModel: z.array(ModelSpendingSchema),
  byDay: z.array(DaySpendingSchema),
  since: z.number()
})
export type Spending = z.infer<typeof SpendingSchema>

export const QUOTA_PER_USD_DEFAULT = 500_000

/** Per profile: how amounts are shown, and when to warn. */
export const BalanceSettingsSchema = z.object({
  /** null: follow the profile's display unit. */
  displayUnit: DisplayUnitSchema.nullable(),
  /** Raw quota units per 1 USD on this gateway (new-api's QuotaPerUnit, 500 000 by default). */
  quotaPerUsd: z.number().positive().max(1e12),
  /** Warn when the available quota (raw units) falls below this; null = no alert. */
  lowThreshold: z.number().min(0).max(1e15).nullable(),
  /**
   * Spending limits (raw units) over the last 24 hours and the last 7 days; null = none. A job whose
   * estimate would take the spending past one is held until the user lets it go or raises the limit.
   */
  dailyLimit: z.number().min(0).max(1e15).nullable().optional(),
  weeklyLimit: z.number().min(0).max(1e15).nullable().optional()
})
export type BalanceSettings = z.infer<typeof BalanceSettingsSchema>

export const DEFAULT_BALANCE_SETTINGS: BalanceSettings = {
  displayUnit: null,
  quotaPerUsd: QUOTA_PER_USD_DEFAULT,
  lowThreshold: null,
  dailyLimit: null,
  weeklyLimit: null
}

export const PreflightSchema = z.object({
  /** Raw units available; null when unknown (no record yet) or meaningless (unlimited). */
  available: z.number().nullable(),
  unlimited: z.boolean(),
  /** Raw units a job of this model cost before (median of past jobs); null when none was measured. */
  expectedCost: z.number().nullable(),
  /** How many past jobs the estimate rests on. */
  basedOn: z.number().int(),
  /** The lowest and highest of those jobs' costs (raw units); null without history. */
  low: z.number().nullable().optional(),
  high: z.number().nullable().optional(),
  /** `params`: jobs with the same price fields; `model`: any job of the model (none matched); `none`: no history. */
  basis: z.enum(['params', 'model', 'none']).optional(),
  warn: z.boolean(),
  /** `daily-limit`, `weekly-limit`, `threshold-limit`: the job would take the spending past a limit (`limit` says which figures). */
  reason: z.enum([
    'ok',
    'below-cost',
    'exhausted',
    'expired',
    'below-threshold',
    'unknown',
    'daily-limit',
    'weekly-limit',
    'threshold-limit'
  ]),
  /** When a spending limit holds the job: the limit and what was spent in its window (raw units). */
  limit: z.object({ kind: LimitKindSchema, limit: z.number(), spent: z.number() }).optional(),
  /** When the usage record behind `available` was fetched (ms), if any. */
  fetchedAt: z.number().nullable()
})
export type Preflight = z.infer<typeof PreflightSchema>

/** What every balance alert names: the profile it is about and when it was raised (ms). */
const ProfileAlertSchema = z.object({ profileId: z.string(), profileName: z.string(), at: z.number() })

/** A job held by a spending limit (told once per limit and window: a toast and a desktop notification). */
export const LimitHoldSchema = ProfileAlertSchema.extend({
  model: z.string(),
  kind: LimitKindSchema,
  limit: z.number(),
  spent: z.number(),
  expected: z.number().nullable()
})
export type LimitHold = z.infer<typeof LimitHoldSchema>

export const LowBalanceAlertSchema = ProfileAlertSchema.extend({ available: z.number(), threshold: z.number() })
export type LowBalanceAlert = z.infer<typeof LowBalanceAlertSchema>

/** What a finished job cost as measured, and what it was expected to cost. */
export const JobCostSchema = z.object({
  ref: z.string(),
  /** Raw units; null until a snapshot after the job priced it (or when it cannot be priced). */
  cost: z.number().nullable(),
  basis: CostBasisSchema.nullable(),
  estimate: z.number().nullable(),
  /** cost - estimate, when both are known. */
  error: z.number().nullable()
})
export type JobCost = z.infer<typeof JobCostSchema>
