/**
 * The pixel buffer the rasterisers write (an ImageData-like RGBA array, no canvas), the rectangles
 * they clip to and report, and the writes every one of them shares: whole-area clear, fill and
 * invert, and span fills. The leaf of the raster code: the brush (mask-renderer.ts), the export's
 * binary replay (mask-binary.ts), the shape scan lines (shape-spans.ts) and the feather (feather.ts)
 * all build on it, and it imports none of them.
 */
import { pixelWord, pixelWords } from './capsule'

export interface Raster {
  readonly data: Uint8ClampedArray
  readonly width: number
  readonly height: number
}

/** Image to raster coordinates: raster = image * scale + (dx, dy). */
export interface RasterTransform {
  readonly scale: number
  readonly dx: number
  readonly dy: number
}

/** A pixel rectangle, half-open: x0 <= x < x1. */
export interface Rect {
  x0: number
  y0: number
  x1: number
  y1: number
}

export const IDENTITY: RasterTransform = { scale: 1, dx: 0, dy: 0 }

export function createRaster(width: number, height: number): Raster {
  return { data: new Uint8ClampedArray(width * height * 4), width, height }
}

export function fullRect(r: Raster): Rect {
  return { x0: 0, y0: 0, x1: r.width, y1: r.height }
}

export function isEmptyRect(r: Rect): boolean {
  return r.x1 <= r.x0 || r.y1 <= r.y0
}

export function unionRect(a: Rect | null, b: Rect | null): Rect | null {
  if (!a || isEmptyRect(a)) return b && !isEmptyRect(b) ? b : null
  if (!b || isEmptyRect(b)) return a
  return { x0: Math.min(a.x0, b.x0), y0: Math.min(a.y0, b.y0), x1: Math.max(a.x1, b.x1), y1: Math.max(a.y1, b.y1) }
}

/** Where the image lies in the raster, clipped to the raster. */
export function imageClip(r: Raster, t: RasterTransform, imageWidth: number, imageHeight: number): Rect {
  return {
    x0: Math.max(0, Math.floor(t.dx)),
    y0: Math.max(0, Math.floor(t.dy)),
    x1: Math.min(r.width, Math.ceil(t.dx + imageWidth * t.scale)),
    y1: Math.min(r.height, Math.ceil(t.dy + imageHeight * t.scale))
  }
}

/** Receives one row's span of pixels, half-open: xs <= x < xe. */
export type SpanSink = (y: number, xs: number, xe: number) => void

/** Invert, clear or fill inside `clip` (outside the image there is nothing to mask). */
export function applyWholeOp(r: Raster, kind: 'invert' | 'clear' | 'fill', clip: Rect): Rect | null {
  if (isEmptyRect(clip)) return null
  const data = r.data
  if (kind !== 'invert') {
    const words = pixelWords(data)
    const word = pixelWord(data, kind === 'fill' ? 255 : 0)
    for (let y = clip.y0; y < clip.y1; y++) words.fill(word, y * r.width + clip.x0, y * r.width + clip.x1)
    return { ...clip }
  }
  for (let y = clip.y0; y < clip.y1; y++) {
    const end = (y * r.width + clip.x1) * 4
    for (let i = (y * r.width + clip.x0) * 4 + 3; i < end; i += 4) data[i] = 255 - data[i]
  }
  return { ...clip }
}

/** Writes `alpha` over spans and returns their bounding rectangle. */
export function fillSpans(r: Raster, alpha: number, spans: (emit: SpanSink) => void): Rect | null {
  const words = pixelWords(r.data)
  const word = pixelWord(r.data, alpha)
  const width = r.width
  let x0 = Infinity
  let y0 = Infinity
  let x1 = -Infinity
  let y1 = -Infinity
  spans((y, xs, xe) => {
    words.fill(word, y * width + xs, y * width + xe)
    if (xs < x0) x0 = xs
    if (xe > x1) x1 = xe
    if (y < y0) y0 = y
    if (y + 1 > y1) y1 = y + 1
  })
  return x1 > x0 ? { x0, y0, x1, y1 } : null
}

/** Sets the colour channels once (the overlay's colour); painting touches only alpha. */
export function tint(r: Raster, red: number, green: number, blue: number): void {
  const data = r.data
  for (let i = 0; i < data.length; i += 4) {
    data[i] = red
    data[i + 1] = green
    data[i + 2] = blue
  }
}

/** Pixels whose alpha equals `alpha`: the tests' and the export check's measure. */
export function countAlpha(r: Raster, alpha: number): number {
  let n = 0
  for (let i = 3; i < r.data.length; i += 4) if (r.data[i] === alpha) n++
  return n
}
