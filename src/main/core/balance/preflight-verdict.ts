import type { Preflight } from '@shared/domain/balance'
import { keyStateOf, type KeyUsage } from '@shared/domain/usage'

/** What a pre-flight answer carries whatever its verdict: the estimate and when the usage was read. */
export type PreflightBase = Pick<Preflight, 'expectedCost' | 'basedOn' | 'low' | 'high' | 'basis' | 'fetchedAt'>

export interface LimitHold {
  reason: 'daily-limit' | 'weekly-limit'
  limit: { kind: 'daily' | 'weekly'; limit: number; spent: number }
}

/**
 * The pre-flight verdict from the key's usage record (absent: unknown): expired, exhausted, held by a
 * spending limit, below the expected cost or the low-balance threshold, or ok. `held` is asked only
 * where a limit can hold (it tells the user of the hold), in the order the checks run.
 */
export function preflightVerdict(v: {
  base: PreflightBase
  usage: KeyUsage | undefined
  cost: number | null
  now: number
  held: () => LimitHold | null
  threshold: () => number | null
}): Preflight {
  const { base, usage, cost } = v
  if (!usage) {
    const held = v.held()
    if (held) return { ...base, available: null, unlimited: false, warn: true, reason: held.reason, limit: held.limit }
    return { ...base, available: null, unlimited: false, warn: false, reason: 'unknown' }
  }
  const state = keyStateOf(usage, v.now)
  if (state === 'expired')
    return {
      ...base,
      available: Math.max(0, usage.totalAvailable),
      unlimited: usage.unlimited,
      warn: true,
      reason: 'expired'
    }
  const available = usage.totalAvailable
  if (state === 'exhausted')
    return { ...base, available: Math.max(0, available), unlimited: false, warn: true, reason: 'exhausted' }
  // Spending limits hold whatever the key allows (an unlimited key too).
  const held = v.held()
  if (held)
    return {
      ...base,
      available: state === 'unlimited' ? null : available,
      unlimited: state === 'unlimited',
      warn: true,
      reason: held.reason,
      limit: held.limit
    }
  // An unlimited key's "available" is meaningless (it may be negative): no warning on it.
  if (state === 'unlimited') return { ...base, available: null, unlimited: true, warn: false, reason: 'ok' }
  if (cost !== null && available < cost)
    return { ...base, available, unlimited: false, warn: true, reason: 'below-cost' }
  const threshold = v.threshold()
  if (threshold !== null && available - (cost ?? 0) < threshold)
    return { ...base, available, unlimited: false, warn: false, reason: 'below-threshold' }
  return { ...base, available, unlimited: false, warn: false, reason: 'ok' }
}
