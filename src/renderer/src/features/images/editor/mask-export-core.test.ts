import { describe, expect, it } from 'vitest'
import { renderMaskBands } from './mask-export-core'
import type { MaskOp } from './mask-model'
import { countAlpha, type Raster } from './mask-renderer'

describe('full-resolution mask in bands', () => {
  it('covers exactly width x height, top to bottom, with the painted pixels transparent', () => {
    const ops: MaskOp[] = [{ kind: 'stroke', mode: 'paint', radius: 40, hardness: 1, points: [100, 100, 100, 700] }]
    const bands: { top: number; width: number; height: number; transparent: number; opaque: number }[] = []
    renderMaskBands(ops, 300, 1000, (band: Raster, top) => bands.push({ top, width: band.width, height: band.height, transparent: countAlpha(band, 0), opaque: countAlpha(band, 255) }), 256)
    expect(bands.map((b) => [b.top, b.height])).toEqual([
      [0, 256],
      [256, 256],
      [512, 256],
      [768, 232]
    ])
    expect(bands.every((b) => b.width === 300 && b.transparent + b.opaque === 300 * b.height)).toBe(true)
    // A 600 px capsule of radius 40: rectangle 80 x 600 plus a disc, counted at pixel centres.
    const transparent = bands.reduce((n, b) => n + b.transparent, 0)
    expect(transparent).toBeGreaterThan(80 * 600 + Math.PI * 40 * 40 - 400)
    expect(transparent).toBeLessThan(80 * 600 + Math.PI * 40 * 40 + 400)
    expect(bands[3].transparent).toBe(0)
  })

  it('an invert over nothing makes the whole image editable; a size of zero is refused', () => {
    let transparent = 0
    renderMaskBands([{ kind: 'invert' }], 64, 64, (b) => (transparent += countAlpha(b, 0)))
    expect(transparent).toBe(64 * 64)
    expect(() => renderMaskBands([], 0, 10, () => {})).toThrow(/positive size/)
  })
})
