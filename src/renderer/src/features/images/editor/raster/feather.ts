/**
 * The feather preview: a blur of the overlay's alpha (two box passes each way, close to a
 * gaussian, O(pixels) whatever the radius). Display only: the mask sent to the gateway is the
 * binary one (mask-png.ts), so a feather shows how soft the blend may look without changing
 * which pixels are editable.
 */
import type { Raster, Rect } from './raster'

/** One box pass of radius k over `n` alpha samples at data[start + i * stride]. */
function boxPass(data: Uint8ClampedArray, start: number, stride: number, n: number, k: number, tmp: Uint8Array): void {
  for (let i = 0; i < n; i++) tmp[i] = data[start + i * stride]
  const width = 2 * k + 1
  // Samples past either end repeat the edge one, so a mask touching the image edge stays solid there.
  let sum = tmp[0] * (k + 1)
  for (let i = 1; i <= k; i++) sum += tmp[Math.min(i, n - 1)]
  for (let i = 0; i < n; i++) {
    data[start + i * stride] = Math.round(sum / width)
    sum += tmp[Math.min(i + k + 1, n - 1)] - tmp[Math.max(i - k, 0)]
  }
}

/** Blurs the alpha inside `clip` by about `radius` raster pixels. */
export function blurAlpha(r: Raster, radius: number, clip: Rect): void {
  const w = clip.x1 - clip.x0
  const h = clip.y1 - clip.y0
  if (w <= 0 || h <= 0) return
  const k = Math.max(1, Math.round(radius / 2))
  const tmp = new Uint8Array(Math.max(w, h))
  const data = r.data
  for (let pass = 0; pass < 2; pass++) {
    for (let y = clip.y0; y < clip.y1; y++) boxPass(data, (y * r.width + clip.x0) * 4 + 3, 4, w, k, tmp)
    for (let x = clip.x0; x < clip.x1; x++) boxPass(data, (clip.y0 * r.width + x) * 4 + 3, r.width * 4, h, k, tmp)
  }
}
