import { z } from 'zod'
import type { InvokeSpec } from '../contract-kit'
import { KeyUsageSchema } from '../domain/usage'

export const balanceInvokes = {
  'balance:get-usage': {
    doc: 'The key usage record of a profile (the active one when no id is given). Cached: the route is rate limited.',
    input: z.strictObject({ profileId: z.string().min(1).max(64).optional(), refresh: z.boolean().optional() }).optional(),
    output: KeyUsageSchema
  }
} satisfies Record<string, InvokeSpec>

export const balanceEvents = {
  'balance:usage-updated': z.object({ profileId: z.string(), usage: KeyUsageSchema })
}
