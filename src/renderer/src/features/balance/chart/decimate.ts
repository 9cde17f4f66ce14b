/**
 * Min/max decimation for line charts: per pixel column, the first, lowest, highest and last point
 * (in x order). Drawn as a polyline this is pixel-identical in shape to drawing every point, but
 * a 10k-point series becomes at most 4 points per column.
 */
export interface Series {
  xs: ArrayLike<number>
  ys: ArrayLike<number>
}

export function decimateMinMax(
  s: Series,
  x0: number,
  x1: number,
  columns: number
): { xs: Float64Array; ys: Float64Array } {
  const n = s.xs.length
  const cols = Math.max(1, Math.floor(columns))
  if (n <= cols * 4) return { xs: Float64Array.from(s.xs), ys: Float64Array.from(s.ys) }
  const outX = new Float64Array(cols * 4)
  const outY = new Float64Array(cols * 4)
  let k = 0
  const span = x1 - x0 || 1
  let i = 0
  while (i < n) {
    const col = Math.min(cols - 1, Math.max(0, Math.floor(((s.xs[i] - x0) / span) * cols)))
    const first = i
    let minI = i
    let maxI = i
    let j = i + 1
    while (j < n && Math.min(cols - 1, Math.max(0, Math.floor(((s.xs[j] - x0) / span) * cols))) === col) {
      if (s.ys[j] < s.ys[minI]) minI = j
      if (s.ys[j] > s.ys[maxI]) maxI = j
      j++
    }
    const last = j - 1
    // The four kept points in x order, without repeats.
    const picks = [first, minI, maxI, last].sort((a, b) => a - b)
    let prev = -1
    for (const p of picks) {
      if (p === prev) continue
      outX[k] = s.xs[p]
      outY[k] = s.ys[p]
      k++
      prev = p
    }
    i = j
  }
  return { xs: outX.subarray(0, k), ys: outY.subarray(0, k) }
}
