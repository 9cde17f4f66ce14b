/**
 * Scales and ticks for the balance charts. Hand-written (with the drawing in draw.ts) instead of a
 * chart library: none is installed, and the charts must mount a 10k-point series within 3x of a
 * bare canvas polyline (PERFORMANCE T3), which rules out SVG-per-point libraries anyway.
 */

export interface LinearScale {
  d0: number
  d1: number
  r0: number
  r1: number
  map(v: number): number
  invert(px: number): number
}

export function linearScale(d0: number, d1: number, r0: number, r1: number): LinearScale {
  const span = d1 - d0 || 1
  const k = (r1 - r0) / span
  return { d0, d1, r0, r1, map: (v) => r0 + (v - d0) * k, invert: (px) => d0 + (px - r0) / k }
}

/** A step of 1, 2 or 5 times a power of ten that gives about `count` ticks. */
export function niceStep(span: number, count: number): number {
  if (!(span > 0) || !Number.isFinite(span)) return 1
  const raw = span / Math.max(1, count)
  const pow = 10 ** Math.floor(Math.log10(raw))
  const f = raw / pow
  return (f <= 1 ? 1 : f <= 2 ? 2 : f <= 5 ? 5 : 10) * pow
}

/** Round-number ticks covering [min, max]; the domain is widened to the outer ticks. */
export function niceDomain(min: number, max: number, count = 5): { domain: [number, number]; ticks: number[] } {
  let lo = min
  let hi = max
  if (!Number.isFinite(lo) || !Number.isFinite(hi)) return { domain: [0, 1], ticks: [0, 1] }
  if (lo === hi) {
    const pad = Math.abs(lo) * 0.1 || 1
    lo -= pad
    hi += pad
  }
  const step = niceStep(hi - lo, count)
  const start = Math.floor(lo / step) * step
  const end = Math.ceil(hi / step) * step
  const ticks: number[] = []
  for (let v = start; v <= end + step / 2 && ticks.length < 50; v += step) ticks.push(Math.abs(v) < step / 1e6 ? 0 : v)
  return { domain: [start, end], ticks }
}

/** Min and max of a series in one pass (no spread of 10k values onto the stack). */
export function extent(values: ArrayLike<number>): [number, number] {
  let lo = Infinity
  let hi = -Infinity
  for (let i = 0; i < values.length; i++) {
    const v = values[i]
    if (v < lo) lo = v
    if (v > hi) hi = v
  }
  return lo <= hi ? [lo, hi] : [0, 1]
}

const MIN = 60_000
const HOUR = 3_600_000
const DAY = 86_400_000
const TIME_STEPS = [
  MIN,
  5 * MIN,
  15 * MIN,
  30 * MIN,
  HOUR,
  3 * HOUR,
  6 * HOUR,
  12 * HOUR,
  DAY,
  2 * DAY,
  7 * DAY,
  14 * DAY,
  30 * DAY,
  91 * DAY,
  365 * DAY
]

/** Time ticks on round steps (aligned to the local clock for steps of a day or more). */
export function timeTicks(t0: number, t1: number, count = 5): { step: number; ticks: number[] } {
  const span = Math.max(1, t1 - t0)
  const step = TIME_STEPS.find((s) => span / s <= count) ?? TIME_STEPS.at(-1)!
  const offset = step >= DAY ? new Date(t0).getTimezoneOffset() * MIN : 0
  const ticks: number[] = []
  for (let t = Math.ceil((t0 - offset) / step) * step + offset; t <= t1 && ticks.length < 40; t += step) ticks.push(t)
  return { step, ticks }
}

/** Index of the x nearest to `x` in sorted `xs` (binary search). */
export function nearestIndex(xs: ArrayLike<number>, x: number): number {
  let lo = 0
  let hi = xs.length - 1
  if (hi < 0) return -1
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1
    if (xs[mid] <= x) lo = mid
    else hi = mid
  }
  return Math.abs(xs[lo] - x) <= Math.abs(xs[hi] - x) ? lo : hi
}
