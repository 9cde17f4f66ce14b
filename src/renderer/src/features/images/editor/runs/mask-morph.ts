/**
 * Grow and shrink by N pixels with a round (Euclidean) edge, in O(pixels) whatever N: the exact
 * distance transform's separable form (Felzenszwalb & Huttenlocher), cut at N.
 *
 * A pixel joins the grown mask when some painted pixel's centre is within N of its own. Split
 * into columns and rows: g(x, y) is the vertical distance from (x, y) to the nearest painted pixel
 * in column x (two sweeps), and (x, y) is within N of the mask when, for some column q,
 * (x - q)² + g(q, y)² <= N², i.e. |x - q| <= h(q) = floor(sqrt(N² - g²)). On each row that is a
 * union of intervals [q - h, q + h], found in one sweep. Integer arithmetic only.
 *
 * Shrink is grow of the complement. Past the image's edge nothing is known, so the edge does not
 * eat into the mask: a mask touching the edge still touches it after a shrink.
 */
import { complement, type Runs } from './mask-runs'

/** The largest N accepted (a 4096² image is 5,793 px corner to corner; past that a grow fills all). */
export const MORPH_MAX = 4096

export function growRuns(rows: readonly Runs[], width: number, height: number, n: number): Runs[] {
  const radius = Math.floor(n)
  if (radius <= 0) return rows.map((r) => r.slice())
  // Vertical distances past radius are all "too far": cap them so they fit 16 bits.
  const cap = Math.min(radius + 1, 0xffff)
  const g = new Uint16Array(width * height)
  // Down: distance to the nearest painted pixel at or above.
  for (let y = 0; y < height; y++) {
    const at = y * width
    if (y === 0) g.fill(cap, 0, width)
    else
      for (let x = 0; x < width; x++) {
        const v = g[at - width + x] + 1
        g[at + x] = v < cap ? v : cap
      }
    const r = rows[y]
    for (let i = 0; i < r.length; i += 2) g.fill(0, at + r[i], at + r[i + 1])
  }
  // Up: or below.
  for (let y = height - 2; y >= 0; y--) {
    const at = y * width
    for (let x = 0; x < width; x++) {
      const v = g[at + width + x] + 1
      if (v < g[at + x]) g[at + x] = v
    }
  }
  // h[d] = floor(sqrt(radius² - d²)) for d <= radius, exactly.
  const reach = new Int32Array(radius + 2).fill(-1)
  for (let d = 0; d <= radius; d++) {
    let h = Math.floor(Math.sqrt(radius * radius - d * d))
    while (h * h > radius * radius - d * d) h--
    while ((h + 1) * (h + 1) <= radius * radius - d * d) h++
    reach[d] = h
  }
  const out: Runs[] = new Array(height)
  // endFrom[s]: the furthest interval end among intervals starting at s (-1: none).
  const endFrom = new Int32Array(width)
  for (let y = 0; y < height; y++) {
    const at = y * width
    endFrom.fill(-1)
    let any = false
    for (let q = 0; q < width; q++) {
      const h = reach[g[at + q]]
      if (h < 0) continue
      any = true
      const s = q - h < 0 ? 0 : q - h
      const e = q + h + 1 > width ? width : q + h + 1
      if (e > endFrom[s]) endFrom[s] = e
    }
    const row: Runs = []
    if (any) {
      let end = -1
      let start = 0
      for (let x = 0; x < width; x++) {
        const e = endFrom[x]
        if (e > end) {
          if (end < x) {
            if (end > start) row.push(start, end)
            start = x
          }
          end = e
        }
      }
      if (end > start) row.push(start, end)
    }
    out[y] = row
  }
  return out
}

export function shrinkRuns(rows: readonly Runs[], width: number, height: number, n: number): Runs[] {
  if (Math.floor(n) <= 0) return rows.map((r) => r.slice())
  const grown = growRuns(
    rows.map((r) => complement(r, width)),
    width,
    height,
    n
  )
  return grown.map((r) => complement(r, width))
}
