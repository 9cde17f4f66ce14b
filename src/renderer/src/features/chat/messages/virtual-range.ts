/**
 * The arithmetic of list windowing, kept pure so it is tested without a layout engine.
 * `offsets[i]` is the top of row i; `offsets[count]` is the total height.
 */

export function computeOffsets(
  keys: readonly string[],
  heights: ReadonlyMap<string, number>,
  estimate: number
): Float64Array {
  const offsets = new Float64Array(keys.length + 1)
  for (let i = 0; i < keys.length; i++) offsets[i + 1] = offsets[i] + (heights.get(keys[i]) ?? estimate)
  return offsets
}

/** First row whose bottom edge is below `y`. */
function rowAt(offsets: Float64Array, y: number): number {
  let lo = 0
  let hi = offsets.length - 2
  while (lo < hi) {
    const mid = (lo + hi) >> 1
    if (offsets[mid + 1] <= y) lo = mid + 1
    else hi = mid
  }
  return Math.max(0, lo)
}

export interface RowRange {
  /** First rendered row. */
  start: number
  /** One past the last rendered row. */
  end: number
}

/** The rows that intersect the viewport, plus `overscan` rows on each side. */
export function visibleRange(offsets: Float64Array, scrollTop: number, viewport: number, overscan: number): RowRange {
  const count = offsets.length - 1
  if (count <= 0) return { start: 0, end: 0 }
  const first = rowAt(offsets, Math.max(0, scrollTop))
  const last = rowAt(offsets, Math.max(0, scrollTop + viewport - 1))
  return { start: Math.max(0, first - overscan), end: Math.min(count, last + 1 + overscan) }
}

/** Within this distance of the bottom the list counts as "at the bottom" and follows new content. */
export const FOLLOW_THRESHOLD_PX = 48

export interface ScrollReading {
  scrollTop: number
  scrollHeight: number
  clientHeight: number
  /** Where the list last scrolled itself to (following); a reading above it means the user moved up. */
  lastWrittenTop: number
}

/**
 * Whether to keep following new content after a scroll. Only a move up by the user stops it
 * (content that grew below us is not a reason); reaching the bottom again resumes it.
 */
export function followAfterScroll(following: boolean, r: ScrollReading): boolean {
  if (r.scrollHeight - r.scrollTop - r.clientHeight <= FOLLOW_THRESHOLD_PX) return true
  if (r.scrollTop < r.lastWrittenTop - 1) return false
  return following
}
