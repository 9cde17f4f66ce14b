import { describe, expect, it } from 'vitest'
import { decimateMinMax } from './decimate'
import { extent, linearScale, nearestIndex, niceDomain, niceStep, timeTicks } from './scale'

describe('chart scaling', () => {
  it('maps and inverts a linear scale (y flipped)', () => {
    const y = linearScale(0, 100, 200, 0)
    expect(y.map(25)).toBe(150)
    expect(y.invert(150)).toBe(25)
    expect(linearScale(5, 5, 0, 10).map(5)).toBe(0)
  })

  it('picks round steps and widens the domain to them', () => {
    expect(niceStep(100, 5)).toBe(20)
    expect(niceStep(0.7, 5)).toBeCloseTo(0.2)
    expect(niceDomain(3, 97)).toEqual({ domain: [0, 100], ticks: [0, 20, 40, 60, 80, 100] })
    expect(niceDomain(7, 7).domain[0]).toBeLessThan(7)
    expect(niceDomain(Number.NaN, 1)).toEqual({ domain: [0, 1], ticks: [0, 1] })
  })

  it('finds the extent of 10k values without spreading them, and the nearest point', () => {
    const ys = Float64Array.from({ length: 10_000 }, (_, i) => Math.sin(i) * i)
    const [lo, hi] = extent(ys)
    expect(lo).toBe(Math.min(...ys))
    expect(hi).toBe(Math.max(...ys))
    expect(nearestIndex([0, 10, 20, 30], 14)).toBe(1)
    expect(nearestIndex([0, 10, 20, 30], 16)).toBe(2)
    expect(nearestIndex([0, 10], 99)).toBe(1)
    expect(nearestIndex([], 1)).toBe(-1)
  })

  it('puts time ticks on round steps', () => {
    const t0 = Date.UTC(2026, 0, 1, 10, 7)
    const { step, ticks } = timeTicks(t0, t0 + 4 * 3_600_000, 5)
    expect(step).toBe(3_600_000)
    expect(ticks.every((t) => t % 3_600_000 === 0)).toBe(true)
    expect(ticks.length).toBeGreaterThanOrEqual(3)
  })
})

describe('min/max decimation', () => {
  it('keeps at most four points per column, with every column extreme', () => {
    const n = 10_000
    const xs = Float64Array.from({ length: n }, (_, i) => i)
    const ys = Float64Array.from({ length: n }, (_, i) => ((i * 7919) % 1000) - (i === 5000 ? 1e6 : 0))
    const d = decimateMinMax({ xs, ys }, 0, n, 500)
    expect(d.xs.length).toBeLessThanOrEqual(2000)
    expect(Math.min(...d.ys)).toBe(-1e6 + ((5000 * 7919) % 1000))
    expect(Math.max(...d.ys)).toBe(Math.max(...ys))
    expect(d.xs[0]).toBe(0)
    expect(d.xs[d.xs.length - 1]).toBe(n - 1)
    expect(d.xs.every((x, i) => i === 0 || x > d.xs[i - 1])).toBe(true)
  })

  it('leaves a short series as it is', () => {
    const d = decimateMinMax({ xs: [1, 2, 3], ys: [3, 1, 2] }, 1, 3, 100)
    expect([...d.ys]).toEqual([3, 1, 2])
  })
})
