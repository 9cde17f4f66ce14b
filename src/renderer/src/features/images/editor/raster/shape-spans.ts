/**
 * Scan-line fill of the selection shapes, and the spans of a pixel mask (RunsOp) on screen (pure). A pixel belongs to a shape when its CENTRE lies
 * strictly inside it, the same rule as the brush (mask-binary.ts), so the display raster and the
 * exported mask agree and a rectangle from (10, 10) to (20, 20) is exactly 10 x 10 pixels.
 *
 * Polygons and lassos use the NON-ZERO winding rule: a freehand lasso that loops over itself stays
 * selected where it overlaps (even-odd would punch a hole there, which no user means).
 */
import type { RunsOp, ShapeOp } from '../model/mask-model'
import { pixelRange } from './capsule'
import type { RasterTransform, Rect, SpanSink } from './raster'

/** The box of a rect or ellipse op, corners in any order, in raster coordinates. */
function box(p: readonly number[], t: RasterTransform): [number, number, number, number] {
  const ax = p[0] * t.scale + t.dx
  const ay = p[1] * t.scale + t.dy
  const bx = p[2] * t.scale + t.dx
  const by = p[3] * t.scale + t.dy
  return [Math.min(ax, bx), Math.min(ay, by), Math.max(ax, bx), Math.max(ay, by)]
}

function rowRange(top: number, bottom: number, clip: Rect): [number, number] {
  // Rows whose centre y + 0.5 lies in the open interval (top, bottom).
  return pixelRange(top, bottom, clip.y0, clip.y1)
}

function rectSpans(p: readonly number[], t: RasterTransform, clip: Rect, emit: SpanSink): void {
  const [x0, y0, x1, y1] = box(p, t)
  const [xs, xe] = pixelRange(x0, x1, clip.x0, clip.x1)
  if (xs >= xe) return
  const [ys, ye] = rowRange(y0, y1, clip)
  for (let y = ys; y < ye; y++) emit(y, xs, xe)
}

function ellipseSpans(p: readonly number[], t: RasterTransform, clip: Rect, emit: SpanSink): void {
  const [x0, y0, x1, y1] = box(p, t)
  const rx = (x1 - x0) / 2
  const ry = (y1 - y0) / 2
  if (rx <= 0 || ry <= 0) return
  const cx = x0 + rx
  const cy = y0 + ry
  const [ys, ye] = rowRange(y0, y1, clip)
  for (let y = ys; y < ye; y++) {
    const v = (y + 0.5 - cy) / ry
    const h = rx * Math.sqrt(Math.max(0, 1 - v * v))
    const [xs, xe] = pixelRange(cx - h, cx + h, clip.x0, clip.x1)
    if (xs < xe) emit(y, xs, xe)
  }
}

interface Edge {
  /** The edge's top and bottom y, top < bottom (horizontal edges never cross a row centre). */
  top: number
  bottom: number
  /** x at `top`, and the change of x per unit of y. */
  x: number
  slope: number
  /** +1 downwards, -1 upwards: the winding the crossing adds. */
  dir: number
}

function polygonSpans(p: readonly number[], t: RasterTransform, clip: Rect, emit: SpanSink): void {
  const n = p.length >> 1
  if (n < 3) return
  const edges: Edge[] = []
  let minY = Infinity
  let maxY = -Infinity
  for (let i = 0; i < n; i++) {
    const j = (i + 1) % n
    const ax = p[2 * i] * t.scale + t.dx
    const ay = p[2 * i + 1] * t.scale + t.dy
    const bx = p[2 * j] * t.scale + t.dx
    const by = p[2 * j + 1] * t.scale + t.dy
    if (ay === by) continue
    const down = by > ay
    const [tx, ty, bottom] = down ? [ax, ay, by] : [bx, by, ay]
    edges.push({ top: ty, bottom, x: tx, slope: (bx - ax) / (by - ay), dir: down ? 1 : -1 })
    minY = Math.min(minY, ty)
    maxY = Math.max(maxY, bottom)
  }
  if (edges.length === 0) return
  edges.sort((a, b) => a.top - b.top)
  const [ys, ye] = rowRange(minY, maxY, clip)
  // Active edge list: edges are added as the scan line reaches their top, dropped past their bottom.
  let next = 0
  let active: Edge[] = []
  const xs: number[] = []
  const dirs: number[] = []
  const order: number[] = []
  for (let y = ys; y < ye; y++) {
    const py = y + 0.5
    while (next < edges.length && edges[next].top <= py) active.push(edges[next++])
    // Half-open in y (top <= py < bottom): a vertex shared by two edges is crossed once.
    active = active.filter((e) => e.bottom > py)
    xs.length = 0
    dirs.length = 0
    for (const e of active) {
      if (e.top > py) continue
      xs.push(e.x + (py - e.top) * e.slope)
      dirs.push(e.dir)
    }
    if (xs.length < 2) continue
    order.length = 0
    for (let i = 0; i < xs.length; i++) order.push(i)
    order.sort((a, b) => xs[a] - xs[b])
    let winding = 0
    let start = 0
    let open = false
    let lastEnd = -1
    let pendingStart = 0
    for (const i of order) {
      const was = winding !== 0
      winding += dirs[i]
      if (!was && winding !== 0) start = xs[i]
      else if (was && winding === 0) {
        const [a, b] = pixelRange(start, xs[i], clip.x0, clip.x1)
        if (a >= b) continue
        // Two intervals that meet at a pixel boundary are one span.
        if (open && a <= lastEnd) lastEnd = Math.max(lastEnd, b)
        else {
          if (open) emit(y, pendingStart, lastEnd)
          pendingStart = a
          lastEnd = b
          open = true
        }
      }
    }
    if (open) emit(y, pendingStart, lastEnd)
  }
}

/**
 * The pixel spans a selection covers inside `clip`, row after row, each row's spans sorted and
 * disjoint (as strokeSpans emits them), half-open [xs, xe).
 */
export function shapeSpans(op: ShapeOp, t: RasterTransform, clip: Rect, emit: SpanSink): void {
  if (clip.x1 <= clip.x0 || clip.y1 <= clip.y0) return
  if (op.points.length < 4) return
  if (op.shape === 'rect') rectSpans(op.points, t, clip, emit)
  else if (op.shape === 'ellipse') ellipseSpans(op.points, t, clip, emit)
  else polygonSpans(op.points, t, clip, emit)
}

/**
 * A RunsOp at display resolution: each raster pixel shows the image pixel under its centre
 * (nearest sampling; the exported mask uses the runs themselves). Cost: rows on screen x runs.
 */
export function runsSpans(op: RunsOp, t: RasterTransform, clip: Rect, emit: SpanSink): void {
  for (let y = clip.y0; y < clip.y1; y++) {
    const iy = Math.floor((y + 0.5 - t.dy) / t.scale)
    if (iy < 0 || iy >= op.height) continue
    for (let i = op.offsets[iy]; i + 1 < op.offsets[iy + 1]; i += 2) {
      // Raster pixel x shows image x' = floor((x + 0.5 - dx) / scale); it is in [a, b) when x + 0.5 lies in [a*s+dx, b*s+dx).
      const xs = Math.max(clip.x0, Math.ceil(op.xs[i] * t.scale + t.dx - 0.5))
      const xe = Math.min(clip.x1, Math.ceil(op.xs[i + 1] * t.scale + t.dx - 0.5))
      if (xs < xe) emit(y, xs, xe)
    }
  }
}
