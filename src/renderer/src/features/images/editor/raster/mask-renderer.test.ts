import { describe, expect, it } from 'vitest'
import type { MaskOp, Stroke } from '../model/mask-model'
import { coverageAt, finalizeForExport, rasterStroke, replay } from './mask-renderer'
import { applyWholeOp, countAlpha, createRaster, fullRect, IDENTITY, imageClip, type Raster } from './raster'

const stroke = (points: number[], radius: number, mode: Stroke['mode'] = 'paint', hardness = 1): Stroke => ({
  kind: 'stroke',
  mode,
  radius,
  hardness,
  points
})
const alphaAt = (r: Raster, x: number, y: number) => r.data[(y * r.width + x) * 4 + 3]
/** Pixel centres strictly inside a circle, counted the slow obvious way. */
function pixelsWithin(w: number, h: number, cx: number, cy: number, radius: number): number {
  let n = 0
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) if ((x + 0.5 - cx) ** 2 + (y + 0.5 - cy) ** 2 < radius ** 2) n++
  return n
}

describe('coverage and hardness falloff', () => {
  it('is full inside, empty outside, and exactly one half at the radius for every hardness', () => {
    for (const h of [0, 0.3, 0.8]) {
      expect(coverageAt(0, 10, h)).toBe(1)
      expect(coverageAt(10, 10, h)).toBeCloseTo(0.5, 6)
      expect(coverageAt(16, 10, h)).toBe(0)
    }
    expect(coverageAt(9.99, 10, 1)).toBe(1)
    expect(coverageAt(10, 10, 1)).toBe(0)
  })

  it('falls off monotonically across the feather band, wider when softer', () => {
    const samples = [6, 7, 8, 9, 10, 11, 12, 13, 14].map((d) => coverageAt(d, 10, 0.2))
    for (let i = 1; i < samples.length; i++) expect(samples[i]).toBeLessThanOrEqual(samples[i - 1])
    expect(coverageAt(12, 10, 0)).toBeGreaterThan(coverageAt(12, 10, 0.6))
  })
})

describe('a stroke on the raster', () => {
  it('paints full coverage at every pixel centre inside the radius, and nothing outside', () => {
    const r = createRaster(64, 64)
    rasterStroke(r, stroke([32, 32], 10), IDENTITY, fullRect(r))
    expect(countAlpha(r, 255)).toBe(pixelsWithin(64, 64, 32, 32, 10))
    expect(countAlpha(r, 0)).toBe(64 * 64 - pixelsWithin(64, 64, 32, 32, 10))
    expect(alphaAt(r, 32, 32)).toBe(255)
    expect(alphaAt(r, 32 + 11, 32)).toBe(0)
  })

  it('a soft stroke has partial coverage in its band, and thresholds to the same circle', () => {
    const r = createRaster(64, 64)
    rasterStroke(r, stroke([32, 32], 12, 'paint', 0.2), IDENTITY, fullRect(r))
    const partial = Array.from({ length: 64 * 64 }, (_, i) => r.data[i * 4 + 3]).filter((a) => a > 0 && a < 255)
    expect(partial.length).toBeGreaterThan(50)
    finalizeForExport(r)
    expect(countAlpha(r, 0)).toBe(pixelsWithin(64, 64, 32, 32, 12))
  })

  it('a segment covers the capsule between its points', () => {
    const r = createRaster(100, 40)
    rasterStroke(r, stroke([20, 20, 80, 20], 5), IDENTITY, fullRect(r))
    expect(alphaAt(r, 50, 20)).toBe(255)
    expect(alphaAt(r, 50, 24)).toBe(255)
    expect(alphaAt(r, 50, 26)).toBe(0)
    expect(alphaAt(r, 86, 20)).toBe(0)
  })

  it('erase restores what a paint stroke covered', () => {
    const r = createRaster(64, 64)
    replay(r, [stroke([32, 32], 20), stroke([32, 32], 8, 'erase')], IDENTITY, fullRect(r))
    expect(alphaAt(r, 32, 32)).toBe(0)
    expect(alphaAt(r, 32 + 12, 32)).toBe(255)
    expect(countAlpha(r, 255)).toBe(pixelsWithin(64, 64, 32, 32, 20) - pixelsWithin(64, 64, 32, 32, 8))
  })

  it('draws only new segments when given a starting point', () => {
    const r = createRaster(100, 20)
    const s = stroke([10, 10, 50, 10, 90, 10], 3)
    const dirty = rasterStroke(r, s, IDENTITY, fullRect(r), 2)
    expect(dirty!.x0).toBeGreaterThanOrEqual(46)
    expect(alphaAt(r, 20, 10)).toBe(0)
    expect(alphaAt(r, 70, 10)).toBe(255)
  })

  it('respects the clip and a display transform', () => {
    const r = createRaster(50, 50)
    const t = { scale: 0.5, dx: 5, dy: 5 }
    const clip = imageClip(r, t, 40, 40)
    expect(clip).toEqual({ x0: 5, y0: 5, x1: 25, y1: 25 })
    rasterStroke(r, stroke([0, 0], 20), t, clip)
    expect(alphaAt(r, 5, 5)).toBe(255)
    expect(alphaAt(r, 4, 5)).toBe(0)
  })
})

describe('whole-mask operations', () => {
  it('invert swaps painted and unpainted; clear and fill set everything', () => {
    const r = createRaster(32, 32)
    rasterStroke(r, stroke([16, 16], 6), IDENTITY, fullRect(r))
    const painted = countAlpha(r, 255)
    applyWholeOp(r, 'invert', fullRect(r))
    expect(countAlpha(r, 255)).toBe(32 * 32 - painted)
    applyWholeOp(r, 'fill', fullRect(r))
    expect(countAlpha(r, 255)).toBe(32 * 32)
    applyWholeOp(r, 'clear', fullRect(r))
    expect(countAlpha(r, 0)).toBe(32 * 32)
  })

  it('replay starts from nothing and honours order (paint, invert, erase)', () => {
    const r = createRaster(40, 40)
    r.data.fill(255)
    const ops: MaskOp[] = [stroke([20, 20], 5), { kind: 'invert' }, stroke([0, 0], 10, 'erase')]
    replay(r, ops, IDENTITY, fullRect(r))
    expect(alphaAt(r, 20, 20)).toBe(0)
    expect(alphaAt(r, 35, 35)).toBe(255)
    expect(alphaAt(r, 1, 1)).toBe(0)
  })
})

describe('full-resolution replay and export convention', () => {
  it('4096² with strokes: exact painted pixel count, alpha 0 where painted and 255 elsewhere', () => {
    const W = 4096
    const H = 4096
    const r = createRaster(W, H)
    const ops: MaskOp[] = [
      stroke([1000, 1000], 300),
      stroke([3000, 3000], 200, 'paint', 0.3),
      stroke([1000, 1000], 100, 'erase')
    ]
    replay(r, ops, IDENTITY, fullRect(r))
    finalizeForExport(r)
    const expected =
      pixelsWithin(W, H, 1000, 1000, 300) - pixelsWithin(W, H, 1000, 1000, 100) + pixelsWithin(W, H, 3000, 3000, 200)
    expect(r.width).toBe(W)
    expect(r.height).toBe(H)
    expect(countAlpha(r, 0)).toBe(expected)
    expect(countAlpha(r, 255)).toBe(W * H - expected)
    expect(r.data[0] + r.data[1] + r.data[2]).toBe(0)
  }, 60_000)
})
