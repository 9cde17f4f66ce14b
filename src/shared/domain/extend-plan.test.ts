import { describe, expect, it } from 'vitest'
import { extendProblems, naturalCanvas, placementOf, planExtend, shareOf, type ExtendPlan } from './extend-plan'
import { ruleEnglish } from './rule-english'

const ok = (p: ExtendPlan) => {
  if (!p.ok) throw new Error(`refused: ${ruleEnglish(p.problem)}`)
  return p
}

describe('extend canvas geometry', () => {
  it('gives the smallest canvas of the ratio that holds the picture unscaled', () => {
    expect(naturalCanvas({ width: 1024, height: 1024 }, { kind: 'ratio', ratio: '16:9' })).toEqual({
      width: 1820,
      height: 1024
    })
    expect(naturalCanvas({ width: 1024, height: 1024 }, { kind: 'ratio', ratio: '9:16' })).toEqual({
      width: 1024,
      height: 1820
    })
    expect(naturalCanvas({ width: 2000, height: 1000 }, { kind: 'ratio', ratio: '4:3' })).toEqual({
      width: 2000,
      height: 1500
    })
    expect(naturalCanvas({ width: 800, height: 600 }, { kind: 'pixels', width: 1000, height: 700 })).toEqual({
      width: 1000,
      height: 700
    })
  })

  it('keeps a native canvas inside the area range as it is', () => {
    const p = ok(planExtend({ width: 1024, height: 1024 }, { kind: 'ratio', ratio: '16:9' }, 'editNative'))
    expect(p.canvas).toEqual({ width: 1820, height: 1024 })
    expect(p.picture).toEqual({ width: 1024, height: 1024 })
    expect(p.snappedFrom).toBeUndefined()
    expect(p.scale).toBe(1)
  })

  it('snaps a native canvas over 4096x4096 down into the range, scaling the picture with it', () => {
    const p = ok(planExtend({ width: 4096, height: 4096 }, { kind: 'ratio', ratio: '16:9' }, 'editNative'))
    expect(p.snappedFrom).toEqual({ width: 7282, height: 4096 })
    expect(p.canvas.width * p.canvas.height).toBeLessThanOrEqual(4096 * 4096)
    expect(p.canvas.width / p.canvas.height).toBeCloseTo(16 / 9, 2)
    expect(p.picture.width).toBe(p.picture.height)
    expect(p.picture.height).toBe(p.canvas.height)
  })

  it('snaps a small native canvas up to 1024x1024 of area', () => {
    const p = ok(planExtend({ width: 512, height: 512 }, { kind: 'ratio', ratio: '4:3' }, 'editNative'))
    expect(p.canvas.width * p.canvas.height).toBeGreaterThanOrEqual(1024 * 1024)
    expect(p.picture.height).toBe(p.canvas.height)
    expect(p.scale).toBeGreaterThan(1)
  })

  it('snaps a form canvas to the fixed size of the nearest shape', () => {
    const p = ok(planExtend({ width: 1024, height: 1024 }, { kind: 'ratio', ratio: '16:9' }, 'editForm'))
    expect(p.canvas).toEqual({ width: 1920, height: 1080 })
    expect(p.picture).toEqual({ width: 1080, height: 1080 })
    expect(p.snappedFrom).toEqual({ width: 1820, height: 1024 })
    const tall = ok(planExtend({ width: 1024, height: 1024 }, { kind: 'ratio', ratio: '9:16' }, 'editForm'))
    expect(tall.canvas).toEqual({ width: 1080, height: 1920 })
  })

  it('refuses with a reason: no form size near 21:9, wider than 21:9 on native, a canvas smaller than the picture, nothing new', () => {
    const noSize = planExtend({ width: 1024, height: 1024 }, { kind: 'ratio', ratio: '21:9' }, 'editForm')
    expect(noSize.ok ? null : noSize.problem.key).toBe('extendNoSize')
    expect(noSize.ok ? '' : ruleEnglish(noSize.problem)).toContain('1920x1080')
    const wide = planExtend({ width: 1024, height: 1024 }, { kind: 'pixels', width: 4096, height: 1024 }, 'editNative')
    expect(wide.ok ? null : wide.problem.key).toBe('extendTooWide')
    const small = planExtend({ width: 1024, height: 1024 }, { kind: 'pixels', width: 1000, height: 1200 }, 'editNative')
    expect(small.ok ? null : small.problem.key).toBe('extendSmaller')
    const same = planExtend({ width: 1024, height: 1024 }, { kind: 'ratio', ratio: '1:1' }, 'editNative')
    expect(same.ok ? null : same.problem.key).toBe('extendNothing')
    // 21:9 itself is the native family's widest shape, so it is taken.
    expect(planExtend({ width: 1024, height: 1024 }, { kind: 'ratio', ratio: '21:9' }, 'editNative').ok).toBe(true)
  })

  it('places the picture by a share of the free room, clamped, and reads a dragged corner back as a share', () => {
    const p = ok(planExtend({ width: 1024, height: 1024 }, { kind: 'ratio', ratio: '16:9' }, 'editNative'))
    expect(placementOf(p, { x: 0.5, y: 0.5 })).toEqual({
      width: 1820,
      height: 1024,
      x: 398,
      y: 0,
      pictureWidth: 1024,
      pictureHeight: 1024
    })
    expect(placementOf(p, { x: 2, y: -1 }).x).toBe(796)
    expect(placementOf(p, { x: -3, y: 0 }).x).toBe(0)
    expect(shareOf(p, 199, 50)).toEqual({ x: 0.25, y: 0.5 })
    expect(shareOf(p, 5000, 0).x).toBe(1)
  })

  it('checks a request placement on the host: family size, inside, shaped like the source', () => {
    const src = { width: 1024, height: 1024 }
    expect(
      extendProblems(
        src,
        { width: 1820, height: 1024, x: 398, y: 0, pictureWidth: 1024, pictureHeight: 1024 },
        'editNative'
      )
    ).toEqual([])
    expect(
      extendProblems(
        src,
        { width: 1820, height: 1024, x: 398, y: 0, pictureWidth: 1024, pictureHeight: 1024 },
        'editForm'
      )[0].key
    ).toBe('extendNoSize')
    expect(
      extendProblems(
        src,
        { width: 1820, height: 1024, x: 900, y: 0, pictureWidth: 1024, pictureHeight: 1024 },
        'editNative'
      )[0].key
    ).toBe('extendPlacement')
    expect(
      extendProblems(
        src,
        { width: 1820, height: 1024, x: 0, y: 0, pictureWidth: 1500, pictureHeight: 1024 },
        'editNative'
      )[0].key
    ).toBe('extendPlacement')
    expect(
      extendProblems(
        src,
        { width: 8000, height: 4000, x: 0, y: 0, pictureWidth: 4000, pictureHeight: 4000 },
        'editNative'
      )[0].key
    ).toBe('areaRange')
  })
})
