/**
 * The mask as data: a list of operations in IMAGE coordinates, never pixels. Painting keeps only
 * this list plus a display-size raster; the full-resolution mask exists only for a moment in the
 * export worker (PERFORMANCE.md C1/C2: a 4096² pixel mask per frame is what makes peers lag).
 * Everything here is pure and immutable, so undo/redo is just moving ops between two arrays.
 */

export type StrokeMode = 'paint' | 'erase'

export interface Stroke {
  readonly kind: 'stroke'
  readonly mode: StrokeMode
  /** Brush radius in image pixels. */
  readonly radius: number
  /** 1 = hard edge; 0 = the softest edge (a feather band as wide as the radius, centred on it). */
  readonly hardness: number
  /** Flat [x0, y0, x1, y1, ...] in image pixels (coalesced pointer samples, thinned). */
  readonly points: readonly number[]
}

/** Whole-mask operations: cheap to store, replayed like strokes. */
export interface WholeOp {
  readonly kind: 'invert' | 'clear' | 'fill'
}

export type SelectionShape = 'rect' | 'ellipse' | 'polygon' | 'lasso'
export type SelectionMode = 'add' | 'subtract'

/**
 * A selection added to or cut from the mask, kept as geometry (like a stroke) so it replays at
 * any zoom. rect and ellipse: [x0, y0, x1, y1], the box dragged (either corner first); polygon and
 * lasso: the vertices, flat, closed implicitly. Image pixels.
 */
export interface ShapeOp {
  readonly kind: 'shape'
  readonly shape: SelectionShape
  readonly mode: SelectionMode
  readonly points: readonly number[]
}

/**
 * A mask known only as pixels (a grow or shrink, an imported PNG, the source's transparency):
 * painted runs per row at the source's exact size, replacing everything before it. Row y's runs
 * are xs[offsets[y] .. offsets[y + 1]), pairs of half-open [x0, x1): the outline, not the pixels.
 */
export interface RunsOp {
  readonly kind: 'runs'
  readonly source: 'grow' | 'shrink' | 'import' | 'transparency'
  readonly width: number
  readonly height: number
  readonly offsets: Uint32Array
  readonly xs: Uint32Array
}

/** Softens the overlay's edge by `radius` image pixels: the preview only, the mask sent stays binary. */
export interface FeatherOp {
  readonly kind: 'feather'
  readonly radius: number
}

export type MaskOp = Stroke | WholeOp | ShapeOp | RunsOp | FeatherOp

/** Ops after which nothing before them matters (the replay starts at the last one). */
export function isBaseOp(op: MaskOp): boolean {
  return op.kind === 'clear' || op.kind === 'fill' || op.kind === 'runs'
}

/** The feather the overlay shows: the last feather op's radius, 0 when none. */
export function featherOf(ops: readonly MaskOp[]): number {
  for (let i = ops.length - 1; i >= 0; i--) {
    const op = ops[i]
    if (op.kind === 'feather') return op.radius
  }
  return 0
}

export interface MaskHistory {
  /** Applied, oldest first. */
  readonly ops: readonly MaskOp[]
  /** Undone, most recently undone last (the redo stack). */
  readonly undone: readonly MaskOp[]
}

export const EMPTY_HISTORY: MaskHistory = { ops: [], undone: [] }

/** A new operation forgets what was undone, as in every editor. */
export function pushOp(h: MaskHistory, op: MaskOp): MaskHistory {
  return { ops: [...h.ops, op], undone: [] }
}

export function undo(h: MaskHistory): MaskHistory {
  if (h.ops.length === 0) return h
  return { ops: h.ops.slice(0, -1), undone: [...h.undone, h.ops[h.ops.length - 1]] }
}

export function redo(h: MaskHistory): MaskHistory {
  if (h.undone.length === 0) return h
  return { ops: [...h.ops, h.undone[h.undone.length - 1]], undone: h.undone.slice(0, -1) }
}

export const canUndo = (h: MaskHistory): boolean => h.ops.length > 0
export const canRedo = (h: MaskHistory): boolean => h.undone.length > 0

/**
 * Whether the ops can leave anything painted, judged without pixels: after the last clear nothing
 * is, after a fill or an invert something may be, and a paint stroke paints. Used to warn before
 * an edit is sent without a mask.
 */
export function mayHavePaint(ops: readonly MaskOp[]): boolean {
  for (let i = ops.length - 1; i >= 0; i--) {
    const op = ops[i]
    if (op.kind === 'stroke') {
      if (op.mode === 'paint') return true
    } else if (op.kind === 'shape') {
      if (op.mode === 'add') return true
    } else if (op.kind === 'runs') return op.xs.length > 0
    else if (op.kind !== 'feather') return op.kind !== 'clear'
  }
  return false
}

/**
 * Appends a pointer sample to a stroke being drawn, skipping samples closer than `spacing` to the
 * last kept one. A 120 Hz pen sends many near-duplicate points; the union of round-capped segments
 * changes by less than spacing²/(8·radius) when they are dropped, while replay cost falls in
 * proportion. Returns true when the point was kept.
 */
export function appendPoint(points: number[], x: number, y: number, spacing: number): boolean {
  const n = points.length
  if (n >= 2) {
    const dx = x - points[n - 2]
    const dy = y - points[n - 1]
    if (dx * dx + dy * dy < spacing * spacing) return false
  }
  points.push(x, y)
  return true
}

/**
 * The thinning distance for a brush: a third of its radius (the kept polyline then strays at most
 * (r/3)²/(8r) = r/72 from the pointer's path on a bend as tight as the brush), at least half an
 * image pixel.
 */
export function sampleSpacing(radius: number): number {
  return Math.max(0.5, radius / 3)
}
