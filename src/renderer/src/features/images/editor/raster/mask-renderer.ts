/**
 * Pure mask rasteriser over an ImageData-like RGBA buffer (raster.ts). No canvas, no DOM: the same code paints
 * the display-size overlay on the page, replays the full-resolution mask in the export worker and
 * runs in happy-dom tests.
 *
 * While painting, the ALPHA channel holds coverage (0 = untouched, 255 = fully painted). Strokes
 * combine with max (paint) or min (erase), so re-rasterising an overlap is harmless and a stroke
 * can be drawn segment by segment as points arrive. `finalizeForExport` then turns coverage into
 * the gateway's convention: alpha 0 where painted (editable), 255 elsewhere.
 *
 * Hardness makes a feather band centred on the radius: coverage is exactly 0.5 at the radius for
 * every hardness, so the exported (thresholded) mask is the circle the cursor shows, and softness
 * only changes the preview of the edge.
 */
import {
  featherOf,
  isBaseOp,
  type MaskOp,
  type RunsOp,
  type ShapeOp,
  type Stroke,
  type StrokeMode
} from '../model/mask-model'
import { capsuleSpan, pixelWord, pixelWords } from './capsule'
import { blurAlpha } from './feather'
import { applyWholeOp, fillSpans, isEmptyRect, unionRect, type Raster, type RasterTransform, type Rect } from './raster'
import { runsSpans, shapeSpans } from './shape-spans'

/** Coverage at or above this counts as painted in the exported mask (0.5 of 255, rounded). */
export const PAINTED_THRESHOLD = 128

/** Half the width of the feather band around the radius. */
export function featherHalfWidth(radius: number, hardness: number): number {
  return (1 - Math.min(1, Math.max(0, hardness))) * radius * 0.5
}

/** Coverage (0..1) at distance d from a brush's centre line. */
export function coverageAt(d: number, radius: number, hardness: number): number {
  const w = featherHalfWidth(radius, hardness)
  if (w <= 0) return d < radius ? 1 : 0
  if (d <= radius - w) return 1
  if (d >= radius + w) return 0
  const t = (radius + w - d) / (2 * w)
  return t * t * (3 - 2 * t)
}

/**
 * Rasterises one round-capped segment (raster coordinates) into the alpha channel, inside `clip`.
 * Row by row: the fully covered core (closer than radius - feather) is one native fill, and the
 * falloff is computed per pixel only across the feather band on either side of it.
 * Returns the touched rectangle, or null when nothing lies inside the clip.
 */
export function rasterSegment(
  r: Raster,
  ax: number,
  ay: number,
  bx: number,
  by: number,
  radius: number,
  hardness: number,
  mode: StrokeMode,
  clip: Rect
): Rect | null {
  const w = featherHalfWidth(radius, hardness)
  const outer = radius + w
  const inner = w > 0 ? radius - w : radius
  const x0 = Math.max(clip.x0, Math.floor(Math.min(ax, bx) - outer))
  const y0 = Math.max(clip.y0, Math.floor(Math.min(ay, by) - outer))
  const x1 = Math.min(clip.x1, Math.ceil(Math.max(ax, bx) + outer))
  const y1 = Math.min(clip.y1, Math.ceil(Math.max(ay, by) + outer))
  if (x1 <= x0 || y1 <= y0) return null
  const data = r.data
  const width = r.width
  const words = pixelWords(data)
  const paint = mode === 'paint'
  const core = pixelWord(data, paint ? 255 : 0)
  const sx = bx - ax
  const sy = by - ay
  const len2 = sx * sx + sy * sy
  const inv = len2 > 0 ? 1 / len2 : 0
  const outer2 = outer * outer
  const inner2 = inner > 0 ? inner * inner : -1
  // A pixel already fully painted (or fully erased) cannot change.
  const done = paint ? 255 : 0
  const span: [number, number] = [0, 0]
  for (let y = y0; y < y1; y++) {
    if (!capsuleSpan(ax, ay, bx, by, outer, y + 0.5, span)) continue
    // Pixel x is inside the open interval (lo, hi) when lo < x + 0.5 < hi.
    const os = Math.max(x0, Math.floor(span[0] - 0.5) + 1)
    const oe = Math.min(x1, Math.ceil(span[1] - 0.5))
    if (os >= oe) continue
    const row = y * width
    let cs = oe
    let ce = oe
    if (inner > 0 && capsuleSpan(ax, ay, bx, by, inner, y + 0.5, span)) {
      cs = Math.max(os, Math.floor(span[0] - 0.5) + 1)
      ce = Math.min(oe, Math.ceil(span[1] - 0.5))
      if (cs < ce) words.fill(core, row + cs, row + ce)
      else cs = ce = oe
    }
    // A hard brush's core is its whole span; otherwise the falloff on the band either side of it.
    if (w <= 0 && cs < ce) continue
    const py = y + 0.5 - ay
    for (let part = 0; part < 2; part++) {
      const from = part === 0 ? os : ce
      const to = part === 0 ? cs : oe
      for (let x = from, i = (row + from) * 4 + 3; x < to; x++, i += 4) {
        if (data[i] === done) continue
        const px = x + 0.5 - ax
        let t = (px * sx + py * sy) * inv
        t = t < 0 ? 0 : t > 1 ? 1 : t
        const ex = px - t * sx
        const ey = py - t * sy
        const d2 = ex * ex + ey * ey
        if (d2 >= outer2) continue
        let v = 255
        if (d2 > inner2) {
          const u = (outer - Math.sqrt(d2)) / (2 * w)
          v = Math.round(255 * u * u * (3 - 2 * u))
          if (v === 0) continue
        }
        if (paint) {
          if (v > data[i]) data[i] = v
        } else if (data[i] > 255 - v) data[i] = 255 - v
      }
    }
  }
  return { x0, y0, x1, y1 }
}

/**
 * Rasterises a stroke from point index `from` on (so a stroke in progress draws only its new
 * segments). A single point is a dot.
 */
export function rasterStroke(r: Raster, s: Stroke, t: RasterTransform, clip: Rect, from = 0): Rect | null {
  const p = s.points
  const n = p.length / 2
  if (n === 0 || from >= n) return null
  const radius = s.radius * t.scale
  const X = (i: number) => p[2 * i] * t.scale + t.dx
  const Y = (i: number) => p[2 * i + 1] * t.scale + t.dy
  if (n === 1) return rasterSegment(r, X(0), Y(0), X(0), Y(0), radius, s.hardness, s.mode, clip)
  let dirty: Rect | null = null
  for (let i = Math.max(1, from); i < n; i++) {
    dirty = unionRect(dirty, rasterSegment(r, X(i - 1), Y(i - 1), X(i), Y(i), radius, s.hardness, s.mode, clip))
  }
  return dirty
}

/** A selection is hard-edged: fully painted (or erased) inside, untouched outside. */
export function rasterShape(r: Raster, op: ShapeOp, t: RasterTransform, clip: Rect): Rect | null {
  return fillSpans(r, op.mode === 'add' ? 255 : 0, (emit) => shapeSpans(op, t, clip, emit))
}

/** A pixel mask replaces what was there. */
export function rasterRuns(r: Raster, op: RunsOp, t: RasterTransform, clip: Rect): Rect | null {
  applyWholeOp(r, 'clear', clip)
  fillSpans(r, 255, (emit) => runsSpans(op, t, clip, emit))
  return isEmptyRect(clip) ? null : { ...clip }
}

export function applyOp(r: Raster, op: MaskOp, t: RasterTransform, clip: Rect): Rect | null {
  switch (op.kind) {
    case 'stroke':
      return rasterStroke(r, op, t, clip)
    case 'shape':
      return rasterShape(r, op, t, clip)
    case 'runs':
      return rasterRuns(r, op, t, clip)
    case 'feather':
      // Applied once over the result, in replay.
      return null
    default:
      return applyWholeOp(r, op.kind, clip)
  }
}

/**
 * Rebuilds the coverage inside `clip` from nothing: starts at the last clear, fill or pixel mask
 * (everything before it is overwritten anyway), so a long session replays only the tail. A feather
 * then softens the result (the preview only).
 */
export function replay(r: Raster, ops: readonly MaskOp[], t: RasterTransform, clip: Rect): void {
  let start = 0
  for (let i = ops.length - 1; i >= 0; i--) {
    if (isBaseOp(ops[i])) {
      start = i
      break
    }
  }
  applyWholeOp(r, 'clear', clip)
  for (let i = start; i < ops.length; i++) applyOp(r, ops[i], t, clip)
  const feather = featherOf(ops) * t.scale
  if (feather >= 0.5) blurAlpha(r, feather, clip)
}

/** Coverage to the gateway's mask: black pixels, alpha 0 where painted (editable), 255 elsewhere. */
export function finalizeForExport(r: Raster): void {
  const data = r.data
  for (let i = 0; i < data.length; i += 4) {
    data[i] = 0
    data[i + 1] = 0
    data[i + 2] = 0
    data[i + 3] = data[i + 3] >= PAINTED_THRESHOLD ? 0 : 255
  }
}
