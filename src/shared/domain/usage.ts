import { z } from 'zod'

/**
 * The key usage record of `GET /api/usage/token/`, as the host normalises it.
 * Values are raw quota units. `modelLimits` values are `true` (allow-list) or a number, per the wire notes.
 */
export const KeyUsageSchema = z.object({
  name: z.string(),
  totalGranted: z.number(),
  totalUsed: z.number(),
  totalAvailable: z.number(),
  unlimited: z.boolean(),
  modelLimitsEnabled: z.boolean(),
  modelLimits: z.record(z.string(), z.union([z.number(), z.boolean()])),
  /** Unix seconds; 0 means never. */
  expiresAt: z.number(),
  /** When the host fetched it (ms since epoch). */
  fetchedAt: z.number()
})
export type KeyUsage = z.infer<typeof KeyUsageSchema>

export const KeyStateSchema = z.enum(['active', 'expired', 'exhausted', 'unlimited'])
export type KeyState = z.infer<typeof KeyStateSchema>

export function keyStateOf(u: Pick<KeyUsage, 'unlimited' | 'expiresAt' | 'totalAvailable'>, nowMs: number): KeyState {
  if (u.expiresAt > 0 && u.expiresAt * 1000 <= nowMs) return 'expired'
  if (u.unlimited) return 'unlimited'
  if (u.totalAvailable <= 0) return 'exhausted'
  return 'active'
}

export const ConnectionReportSchema = z.object({
  keyName: z.string(),
  state: KeyStateSchema,
  usage: KeyUsageSchema,
  latencyMs: z.number()
})
export type ConnectionReport = z.infer<typeof ConnectionReportSchema>
