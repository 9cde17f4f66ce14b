import { describe, expect, it } from 'vitest'
import { entry, formatTable, notMeasurable } from '../bench/lib/report'
import { interleave, interleavedOrder, max, median, p95, percentile, ratio, round } from '../bench/lib/stats'

describe('bench harness math', () => {
  it('takes the middle sample as the median, or the mean of the middle two', () => {
    expect(median([3, 1, 2])).toBe(2)
    expect(median([4, 1, 3, 2])).toBe(2.5)
    expect(median([7])).toBe(7)
  })

  it('reports a nearest-rank p95 that is always a real sample', () => {
    const xs = Array.from({ length: 31 }, (_, i) => i + 1)
    // ceil(0.95 * 31) = 30th smallest: one outlier of 31 is tolerated, two are not.
    expect(p95(xs)).toBe(30)
    expect(p95([5, 1, 9, 3, 7])).toBe(9)
    expect(percentile([10, 20, 30, 40], 50)).toBe(20)
    expect(percentile([10, 20, 30, 40], 100)).toBe(40)
  })

  it('refuses empty or non-finite samples instead of reporting NaN', () => {
    expect(() => median([])).toThrow()
    expect(() => p95([1, Number.NaN])).toThrow()
    expect(() => percentile([1], 0)).toThrow()
    expect(max([2, 9, 4])).toBe(9)
  })

  it('forms ratios only against a positive baseline', () => {
    expect(ratio(17.9, 16.7)).toBe(1.072)
    expect(() => ratio(1, 0)).toThrow()
    expect(round(1.23456, 2)).toBe(1.23)
  })

  it('interleaves baseline and subject in ABBA blocks so drift hits both arms', () => {
    expect(interleavedOrder(3)).toEqual(['baseline', 'subject', 'subject', 'baseline', 'baseline', 'subject'])
    const order = interleavedOrder(10)
    expect(order.filter((a) => a === 'baseline')).toHaveLength(10)
    expect(() => interleavedOrder(0)).toThrow()
  })

  it('runs warm-ups unrecorded, then every sample once, in the interleaved order', async () => {
    const calls: string[] = []
    const out = await interleave(
      2,
      {
        baseline: async (i) => (calls.push(`b${i}`), i),
        subject: async (i) => (calls.push(`s${i}`), i * 10)
      },
      1
    )
    expect(calls).toEqual(['b-1', 's-1', 'b0', 's0', 's1', 'b1'])
    expect(out).toEqual({ baseline: [0, 1], subject: [0, 10] })
  })
})

describe('bench report entries', () => {
  it('has exactly the documented keys, with the ratio computed from the same-run baseline', () => {
    const e = entry({
      id: 'S1',
      metric: 'p95 frame ms',
      value: 17.9,
      baseline: 16.7,
      target: '<= 1.25',
      pass: true,
      runs: 5
    })
    expect(Object.keys(e)).toEqual(['id', 'metric', 'value', 'baseline', 'ratio', 'target', 'pass', 'runs'])
    expect(e.ratio).toBe(1.072)
  })

  it('writes an unbuilt feature as failing with no numbers', () => {
    const e = notMeasurable('L1', 'open 2,000 messages', '<= 1.5x', 'chat view')
    expect(e).toMatchObject({
      value: null,
      baseline: null,
      ratio: null,
      pass: false,
      runs: 0,
      note: 'not measurable yet: chat view not built'
    })
  })

  it('prints every entry and its note in the table', () => {
    const text = formatTable([
      entry({ id: 'T2', metric: 'start', value: 2, baseline: 1, target: '<= 1.3x', pass: false, runs: 11, note: 'why' })
    ])
    expect(text).toContain('T2')
    expect(text).toContain('FAIL')
    expect(text).toContain('T2: why')
  })
})
