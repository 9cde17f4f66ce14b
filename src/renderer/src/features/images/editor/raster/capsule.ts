/**
 * Geometry and memory helpers shared by the rasterisers (pure): where a round-capped segment
 * crosses a pixel row, and whole-pixel writes through a 32-bit view of the RGBA buffer. The
 * rasterisers only ever change alpha and keep RGB uniform (the overlay tint, or black in the
 * export), so a span of pixels can be written with one native Uint32Array.fill.
 */

/**
 * The open interval of x on the line y = py whose distance to segment AB is below `r`, as
 * [lo, hi] into `out`; false when the line misses the capsule. The capsule is convex, so its
 * intersection with a line is one interval: the union of the two end discs and the side slab.
 */
export function capsuleSpan(
  ax: number,
  ay: number,
  bx: number,
  by: number,
  r: number,
  py: number,
  out: [number, number]
): boolean {
  let lo = Infinity
  let hi = -Infinity
  const r2 = r * r
  const ha = r2 - (py - ay) * (py - ay)
  if (ha > 0) {
    const h = Math.sqrt(ha)
    lo = ax - h
    hi = ax + h
  }
  const hb = r2 - (py - by) * (py - by)
  if (hb > 0) {
    const h = Math.sqrt(hb)
    if (bx - h < lo) lo = bx - h
    if (bx + h > hi) hi = bx + h
  }
  const dx = bx - ax
  const dy = by - ay
  const len2 = dx * dx + dy * dy
  if (len2 > 0) {
    // Along the segment: 0 <= (p - A)·d <= |d|²; across it: |(p - A) x d| < r |d|. Both linear in x.
    const ey = py - ay
    const rl = r * Math.sqrt(len2)
    let a = -Infinity
    let b = Infinity
    if (dx !== 0) {
      const u0 = ax - (ey * dy) / dx
      const u1 = ax + (len2 - ey * dy) / dx
      a = Math.max(a, Math.min(u0, u1))
      b = Math.min(b, Math.max(u0, u1))
    } else if (ey * dy < 0 || ey * dy > len2) b = a
    if (dy !== 0) {
      const v0 = ax + (ey * dx - rl) / dy
      const v1 = ax + (ey * dx + rl) / dy
      a = Math.max(a, Math.min(v0, v1))
      b = Math.min(b, Math.max(v0, v1))
    } else if (Math.abs(ey * dx) >= rl) b = a
    if (a < b) {
      if (a < lo) lo = a
      if (b > hi) hi = b
    }
  }
  if (!(lo < hi)) return false
  out[0] = lo
  out[1] = hi
  return true
}

const views = new WeakMap<Uint8ClampedArray, Uint32Array>()

/** A 32-bit view of an RGBA buffer: one element per pixel. */
export function pixelWords(data: Uint8ClampedArray): Uint32Array {
  let view = views.get(data)
  if (!view) {
    view = new Uint32Array(data.buffer, data.byteOffset, data.length >> 2)
    views.set(data, view)
  }
  return view
}

/** The whole-pixel value with the buffer's (uniform) colour and this alpha, in native byte order. */
export function pixelWord(data: Uint8ClampedArray, alpha: number): number {
  return new Uint32Array(new Uint8ClampedArray([data[0], data[1], data[2], alpha]).buffer)[0]
}

/** The first and one-past-last pixel whose centre lies inside the open interval (lo, hi), clamped. */
export function pixelRange(lo: number, hi: number, min: number, max: number): [number, number] {
  return [Math.max(min, Math.floor(lo - 0.5) + 1), Math.min(max, Math.ceil(hi - 0.5))]
}
