import { createHash } from 'node:crypto'

/**
 * Synthetic picture content: a three-stop gradient, a few solid blocks and some translucent discs,
 * all laid out by a PRNG seeded from (salt, seed, prompt).
 *
 * Determinism matters more than beauty here: tests compare bytes across runs and machines. So the
 * maths sticks to integer ops plus IEEE +,-,*,/ and sqrt (correctly rounded everywhere) and avoids
 * Math.sin/cos/pow, whose last bits are allowed to vary between engines.
 */

export type Rng = () => number

/** sfc32 seeded from a SHA-256 of the inputs: any change to prompt or seed reshuffles everything. */
export function makeRng(salt: string, prompt: string, seed: number): Rng {
  // Salt and String(seed) never contain NUL, so the framing is unambiguous.
  const d = createHash('sha256')
    .update(`${salt}\u0000${String(seed)}\u0000`)
    .update(prompt, 'utf8')
    .digest()
  let a = d.readUInt32LE(0)
  let b = d.readUInt32LE(4)
  let c = d.readUInt32LE(8)
  let n = d.readUInt32LE(12)
  const next: Rng = () => {
    const t = (((a + b) | 0) + n) | 0
    n = (n + 1) | 0
    a = b ^ (b >>> 9)
    b = (c + (c << 3)) | 0
    c = (c << 21) | (c >>> 11)
    c = (c + t) | 0
    return (t >>> 0) / 4294967296
  }
  // Warm-up: the first outputs of sfc32 still correlate with the raw seed words.
  for (let k = 0; k < 12; k++) next()
  return next
}

/** Integer in [lo, hi], inclusive. */
function int(rng: Rng, lo: number, hi: number): number {
  return lo + Math.floor(rng() * (hi - lo + 1))
}

type Rgb = [number, number, number]

/** A saturated-ish colour from an HSV triple; avoids the muddy greys uniform RGB sampling gives. */
function colour(rng: Rng): Rgb {
  const h = rng() * 6
  const s = 0.35 + rng() * 0.6
  const v = 0.35 + rng() * 0.65
  const sector = Math.floor(h)
  const f = h - sector
  const p = v * (1 - s)
  const q = v * (1 - s * f)
  const t = v * (1 - s * (1 - f))
  const table: Rgb[] = [
    [v, t, p],
    [q, v, p],
    [p, v, t],
    [p, q, v],
    [t, p, v],
    [v, p, q]
  ]
  const [r, g, b] = table[sector % 6]
  return [Math.round(r * 255), Math.round(g * 255), Math.round(b * 255)]
}

/** 256-entry RGB lookup table through three colour stops, so the per-pixel gradient is one multiply and a load. */
function gradientLut(c0: Rgb, c1: Rgb, c2: Rgb): Uint8Array {
  const lut = new Uint8Array(256 * 3)
  for (let i = 0; i < 256; i++) {
    const [from, to, t] = i < 128 ? [c0, c1, i / 127] : [c1, c2, (i - 128) / 127]
    for (let ch = 0; ch < 3; ch++) lut[i * 3 + ch] = Math.round(from[ch] + (to[ch] - from[ch]) * t)
  }
  return lut
}

/**
 * Paint an RGB (3 bytes per pixel, row-major, no padding) picture of width x height.
 * Cost is O(pixels) with small constants: one pass for the gradient, then spans for shapes.
 */
export function synthesizeRgb(width: number, height: number, rng: Rng): Uint8Array {
  const out = new Uint8Array(width * height * 3)
  paintGradient(out, width, height, rng)
  const minSide = Math.min(width, height)

  // Blocks first, discs on top: overlapping translucent discs over hard edges is what makes
  // two seeds easy to tell apart at a glance.
  const blocks = int(rng, 2, 4)
  for (let k = 0; k < blocks; k++) {
    const bw = Math.max(1, Math.round(width * (0.1 + rng() * 0.3)))
    const bh = Math.max(1, Math.round(height * (0.1 + rng() * 0.3)))
    const x0 = int(rng, 0, width - bw)
    const y0 = int(rng, 0, height - bh)
    fillRect(out, width, x0, y0, bw, bh, colour(rng))
  }

  const discs = int(rng, 3, 6)
  for (let k = 0; k < discs; k++) {
    const r = Math.max(1, Math.round(minSide * (0.05 + rng() * 0.25)))
    const cx = int(rng, 0, width - 1)
    const cy = int(rng, 0, height - 1)
    const alpha = int(rng, 128, 230) // out of 256
    blendDisc(out, width, height, cx, cy, r, colour(rng), alpha)
  }
  return out
}

function paintGradient(out: Uint8Array, width: number, height: number, rng: Rng): void {
  const lut = gradientLut(colour(rng), colour(rng), colour(rng))
  // Direction as an integer vector instead of an angle: no trig, and exact dot products.
  let dx = int(rng, -256, 256)
  const dy = int(rng, -256, 256)
  if (dx === 0 && dy === 0) dx = 1
  // The dot product is linear, so its extremes over the rectangle sit at the corners.
  const tMin = Math.min(0, (width - 1) * dx) + Math.min(0, (height - 1) * dy)
  const tMax = Math.max(0, (width - 1) * dx) + Math.max(0, (height - 1) * dy)
  const scale = 255 / (tMax - tMin || 1)
  let o = 0
  for (let y = 0; y < height; y++) {
    const rowBase = y * dy - tMin
    for (let x = 0; x < width; x++) {
      let idx = ((rowBase + x * dx) * scale) | 0
      if (idx > 255) idx = 255
      const l = idx * 3
      out[o] = lut[l]
      out[o + 1] = lut[l + 1]
      out[o + 2] = lut[l + 2]
      o += 3
    }
  }
}

function fillRect(out: Uint8Array, width: number, x0: number, y0: number, w: number, h: number, c: Rgb): void {
  // Paint one row, then copy it: copyWithin is a memmove, far cheaper than per-pixel writes.
  const rowBytes = w * 3
  const first = (y0 * width + x0) * 3
  for (let i = 0; i < rowBytes; i += 3) {
    out[first + i] = c[0]
    out[first + i + 1] = c[1]
    out[first + i + 2] = c[2]
  }
  for (let y = 1; y < h; y++) {
    const start = ((y0 + y) * width + x0) * 3
    out.copyWithin(start, first, first + rowBytes)
  }
}

function blendDisc(
  out: Uint8Array,
  width: number,
  height: number,
  cx: number,
  cy: number,
  r: number,
  c: Rgb,
  alpha: number
): void {
  const keep = 256 - alpha
  const pr = c[0] * alpha
  const pg = c[1] * alpha
  const pb = c[2] * alpha
  const yStart = Math.max(0, cy - r)
  const yEnd = Math.min(height - 1, cy + r)
  for (let y = yStart; y <= yEnd; y++) {
    const dy = y - cy
    const half = Math.floor(Math.sqrt(r * r - dy * dy))
    const x0 = Math.max(0, cx - half)
    const x1 = Math.min(width - 1, cx + half)
    for (let o = (y * width + x0) * 3, end = (y * width + x1) * 3; o <= end; o += 3) {
      out[o] = (out[o] * keep + pr) >> 8
      out[o + 1] = (out[o + 1] * keep + pg) >> 8
      out[o + 2] = (out[o + 2] * keep + pb) >> 8
    }
  }
}
