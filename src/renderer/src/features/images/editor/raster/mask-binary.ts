/**
 * The export's rasteriser: the same strokes as mask-renderer.ts, already thresholded. The exported
 * mask is binary and cut at exactly the brush radius whatever the hardness (coverage is 0.5 at the
 * radius, and thresholding commutes with max, min and invert), so a stroke is the set of pixel
 * centres closer than its radius to its polyline. That set is computed as spans: on each row, each
 * segment's capsule covers one interval (computed, not searched); a stroke's intervals are merged
 * and filled once. Cost grows with the stroke's area plus its segments x rows, instead of every
 * overlapping segment's bounding box (about ten times the area for a thinned pen stroke).
 * mask-binary.test.ts checks it against mask-renderer.ts plus threshold.
 */
import { isBaseOp, type MaskOp, type Stroke } from '../model/mask-model'
import { capsuleSpan, pixelRange, pixelWord, pixelWords } from './capsule'
import { applyWholeOp, fillSpans, type Raster, type RasterTransform, type Rect } from './raster'
import { runsSpans, shapeSpans } from './shape-spans'

/**
 * Which alpha means "painted": 'coverage' (255, as the display raster), or 'export', the gateway's
 * mask itself (painted = alpha 0, editable; the rest 255), so the export writes its final pixels
 * in the replay instead of a per-pixel pass over the full-size image afterwards (C2).
 */
export type Polarity = 'coverage' | 'export'

/** The whole-mask op that has the same effect in the given polarity (clear and fill swap in 'export'). */
function wholeOp(kind: 'invert' | 'clear' | 'fill', polarity: Polarity): 'invert' | 'clear' | 'fill' {
  if (polarity === 'coverage' || kind === 'invert') return kind
  return kind === 'clear' ? 'fill' : 'clear'
}

/**
 * The pixel spans a stroke covers: on each row, the pixel centres strictly within its radius of the
 * polyline, merged, as half-open [xs, xe) inside `clip`, in row order. `emit` fills them (a word
 * fill into a buffer here, a rectangle on a canvas in the export).
 */
export function strokeSpans(
  s: Stroke,
  t: RasterTransform,
  clip: Rect,
  emit: (y: number, xs: number, xe: number) => void
): void {
  const p = s.points
  const n = p.length / 2
  if (n === 0 || clip.x1 <= clip.x0 || clip.y1 <= clip.y0) return
  const radius = s.radius * t.scale
  const X = (i: number) => p[2 * i] * t.scale + t.dx
  const Y = (i: number) => p[2 * i + 1] * t.scale + t.dy
  let minY = Infinity
  let maxY = -Infinity
  for (let i = 0; i < n; i++) {
    minY = Math.min(minY, Y(i))
    maxY = Math.max(maxY, Y(i))
  }
  const y0 = Math.max(clip.y0, Math.floor(minY - radius))
  const y1 = Math.min(clip.y1, Math.ceil(maxY + radius))
  if (y1 <= y0) return
  const rows: number[][] = Array.from({ length: y1 - y0 }, () => [])
  const span: [number, number] = [0, 0]
  const segment = (ax: number, ay: number, bx: number, by: number) => {
    const top = Math.max(y0, Math.floor(Math.min(ay, by) - radius))
    const bottom = Math.min(y1, Math.ceil(Math.max(ay, by) + radius))
    for (let y = top; y < bottom; y++) {
      if (!capsuleSpan(ax, ay, bx, by, radius, y + 0.5, span)) continue
      const list = rows[y - y0]
      const last = list.length - 2
      // Consecutive segments overlap on most rows: extend the row's last interval instead of adding one.
      if (last >= 0 && span[0] < list[last + 1] && span[1] > list[last]) {
        if (span[0] < list[last]) list[last] = span[0]
        if (span[1] > list[last + 1]) list[last + 1] = span[1]
      } else list.push(span[0], span[1])
    }
  }
  if (n === 1) segment(X(0), Y(0), X(0), Y(0))
  for (let i = 1; i < n; i++) segment(X(i - 1), Y(i - 1), X(i), Y(i))
  const order: number[] = []
  for (let k = 0; k < rows.length; k++) {
    const list = rows[k]
    if (list.length === 0) continue
    order.length = 0
    for (let j = 0; j < list.length; j += 2) order.push(j)
    if (order.length > 1) order.sort((i, j) => list[i] - list[j])
    const y = y0 + k
    let lo = list[order[0]]
    let hi = list[order[0] + 1]
    const fill = () => {
      const [xs, xe] = pixelRange(lo, hi, clip.x0, clip.x1)
      if (xs < xe) emit(y, xs, xe)
    }
    for (let m = 1; m < order.length; m++) {
      const nlo = list[order[m]]
      const nhi = list[order[m] + 1]
      // Open intervals that only touch leave their common point out, so merge on overlap only.
      if (nlo < hi) hi = Math.max(hi, nhi)
      else {
        fill()
        lo = nlo
        hi = nhi
      }
    }
    fill()
  }
}

/** Paints or erases the pixel centres strictly within the stroke's radius. */
export function rasterStrokeBinary(
  r: Raster,
  s: Stroke,
  t: RasterTransform,
  clip: Rect,
  polarity: Polarity = 'coverage'
): void {
  const words = pixelWords(r.data)
  const word = pixelWord(r.data, (s.mode === 'paint') === (polarity === 'coverage') ? 255 : 0)
  const width = r.width
  strokeSpans(s, t, clip, (y, xs, xe) => words.fill(word, y * width + xs, y * width + xe))
}

/** Like `replay`, with every stroke already thresholded and no feather: the binary mask's reference. */
export function replayBinary(
  r: Raster,
  ops: readonly MaskOp[],
  t: RasterTransform,
  clip: Rect,
  polarity: Polarity = 'coverage'
): void {
  let start = 0
  for (let i = ops.length - 1; i >= 0; i--) {
    if (isBaseOp(ops[i])) {
      start = i
      break
    }
  }
  const painted = polarity === 'coverage' ? 255 : 0
  applyWholeOp(r, wholeOp('clear', polarity), clip)
  for (let i = start; i < ops.length; i++) {
    const op = ops[i]
    if (op.kind === 'stroke') rasterStrokeBinary(r, op, t, clip, polarity)
    else if (op.kind === 'shape')
      fillSpans(r, op.mode === 'add' ? painted : 255 - painted, (emit) => shapeSpans(op, t, clip, emit))
    else if (op.kind === 'runs') {
      applyWholeOp(r, wholeOp('clear', polarity), clip)
      fillSpans(r, painted, (emit) => runsSpans(op, t, clip, emit))
    } else if (op.kind !== 'feather') applyWholeOp(r, wholeOp(op.kind, polarity), clip)
  }
}
