import { z } from 'zod'
import { KEY_STATES } from './key-state'

/**
 * The key usage record of `GET /api/usage/token/`, as the host normalises it.
 * Values are raw quota units. `modelLimits` values are `true` (allow-list) or a number (docs/GATEWAY.md §4a).
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

export const KeyStateSchema = z.enum(KEY_STATES)

// keyStateOf lives in the zod-free key-state.ts (the renderer imports it from there, T1).
export * from './key-state'

export const ConnectionReportSchema = z.object({
  keyName: z.string(),
  state: KeyStateSchema,
  usage: KeyUsageSchema,
  latencyMs: z.number()
})
export type ConnectionReport = z.infer<typeof ConnectionReportSchema>
