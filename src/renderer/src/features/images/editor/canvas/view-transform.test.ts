import { describe, expect, it } from 'vitest'
import { fitView, imageToScreen, MAX_SCALE, panBy, screenToImage, wheelFactor, zoomAt } from './view-transform'

describe('zoom at the cursor', () => {
  it('keeps the image point under the cursor fixed, in and out, over many steps', () => {
    let v = fitView(4096, 4096, 1000, 800)
    const cursor: [number, number] = [637, 211]
    const before = screenToImage(v, ...cursor)
    for (const f of [1.25, 1.25, 3, 0.5, 1.1, 0.8]) {
      v = zoomAt(v, f, ...cursor)
      const after = screenToImage(v, ...cursor)
      expect(after[0]).toBeCloseTo(before[0], 6)
      expect(after[1]).toBeCloseTo(before[1], 6)
    }
  })

  it('clamps the scale and still keeps the point when clamped', () => {
    const v = zoomAt({ scale: 20, x: 0, y: 0 }, 10, 100, 100)
    expect(v.scale).toBe(MAX_SCALE)
    expect(screenToImage(v, 100, 100)[0]).toBeCloseTo(5, 6)
  })

  it('fits a large image inside the stage, centred, and never enlarges a small one', () => {
    const v = fitView(4096, 2048, 1040, 1040, 20)
    expect(v.scale).toBeCloseTo(1000 / 4096, 6)
    expect(imageToScreen(v, 2048, 1024)).toEqual([520, 520])
    expect(fitView(100, 100, 1000, 1000).scale).toBe(1)
  })

  it('pans by screen pixels and maps wheel deltas to factors around 1', () => {
    expect(panBy({ scale: 2, x: 1, y: 1 }, 10, -5)).toEqual({ scale: 2, x: 11, y: -4 })
    expect(wheelFactor(-100, 0)).toBeGreaterThan(1)
    expect(wheelFactor(100, 0)).toBeLessThan(1)
    expect(wheelFactor(3, 1)).toBeCloseTo(wheelFactor(48, 0), 9)
  })
})
