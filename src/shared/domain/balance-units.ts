import { numberFormat } from '../intl-formats'
import type { DisplayUnit } from './profiles'

/**
 * Display units. The usage route counts raw quota units; the billing routes report in the site's
 * display unit (USD, CNY or raw quota), which the gateway does not name, so the studio never
 * assumes one: the profile's setting says which it is. The raw value stays one hover away.
 */

/** Raw quota units into the display unit: USD = raw / quotaPerUsd; CNY = that times the rate. */
export function quotaInUnit(raw: number, unit: DisplayUnit, quotaPerUsd: number): number {
  if (unit.kind === 'quota') return raw
  const usd = raw / quotaPerUsd
  return unit.kind === 'usd' ? usd : usd * unit.rate
}

/** A billing figure is already in the site's unit; `total_usage` is in hundredths of it. */
export function billingUsageInUnit(totalUsage: number): number {
  return totalUsage / 100
}

/** An amount in the given unit, for people: currency with cents (more for tiny amounts), quota as whole units. */
export function formatAmount(value: number, unit: DisplayUnit, locale: string): string {
  if (!Number.isFinite(value)) return '—'
  if (unit.kind === 'quota')
    return numberFormat(locale, { maximumFractionDigits: Math.abs(value) < 10 && value % 1 !== 0 ? 2 : 0 }).format(
      value
    )
  const small = Math.abs(value) > 0 && Math.abs(value) < 0.01
  return numberFormat(locale, {
    style: 'currency',
    currency: unit.kind === 'usd' ? 'USD' : 'CNY',
    minimumFractionDigits: small ? 4 : 2,
    maximumFractionDigits: small ? 6 : 2
  }).format(value)
}

/** Raw quota units, exact (for the tooltip). */
export function formatRaw(value: number, locale: string): string {
  return numberFormat(locale, { maximumFractionDigits: 6 }).format(value)
}

/** Short name of the unit for labels. */
export function unitCode(unit: DisplayUnit): 'USD' | 'CNY' | 'quota' {
  return unit.kind === 'usd' ? 'USD' : unit.kind === 'cny' ? 'CNY' : 'quota'
}
