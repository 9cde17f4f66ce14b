import { z } from 'zod'
import type { InvokeSpec } from '../contract-kit'
import {
  BalanceSettingsSchema,
  BillingSummarySchema,
  GenerationKindSchema,
  JobCostSchema,
  LimitHoldSchema,
  LowBalanceAlertSchema,
  PreflightSchema,
  SnapshotSchema,
  SpendingSchema
} from '../domain/balance'
import { DisplayUnitSchema } from '../domain/profiles'
import { KeyUsageSchema } from '../domain/usage'

const ProfileId = z.string().min(1).max(64)
const ModelName = z.string().trim().min(1, 'Enter a model name').max(200)

export const balanceInvokes = {
  'balance:get-usage': {
    doc: 'The key usage record of a profile (the active one when no id is given). Cached: the route is rate limited.',
    input: z.strictObject({ profileId: ProfileId.optional(), refresh: z.boolean().optional() }).optional(),
    output: KeyUsageSchema
  },
  'balance:get-billing': {
    doc: 'Subscription and billing usage of a profile, from whichever route form (unprefixed or /v1) the gateway answers.',
    input: z.strictObject({ profileId: ProfileId.optional(), refresh: z.boolean().optional() }).optional(),
    output: BillingSummarySchema
  },
  'balance:get-history': {
    doc: 'The local quota snapshots of a profile, oldest first (bounded; older ones thinned out).',
    input: z.strictObject({ profileId: ProfileId.optional() }).optional(),
    output: z.object({ profileId: z.string(), snapshots: z.array(SnapshotSchema) })
  },
  'balance:get-spending': {
    doc: "Spending by model from the studio's own generation log.",
    input: z
      .strictObject({ profileId: ProfileId.optional(), sinceDays: z.number().int().min(1).max(3660).optional() })
      .optional(),
    output: SpendingSchema
  },
  'balance:get-settings': {
    doc: 'Balance settings of a profile (display unit, quota per USD, low-balance threshold) and the unit in effect.',
    input: z.strictObject({ profileId: ProfileId.optional() }).optional(),
    output: z.object({ profileId: z.string(), settings: BalanceSettingsSchema, effectiveUnit: DisplayUnitSchema })
  },
  'balance:update-settings': {
    doc: 'Changes the balance settings of a profile.',
    input: z.strictObject({
      profileId: ProfileId,
      displayUnit: DisplayUnitSchema.nullable().optional(),
      quotaPerUsd: BalanceSettingsSchema.shape.quotaPerUsd.optional(),
      lowThreshold: BalanceSettingsSchema.shape.lowThreshold.optional(),
      dailyLimit: BalanceSettingsSchema.shape.dailyLimit,
      weeklyLimit: BalanceSettingsSchema.shape.weeklyLimit
    }),
    output: z.object({ profileId: z.string(), settings: BalanceSettingsSchema, effectiveUnit: DisplayUnitSchema })
  },
  'balance:preflight': {
    doc: "Before a job: the available quota, the job's expected cost from past jobs of that model, and whether to warn.",
    input: z.strictObject({
      profileId: ProfileId.optional(),
      model: ModelName,
      kind: GenerationKindSchema,
      params: z.string().max(400).optional()
    }),
    output: PreflightSchema
  },
  'balance:chat-estimate': {
    doc: "Before a chat send: its expected cost from this profile's measured chat answers of the model per token, for `inputTokens` (the prompt and the history it carries, counted by the composer) plus the model's usual answer length.",
    input: z.strictObject({
      profileId: ProfileId.optional(),
      model: ModelName,
      inputTokens: z.number().int().min(0).max(100_000_000)
    }),
    output: z.object({
      cost: z.number().nullable(),
      low: z.number().nullable(),
      high: z.number().nullable(),
      tokens: z.number().int(),
      basedOn: z.number().int()
    })
  },
  'balance:job-cost': {
    doc: 'What a finished job or task (by the studio id) cost as measured, what it was expected to cost, and the difference.',
    input: z.strictObject({ ref: z.string().min(1).max(100) }),
    output: JobCostSchema
  }
} satisfies Record<string, InvokeSpec>

export const balanceEvents = {
  'balance:usage-updated': z.object({ profileId: z.string(), usage: KeyUsageSchema }),
  'balance:history-changed': z.object({ profileId: z.string() }),
  'balance:low-balance': LowBalanceAlertSchema,
  'balance:limit-hold': LimitHoldSchema
}
