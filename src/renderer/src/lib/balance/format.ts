import { keyStateOf } from '@shared/domain/key-state'
import type { KeyState, KeyUsage } from '@shared/domain/usage'
import { numberFormat } from '@shared/intl-formats'

/** Raw quota units with thousands separators and no fraction (the gateway counts whole units). */
export function formatQuota(value: number, locale: string): string {
  return numberFormat(locale, { maximumFractionDigits: 0 }).format(value)
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

const DURATION_UNITS: Array<[Intl.NumberFormatOptions['unit'] & string, number]> = [
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
  ['second', 1000]
]

/**
 * A duration for people, in its two largest units ("3 days, 4 hours"; "12 minutes"), localized by
 * Intl's unit formatting so en and zh both read naturally.
 */
export function formatDuration(ms: number, locale: string): string {
  let rest = Math.abs(ms)
  const parts: string[] = []
  for (const [unit, size] of DURATION_UNITS) {
    const n = Math.floor(rest / size)
    rest -= n * size
    // Two units at most, and the second only right after the first (no "3 days, 12 seconds").
    if (n > 0 && (parts.length === 0 || parts.length === 1))
      parts.push(numberFormat(locale, { style: 'unit', unit, unitDisplay: 'long' }).format(n))
    else if (parts.length > 0) break
    if (parts.length === 2) break
  }
  if (parts.length === 0)
    parts.push(numberFormat(locale, { style: 'unit', unit: 'second', unitDisplay: 'long' }).format(0))
  return new Intl.ListFormat(locale, { style: 'narrow', type: 'unit' }).format(parts)
}

/** How old a record is, coarsely (seconds under a minute, then minutes, hours, days). */
export function formatAge(ms: number, locale: string): string {
  const abs = Math.max(0, ms)
  const [unit, size] =
    abs < 60_000
      ? (['second', 1000] as const)
      : abs < 3_600_000
        ? (['minute', 60_000] as const)
        : abs < 86_400_000
          ? (['hour', 3_600_000] as const)
          : (['day', 86_400_000] as const)
  return numberFormat(locale, { style: 'unit', unit, unitDisplay: 'long' }).format(Math.floor(abs / size))
}

/** Warn about expiry this long before it. */
export const EXPIRY_WARNING_MS = 7 * 86_400_000

export type ExpiryState =
  | { kind: 'never' }
  | { kind: 'expired'; agoMs: number }
  | { kind: 'soon'; inMs: number }
  | { kind: 'later'; inMs: number }

export function expiryState(expiresAt: number, nowMs: number): ExpiryState {
  if (expiresAt <= 0) return { kind: 'never' }
  const d = expiresAt * 1000 - nowMs
  if (d <= 0) return { kind: 'expired', agoMs: -d }
  return d <= EXPIRY_WARNING_MS ? { kind: 'soon', inMs: d } : { kind: 'later', inMs: d }
}

/** Share of the granted quota that is used, 0..1; null for unlimited keys or nothing granted. */
export function usedShare(usage: KeyUsage): number | null {
  if (usage.unlimited || usage.totalGranted <= 0) return null
  return Math.min(1, Math.max(0, usage.totalUsed / usage.totalGranted))
}
