/**
 * The harness math. Every figure the suite reports is a ratio against a baseline taken in the same
 * run, so these helpers stay tiny and exact; they are unit-tested in scripts/bench-stats.test.ts.
 */
import { SMOKE } from './smoke'

function sorted(xs: readonly number[]): number[] {
  if (xs.length === 0) throw new Error('no samples')
  if (xs.some((x) => !Number.isFinite(x))) throw new Error('a sample is not a finite number')
  return [...xs].sort((a, b) => a - b)
}

export function median(xs: readonly number[]): number {
  const s = sorted(xs)
  const mid = s.length >> 1
  return s.length % 2 === 1 ? s[mid] : (s[mid - 1] + s[mid]) / 2
}

/**
 * Nearest-rank percentile (no interpolation): the reported value is always a sample that was
 * really observed, and p95 of 31 samples is the 30th smallest, i.e. it tolerates one outlier.
 */
export function percentile(xs: readonly number[], p: number): number {
  if (!(p > 0 && p <= 100)) throw new Error(`percentile must be in (0, 100], got ${p}`)
  const s = sorted(xs)
  const rank = Math.ceil((p / 100) * s.length)
  return s[Math.min(s.length, Math.max(1, rank)) - 1]
}

export function p95(xs: readonly number[]): number {
  return percentile(xs, 95)
}

export function max(xs: readonly number[]): number {
  return sorted(xs).at(-1) as number
}

/** subject / baseline, rounded for the report; a zero or negative baseline cannot give a ratio. */
export function ratio(value: number, baseline: number): number {
  if (!(baseline > 0)) throw new Error(`baseline must be positive to form a ratio, got ${baseline}`)
  return round(value / baseline, 3)
}

export function round(x: number, digits = 2): number {
  const f = 10 ** digits
  return Math.round(x * f) / f
}

export type Arm = 'baseline' | 'subject'

/**
 * The order to take `pairs` baseline/subject samples in: ABBA blocks (A B, B A, A B, ...), so slow
 * drift of a noisy machine (another engineer's test run starting) lands on both arms equally and
 * neither arm always runs "first, while caches are cold".
 */
export function interleavedOrder(pairs: number): Arm[] {
  if (!Number.isInteger(pairs) || pairs < 1) throw new Error(`pairs must be a positive integer, got ${pairs}`)
  const order: Arm[] = []
  for (let i = 0; i < pairs; i++)
    order.push(...((i % 2 === 0 ? ['baseline', 'subject'] : ['subject', 'baseline']) as Arm[]))
  return order
}

export interface Interleaved<T> {
  baseline: T[]
  subject: T[]
}

/**
 * Runs `pairs` samples of each arm in interleaved order, after `warmup` unrecorded pairs (JIT,
 * connection pools, disk cache). Sequential on purpose: two samples in flight would measure each other.
 */
export async function interleave<T>(
  pairs: number,
  arms: { baseline: (i: number) => Promise<T>; subject: (i: number) => Promise<T> },
  warmup = 1
): Promise<Interleaved<T>> {
  // The smoke proves a metric runs; an unrecorded warm-up pair would only double its time.
  for (let i = 0; i < (SMOKE ? 0 : warmup); i++) {
    await arms.baseline(-1 - i)
    await arms.subject(-1 - i)
  }
  const out: Interleaved<T> = { baseline: [], subject: [] }
  const counters = { baseline: 0, subject: 0 }
  for (const arm of interleavedOrder(pairs)) {
    out[arm].push(await arms[arm](counters[arm]++))
  }
  return out
}

/** Milliseconds from a `process.hrtime.bigint()` reading to now. */
export function msSince(start: bigint): number {
  return Number(process.hrtime.bigint() - start) / 1e6
}
