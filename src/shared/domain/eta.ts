/**
 * When a job should end, from its model's own durations: the median and the 75th percentile of the
 * model's last runs (ETA_SAMPLE), and how many runs that rests on. Zod-free and pure: the board
 * applies it to the tasks it already holds.
 */

/** An ETA rests on at most this many of the model's latest runs. */
export const ETA_SAMPLE = 20

export interface DurationStats {
  /** ms */
  median: number
  /** ms */
  p75: number
  runs: number
}

/** Nearest-rank percentile of sorted values. */
function rank(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))]
}

/**
 * Stats of the latest ETA_SAMPLE durations (given oldest first). Durations that are no duration
 * (negative: a clock set back between start and end; not finite) are left out, never averaged in.
 * Null when none is left.
 */
export function durationStats(durations: readonly number[]): DurationStats | null {
  const usable = durations.filter((d) => Number.isFinite(d) && d >= 0).slice(-ETA_SAMPLE)
  if (!usable.length) return null
  const sorted = [...usable].sort((a, b) => a - b)
  const m = sorted.length >> 1
  const median = sorted.length % 2 ? sorted[m] : (sorted[m - 1] + sorted[m]) / 2
  return { median, p75: rank(sorted, 0.75), runs: usable.length }
}

/**
 * When a job started at `startedAt` should end: at the median and by the 75th percentile of its
 * model's runs, after `aheadMs` of work before it (a queue ahead of it; 0 when it already runs).
 */
export function etaOf(startedAt: number, stats: DurationStats, aheadMs = 0): { median: number; p75: number } {
  return { median: startedAt + aheadMs + stats.median, p75: startedAt + aheadMs + stats.p75 }
}
