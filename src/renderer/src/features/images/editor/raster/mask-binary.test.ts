import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { MaskOp, Stroke } from '../model/mask-model'
import { rasterStrokeBinary, replayBinary } from './mask-binary'
import { finalizeForExport, replay } from './mask-renderer'
import { countAlpha, createRaster, fullRect, IDENTITY } from './raster'

const W = 96
const H = 80

const strokeArb: fc.Arbitrary<Stroke> = fc.record({
  kind: fc.constant('stroke' as const),
  mode: fc.constantFrom('paint' as const, 'erase' as const),
  radius: fc.double({ min: 0.3, max: 30, noNaN: true }),
  hardness: fc.double({ min: 0, max: 1, noNaN: true }),
  points: fc
    .array(
      fc.tuple(fc.double({ min: -20, max: W + 20, noNaN: true }), fc.double({ min: -20, max: H + 20, noNaN: true })),
      { minLength: 1, maxLength: 8 }
    )
    .map((ps) => ps.flat())
})
const opArb: fc.Arbitrary<MaskOp> = fc.oneof(
  { weight: 6, arbitrary: strokeArb },
  { weight: 1, arbitrary: fc.constantFrom<MaskOp>({ kind: 'invert' }, { kind: 'clear' }, { kind: 'fill' }) }
)

describe('binary export rasteriser', () => {
  it('equals the soft rasteriser plus threshold, pixel for pixel, for any ops and any view', () => {
    fc.assert(
      fc.property(
        fc.array(opArb, { minLength: 1, maxLength: 6 }),
        fc.double({ min: 0.25, max: 3, noNaN: true }),
        (ops, scale) => {
          const t = { scale, dx: 3.5, dy: -2.25 }
          const soft = createRaster(W, H)
          const hard = createRaster(W, H)
          replay(soft, ops, t, fullRect(soft))
          replayBinary(hard, ops, t, fullRect(hard))
          finalizeForExport(soft)
          finalizeForExport(hard)
          let diff = 0
          for (let i = 3; i < soft.data.length; i += 4) if (soft.data[i] !== hard.data[i]) diff++
          expect(diff).toBe(0)
        }
      ),
      { numRuns: 300 }
    )
  })

  it("writes the gateway's mask directly in export polarity: the same bytes as coverage plus finalizeForExport", () => {
    fc.assert(
      fc.property(
        fc.array(opArb, { minLength: 1, maxLength: 6 }),
        fc.double({ min: 0.25, max: 3, noNaN: true }),
        (ops, scale) => {
          const t = { scale, dx: -1.5, dy: 4.75 }
          const coverage = createRaster(W, H)
          const exported = createRaster(W, H)
          replayBinary(coverage, ops, t, fullRect(coverage))
          finalizeForExport(coverage)
          replayBinary(exported, ops, t, fullRect(exported), 'export')
          expect(Buffer.from(exported.data).equals(Buffer.from(coverage.data))).toBe(true)
        }
      ),
      { numRuns: 300 }
    )
  })

  it('covers the pixel centres strictly inside the radius, along the whole polyline', () => {
    const r = createRaster(200, 100)
    rasterStrokeBinary(
      r,
      { kind: 'stroke', mode: 'paint', radius: 10, hardness: 0.2, points: [20, 50, 100, 20, 180, 80] },
      IDENTITY,
      fullRect(r)
    )
    const soft = createRaster(200, 100)
    replay(
      soft,
      [{ kind: 'stroke', mode: 'paint', radius: 10, hardness: 1, points: [20, 50, 100, 20, 180, 80] }],
      IDENTITY,
      fullRect(soft)
    )
    expect(countAlpha(r, 255)).toBe(countAlpha(soft, 255))
    expect(countAlpha(r, 255)).toBeGreaterThan(2 * 10 * (85 + 100) * 0.9)
  })
})
