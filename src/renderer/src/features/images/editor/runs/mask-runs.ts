/**
 * The mask at the source's exact size as runs: per row, the painted (editable) pixels as sorted,
 * disjoint, half-open [x0, x1) intervals. Cost follows the mask's outline, not its pixel count;
 * the PNG writer (mask-png.ts), grow and shrink (mask-morph.ts) and the import (mask-import.ts)
 * all work on this form. Also packs runs into a RunsOp (shape-spans.ts draws one on screen).
 */
import type { MaskOp, RunsOp } from '../model/mask-model'
import { strokeSpans } from '../raster/mask-binary'
import { IDENTITY, type SpanSink } from '../raster/raster'
import { shapeSpans } from '../raster/shape-spans'

/** Sorted, disjoint, half-open [x0, x1) runs, flat: [x0, x1, x0, x1, ...]. */
export type Runs = number[]

export function union(a: Runs, b: Runs): Runs {
  const out: Runs = []
  let i = 0
  let j = 0
  while (i < a.length || j < b.length) {
    let s: number
    let e: number
    if (j >= b.length || (i < a.length && a[i] <= b[j])) {
      s = a[i]
      e = a[i + 1]
      i += 2
    } else {
      s = b[j]
      e = b[j + 1]
      j += 2
    }
    const n = out.length
    if (n && s <= out[n - 1]) out[n - 1] = Math.max(out[n - 1], e)
    else out.push(s, e)
  }
  return out
}

export function subtract(a: Runs, b: Runs): Runs {
  const out: Runs = []
  let j = 0
  for (let i = 0; i < a.length; i += 2) {
    let s = a[i]
    const e = a[i + 1]
    while (j < b.length && b[j + 1] <= s) j += 2
    let k = j
    while (k < b.length && b[k] < e) {
      if (b[k] > s) out.push(s, b[k])
      s = Math.max(s, b[k + 1])
      k += 2
    }
    if (s < e) out.push(s, e)
  }
  return out
}

export function complement(a: Runs, width: number): Runs {
  const out: Runs = []
  let x = 0
  for (let i = 0; i < a.length; i += 2) {
    if (a[i] > x) out.push(x, a[i])
    x = a[i + 1]
  }
  if (x < width) out.push(x, width)
  return out
}

/** Per row, the painted runs (the gateway's transparent, editable pixels) after all ops. */
export function maskRuns(ops: readonly MaskOp[], width: number, height: number): Runs[] {
  if (!(width > 0 && height > 0)) throw new Error(`The mask needs a positive size, not ${width}x${height}`)
  let rows: Runs[] = Array.from({ length: height }, () => [])
  const clip = { x0: 0, y0: 0, x1: width, y1: height }
  for (const op of ops) {
    if (op.kind === 'clear') rows = rows.map(() => [])
    else if (op.kind === 'fill') rows = rows.map(() => [0, width])
    else if (op.kind === 'invert') rows = rows.map((r) => complement(r, width))
    else if (op.kind === 'runs') rows = unpackRuns(op, width, height)
    else if (op.kind === 'stroke') combine(rows, op.mode === 'paint', (emit) => strokeSpans(op, IDENTITY, clip, emit))
    else if (op.kind === 'shape') combine(rows, op.mode === 'add', (emit) => shapeSpans(op, IDENTITY, clip, emit))
    // A feather changes the preview only: the mask sent stays binary.
  }
  return rows
}

/** Adds (or cuts) spans emitted row after row, each row's spans in order, into `rows`. */
function combine(rows: Runs[], add: boolean, spans: (emit: SpanSink) => void): void {
  let y = -1
  let row: Runs = []
  const flush = () => {
    if (y >= 0) rows[y] = add ? union(rows[y], row) : subtract(rows[y], row)
  }
  spans((at, xs, xe) => {
    if (at !== y) {
      flush()
      y = at
      row = []
    }
    row.push(xs, xe)
  })
  flush()
}

/** Rows of runs as one compact op (typed arrays: cheap to keep in history and to post to a worker). */
export function packRuns(rows: readonly Runs[], width: number, source: RunsOp['source']): RunsOp {
  let total = 0
  for (const r of rows) total += r.length
  const offsets = new Uint32Array(rows.length + 1)
  const xs = new Uint32Array(total)
  let at = 0
  rows.forEach((r, y) => {
    offsets[y] = at
    for (let i = 0; i < r.length; i++) xs[at++] = r[i]
  })
  offsets[rows.length] = at
  return { kind: 'runs', source, width, height: rows.length, offsets, xs }
}

/**
 * The op's rows at a given size. A RunsOp is always made at the source's size; one of another
 * size (never expected) is cropped or padded rather than trusted to index out of range.
 */
export function unpackRuns(op: RunsOp, width: number, height: number): Runs[] {
  const rows: Runs[] = Array.from({ length: height }, () => [])
  for (let y = 0; y < Math.min(height, op.height); y++) {
    const row = rows[y]
    for (let i = op.offsets[y]; i + 1 < op.offsets[y + 1]; i += 2) {
      const a = Math.min(op.xs[i], width)
      const b = Math.min(op.xs[i + 1], width)
      if (a < b) row.push(a, b)
    }
  }
  return rows
}
