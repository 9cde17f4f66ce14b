import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { replayBinary } from './mask-binary'
import { drawMask, type MaskContext } from './mask-export-core'
import type { MaskOp, Stroke } from './mask-model'
import { countAlpha, createRaster, fullRect, IDENTITY, type Raster } from './mask-renderer'

/** A canvas stand-in: applies the calls drawMask makes to an RGBA raster, with the canvas's rules. */
function rasterContext(r: Raster): MaskContext & { calls: number } {
  const ctx = {
    calls: 0,
    globalCompositeOperation: 'source-over' as GlobalCompositeOperation,
    fillStyle: '#000' as MaskContext['fillStyle'],
    fillRect(x: number, y: number, w: number, h: number) {
      ctx.calls++
      expect(ctx.fillStyle).toBe('#000')
      expect(Number.isInteger(x) && Number.isInteger(y) && Number.isInteger(w) && Number.isInteger(h)).toBe(true)
      for (let j = y; j < y + h; j++) {
        for (let i = x; i < x + w; i++) {
          const k = (j * r.width + i) * 4
          r.data[k] = r.data[k + 1] = r.data[k + 2] = 0
          if (ctx.globalCompositeOperation === 'xor') r.data[k + 3] = 255 - r.data[k + 3]
          else if (ctx.globalCompositeOperation === 'source-over') r.data[k + 3] = 255
          else throw new Error(`unexpected composite ${ctx.globalCompositeOperation}`)
        }
      }
    },
    clearRect(x: number, y: number, w: number, h: number) {
      ctx.calls++
      for (let j = y; j < y + h; j++) r.data.fill(0, (j * r.width + x) * 4, (j * r.width + x + w) * 4)
    }
  }
  return ctx
}

const W = 90
const H = 70
const strokeArb: fc.Arbitrary<Stroke> = fc.record({
  kind: fc.constant('stroke' as const),
  mode: fc.constantFrom('paint' as const, 'erase' as const),
  radius: fc.double({ min: 0.3, max: 25, noNaN: true }),
  hardness: fc.double({ min: 0, max: 1, noNaN: true }),
  points: fc.array(fc.tuple(fc.double({ min: -20, max: W + 20, noNaN: true }), fc.double({ min: -20, max: H + 20, noNaN: true })), { minLength: 1, maxLength: 8 }).map((ps) => ps.flat())
})
const opArb: fc.Arbitrary<MaskOp> = fc.oneof({ weight: 6, arbitrary: strokeArb }, { weight: 1, arbitrary: fc.constantFrom<MaskOp>({ kind: 'invert' }, { kind: 'clear' }, { kind: 'fill' }) })

describe('full-resolution mask drawn on the export canvas', () => {
  it("gives exactly the binary replay's gateway mask (black, alpha 0 where painted) for any ops", () => {
    fc.assert(
      fc.property(fc.array(opArb, { maxLength: 7 }), (ops) => {
        const want = createRaster(W, H)
        replayBinary(want, ops, IDENTITY, fullRect(want), 'export')
        const got = createRaster(W, H)
        got.data.fill(77) // whatever the canvas held before: drawMask covers every pixel
        drawMask(ops, W, H, rasterContext(got))
        expect(Buffer.from(got.data).equals(Buffer.from(want.data))).toBe(true)
      }),
      { numRuns: 300 }
    )
  })

  it('a painted capsule is transparent, the rest opaque; an invert over nothing frees everything; size zero is refused', () => {
    const r = createRaster(300, 1000)
    const ctx = rasterContext(r)
    drawMask([{ kind: 'stroke', mode: 'paint', radius: 40, hardness: 1, points: [100, 100, 100, 700] }], 300, 1000, ctx)
    const transparent = countAlpha(r, 0)
    expect(transparent).toBeGreaterThan(80 * 600 + Math.PI * 40 * 40 - 400)
    expect(transparent).toBeLessThan(80 * 600 + Math.PI * 40 * 40 + 400)
    expect(transparent + countAlpha(r, 255)).toBe(300 * 1000)
    // One rectangle per row of the stroke, plus the background: no per-pixel work.
    expect(ctx.calls).toBeLessThan(700)
    const inv = createRaster(64, 64)
    drawMask([{ kind: 'invert' }], 64, 64, rasterContext(inv))
    expect(countAlpha(inv, 0)).toBe(64 * 64)
    expect(() => drawMask([], 0, 10, rasterContext(inv))).toThrow(/positive size/)
  })
})
