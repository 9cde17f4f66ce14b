import { keyStateOf, type KeyState, type KeyUsage } from '@shared/domain/usage'

/** Raw quota units with thousands separators and no fraction (the gateway counts whole units). */
export function formatQuota(value: number, locale: string): string {
  return new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }).format(value)
}

/** What the badge shows: a state word, or the available amount for an active key. */
export type BalanceHeadline = { state: Exclude<KeyState, 'active'> } | { state: 'active'; available: number }

/**
 * An unlimited key often reports a negative "available" (the gateway subtracts usage from 0); that
 * is not debt, so such a key is shown as Unlimited, and an exhausted one as Used up, never below 0.
 */
export function balanceHeadline(usage: KeyUsage, nowMs: number): BalanceHeadline {
  const state = keyStateOf(usage, nowMs)
  return state === 'active' ? { state, available: usage.totalAvailable } : { state }
}

/** The available amount for details: never negative. */
export function shownAvailable(usage: KeyUsage): number {
  return Math.max(0, usage.totalAvailable)
}
