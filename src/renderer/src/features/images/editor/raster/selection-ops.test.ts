import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { MaskOp, SelectionShape, ShapeOp } from '../model/mask-model'
import { maskRuns, type Runs } from '../runs/mask-runs'
import { replayBinary } from './mask-binary'
import { replay } from './mask-renderer'
import { countAlpha, createRaster, fullRect, IDENTITY } from './raster'

const W = 60
const H = 44

/** Every pixel as 0/1, from runs. */
function bitmap(rows: readonly Runs[], width = W): number[][] {
  return rows.map((r) => {
    const line = new Array<number>(width).fill(0)
    for (let i = 0; i < r.length; i += 2) for (let x = r[i]; x < r[i + 1]; x++) line[x] = 1
    return line
  })
}

/** The reference: is the pixel centre (px, py) strictly inside the shape (non-zero winding for polygons)? */
function inside(op: ShapeOp, px: number, py: number): boolean {
  const p = op.points
  if (op.shape === 'rect' || op.shape === 'ellipse') {
    const [x0, x1] = [Math.min(p[0], p[2]), Math.max(p[0], p[2])]
    const [y0, y1] = [Math.min(p[1], p[3]), Math.max(p[1], p[3])]
    if (op.shape === 'rect') return x0 < px && px < x1 && y0 < py && py < y1
    const rx = (x1 - x0) / 2
    const ry = (y1 - y0) / 2
    if (rx <= 0 || ry <= 0) return false
    const u = (px - x0 - rx) / rx
    const v = (py - y0 - ry) / ry
    return u * u + v * v < 1
  }
  const n = p.length / 2
  if (n < 3) return false
  let winding = 0
  for (let i = 0; i < n; i++) {
    const j = (i + 1) % n
    const [ax, ay, bx, by] = [p[2 * i], p[2 * i + 1], p[2 * j], p[2 * j + 1]]
    if (ay === by) continue
    const down = by > ay
    const top = down ? ay : by
    const bottom = down ? by : ay
    if (!(top <= py && py < bottom)) continue
    const x = ax + ((py - ay) * (bx - ax)) / (by - ay)
    if (x < px) winding += down ? 1 : -1
  }
  return winding !== 0
}

function reference(ops: readonly MaskOp[]): number[][] {
  const m = Array.from({ length: H }, () => new Array<number>(W).fill(0))
  for (const op of ops) {
    if (op.kind !== 'shape') throw new Error('shapes only')
    for (let y = 0; y < H; y++)
      for (let x = 0; x < W; x++) if (inside(op, x + 0.5, y + 0.5)) m[y][x] = op.mode === 'add' ? 1 : 0
  }
  return m
}

const coord = (max: number) => fc.double({ min: -10, max: max + 10, noNaN: true })
const shapeArb: fc.Arbitrary<ShapeOp> = fc
  .constantFrom<SelectionShape>('rect', 'ellipse', 'polygon', 'lasso')
  .chain((shape) =>
    fc.record({
      kind: fc.constant('shape' as const),
      shape: fc.constant(shape),
      mode: fc.constantFrom('add' as const, 'subtract' as const),
      points: fc
        .array(
          fc.tuple(coord(W), coord(H)),
          shape === 'rect' || shape === 'ellipse'
            ? { minLength: 2, maxLength: 2 }
            : { minLength: 3, maxLength: shape === 'lasso' ? 30 : 8 }
        )
        .map((ps) => ps.flat())
    })
  )

const rect = (x0: number, y0: number, x1: number, y1: number, mode: 'add' | 'subtract' = 'add'): ShapeOp => ({
  kind: 'shape',
  shape: 'rect',
  mode,
  points: [x0, y0, x1, y1]
})

describe('selection shapes, scan-line filled at the source size', () => {
  it('a rectangle covers exactly the pixels between its corners, dragged either way', () => {
    for (const op of [rect(10, 5, 20, 12), rect(20, 12, 10, 5)]) {
      const m = bitmap(maskRuns([op], W, H))
      expect(m.flat().reduce((a, b) => a + b, 0)).toBe(70)
      expect(m[5][10]).toBe(1)
      expect(m[11][19]).toBe(1)
      expect(m[4][10]).toBe(0)
      expect(m[5][20]).toBe(0)
    }
  })

  it('an ellipse covers the pixel centres inside it', () => {
    const op: ShapeOp = { kind: 'shape', shape: 'ellipse', mode: 'add', points: [0, 0, 20, 10] }
    const m = bitmap(maskRuns([op], W, H))
    expect(m).toEqual(reference([op]))
    expect(m[5][10]).toBe(1)
    expect(m[0][0]).toBe(0)
    expect(m[5][0]).toBe(1)
    expect(m[0][10]).toBe(1)
  })

  it('a polygon uses the non-zero rule: a pentagram keeps its centre, a lasso looping twice stays filled', () => {
    const star: number[] = []
    for (let i = 0; i < 5; i++) {
      const a = -Math.PI / 2 + (i * 4 * Math.PI) / 5
      star.push(30 + 20 * Math.cos(a), 22 + 20 * Math.sin(a))
    }
    const m = bitmap(maskRuns([{ kind: 'shape', shape: 'polygon', mode: 'add', points: star }], W, H))
    expect(m[22][30]).toBe(1)
    const twice = [5, 5, 25, 5, 25, 25, 5, 25, 5, 5, 25, 5, 25, 25, 5, 25]
    const lasso = bitmap(maskRuns([{ kind: 'shape', shape: 'lasso', mode: 'add', points: twice }], W, H))
    expect(lasso.flat().reduce((a, b) => a + b, 0)).toBe(400)
  })

  it('a triangle is pixel-exact', () => {
    const op: ShapeOp = { kind: 'shape', shape: 'polygon', mode: 'add', points: [0, 0, 8, 0, 0, 8] }
    const m = bitmap(maskRuns([op], W, H))
    // Pixel centres with (x + 0.5) + (y + 0.5) < 8 (strictly): rows of 7, 6, ... 1 pixels.
    expect(m.slice(0, 9).map((r) => r.reduce((a, b) => a + b, 0))).toEqual([7, 6, 5, 4, 3, 2, 1, 0, 0])
  })

  it('adds and subtracts, matching the per-pixel reference for any shapes', () => {
    fc.assert(
      fc.property(fc.array(shapeArb, { minLength: 1, maxLength: 5 }), (ops) => {
        expect(bitmap(maskRuns(ops, W, H))).toEqual(reference(ops))
      }),
      { numRuns: 300 }
    )
  })

  it('the display replay at scale 1 and the binary reference raster agree with the runs', () => {
    fc.assert(
      fc.property(fc.array(shapeArb, { minLength: 1, maxLength: 4 }), (ops) => {
        const shown = createRaster(W, H)
        replay(shown, ops, IDENTITY, fullRect(shown))
        const binary = createRaster(W, H)
        replayBinary(binary, ops, IDENTITY, fullRect(binary))
        const want = bitmap(maskRuns(ops, W, H)).flat()
        const alpha = (r: typeof shown) => Array.from({ length: W * H }, (_, i) => (r.data[i * 4 + 3] === 255 ? 1 : 0))
        expect(alpha(shown)).toEqual(want)
        expect(alpha(binary)).toEqual(want)
      }),
      { numRuns: 100 }
    )
  })

  it('subtracting a rectangle from a filled mask leaves its complement', () => {
    const r = createRaster(W, H)
    replay(r, [{ kind: 'fill' }, rect(0, 0, 10, 10, 'subtract')], IDENTITY, fullRect(r))
    expect(countAlpha(r, 0)).toBe(100)
    expect(countAlpha(r, 255)).toBe(W * H - 100)
  })
})
