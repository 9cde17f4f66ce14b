import type { Snapshot } from './balance'

/**
 * Trend math over local snapshots. Spending is read from `used`, which only grows with use: a
 * top-up raises `available` without touching `used`, so it is never mistaken for negative spend.
 * A drop in `used` (a refund, a reset key) counts as zero spend.
 */

export const DAY_MS = 86_400_000
/** Below this span of history a rate would be a guess from a few seconds of data. */
export const MIN_FORECAST_SPAN_MS = 10 * 60_000
/** The rate looks at this much recent history (older habits matter less). */
export const FORECAST_WINDOW_MS = 14 * DAY_MS

export interface BurnForecast {
  /** Raw units per day. */
  perDay: number
  /** Days until `available` reaches 0 at that rate; null when nothing is being spent. */
  daysLeft: number | null
  /** The history the rate rests on. */
  spanMs: number
  samples: number
}

export type ForecastResult =
  | { kind: 'forecast'; forecast: BurnForecast }
  | { kind: 'unlimited' }
  | { kind: 'not-enough-history'; spanMs: number; samples: number }

/** Sum of positive `used` increments between consecutive snapshots. */
export function spentBetween(snaps: readonly Snapshot[]): number {
  let total = 0
  for (let i = 1; i < snaps.length; i++) {
    const d = snaps[i].used - snaps[i - 1].used
    if (d > 0) total += d
  }
  return total
}

/** "At this rate, about N days left": the average spend per day over the recent window. */
export function burnForecast(
  snapshots: readonly Snapshot[],
  nowMs: number = snapshots.at(-1)?.at ?? 0
): ForecastResult {
  const sorted = [...snapshots].sort((a, b) => a.at - b.at)
  const last = sorted.at(-1)
  if (last?.unlimited) return { kind: 'unlimited' }
  const recent = sorted.filter((s) => s.at >= nowMs - FORECAST_WINDOW_MS)
  const spanMs = recent.length > 1 ? recent.at(-1)!.at - recent[0].at : 0
  if (!last || recent.length < 2 || spanMs < MIN_FORECAST_SPAN_MS)
    return { kind: 'not-enough-history', spanMs, samples: recent.length }
  const perDay = (spentBetween(recent) / spanMs) * DAY_MS
  const available = Math.max(0, last.available)
  const daysLeft = perDay > 0 ? available / perDay : null
  return { kind: 'forecast', forecast: { perDay, daysLeft, spanMs, samples: recent.length } }
}

export interface DailyUse {
  /** Start of the day (ms), as `dayStart` computes it. */
  day: number
  used: number
}

/** Local midnight of the day `ms` falls in (the chart's days follow the user's clock). */
export function localDayStart(ms: number): number {
  const d = new Date(ms)
  d.setHours(0, 0, 0, 0)
  return d.getTime()
}

/**
 * Use per day: each positive `used` increment is counted on the day of the snapshot that saw it.
 * Days without a snapshot between the first and last one are present with 0, so bars keep their places.
 */
export function dailyUse(snapshots: readonly Snapshot[], dayStart: (ms: number) => number = localDayStart): DailyUse[] {
  const sorted = [...snapshots].sort((a, b) => a.at - b.at)
  if (sorted.length === 0) return []
  const byDay = new Map<number, number>()
  for (let i = 1; i < sorted.length; i++) {
    const d = sorted[i].used - sorted[i - 1].used
    if (d > 0) {
      const key = dayStart(sorted[i].at)
      byDay.set(key, (byDay.get(key) ?? 0) + d)
    }
  }
  const out: DailyUse[] = []
  const first = dayStart(sorted[0].at)
  const last = dayStart(sorted.at(-1)!.at)
  // Step by 26 h and snap back to the day's start, so DST days (23 h or 25 h) are neither skipped nor doubled.
  for (let day = first; day <= last; day = dayStart(day + 26 * 3_600_000)) {
    out.push({ day, used: byDay.get(day) ?? 0 })
    if (out.length > 3660) break
  }
  return out
}
