import type { KeyUsage } from './usage'

/** A key's state, without zod (the renderer's start-up path imports this, T1); usage.ts re-exports it. */
export const KEY_STATES = ['active', 'expired', 'exhausted', 'unlimited'] as const
export type KeyState = (typeof KEY_STATES)[number]

export function keyStateOf(u: Pick<KeyUsage, 'unlimited' | 'expiresAt' | 'totalAvailable'>, nowMs: number): KeyState {
  if (u.expiresAt > 0 && u.expiresAt * 1000 <= nowMs) return 'expired'
  if (u.unlimited) return 'unlimited'
  if (u.totalAvailable <= 0) return 'exhausted'
  return 'active'
}
