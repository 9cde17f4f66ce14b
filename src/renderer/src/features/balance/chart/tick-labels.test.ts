import { describe, expect, it } from 'vitest'
import { axisFormatter, timeFormatter } from '../Charts'
import { drawChart, type ChartSpec } from './draw'
import { niceDomain } from './scale'
import { distinctLabels, dropRepeats } from './tick-labels'

const quota = axisFormatter({ kind: 'quota' }, 'en')
const usd = axisFormatter({ kind: 'usd' }, 'en')

describe('axis tick labels', () => {
  it('never prints 5M, 5M, 4.9M, 4.9M: close ticks get the digits that tell them apart', () => {
    const ticks = [4_900_000, 4_925_000, 4_950_000, 4_975_000, 5_000_000]
    // What one fraction digit alone gives: the same text twice or more.
    expect(ticks.map((v) => quota(v))).toEqual(['4.9M', '4.9M', '5M', '5M', '5M'])
    const labels = distinctLabels(ticks, quota)
    expect(new Set(labels).size).toBe(ticks.length)
    expect(labels).toEqual(['4.9M', '4.93M', '4.95M', '4.98M', '5M'])
  })

  it('keeps the short labels when they already differ', () => {
    expect(distinctLabels([0, 1_000_000, 2_000_000, 3_000_000], quota)).toEqual(['0', '1M', '2M', '3M'])
  })

  it('gives every tick of a real domain its own text, in quota and in dollars', () => {
    const { ticks } = niceDomain(4_912_345, 5_004_321, 5)
    expect(new Set(distinctLabels(ticks, quota)).size).toBe(ticks.length)
    const dollars = niceDomain(79.91, 80.02, 5).ticks
    const labels = distinctLabels(dollars, usd)
    expect(new Set(labels).size).toBe(dollars.length)
    expect(labels[0]).toMatch(/^\$79\.9/)
  })

  it('leaves a repeat blank when no precision separates the values', () => {
    expect(distinctLabels([1, 1.000001, 2], (v, d) => v.toFixed(Math.min(d, 2)))).toEqual(['1.00', '', '2.00'])
    expect(dropRepeats(['a', 'b', 'a', 'a', 'c'])).toEqual(['a', 'b', '', '', 'c'])
  })
})

/** A 2D context that keeps the text drawn; everything else does nothing. */
function textRecorder(): { ctx: CanvasRenderingContext2D; texts: string[] } {
  const texts: string[] = []
  const ctx = new Proxy({} as Record<string, unknown>, {
    get: (target, name) => {
      if (name === 'fillText') return (text: string) => texts.push(text)
      if (name === 'measureText') return (text: string) => ({ width: text.length * 6 })
      return name in target ? target[name as string] : () => undefined
    },
    set: (target, name, value) => {
      target[name as string] = value
      return true
    }
  }) as unknown as CanvasRenderingContext2D
  return { ctx, texts }
}

describe('the drawn balance chart', () => {
  it('prints no axis label twice: a balance falling from 5M to 4.9M over two days', () => {
    const n = 48
    const start = Date.UTC(2026, 0, 5, 0, 0)
    const spec: ChartSpec = {
      kind: 'line',
      xs: Float64Array.from({ length: n }, (_, i) => start + i * 3_600_000),
      ys: Float64Array.from({ length: n }, (_, i) => 5_000_000 - i * 2_100),
      formatX: timeFormatter('en'),
      formatY: axisFormatter({ kind: 'quota' }, 'en')
    }
    const { ctx, texts } = textRecorder()
    drawChart(ctx, spec, 640, 240, {
      text: '#000',
      grid: '#ccc',
      line: '#00f',
      fill: '#00f',
      hover: '#f00',
      font: '12px sans-serif'
    })
    const printed = texts.filter((s) => s !== '')
    expect(printed.length).toBeGreaterThan(4)
    expect(printed.filter((s) => s.endsWith('M')).length).toBeGreaterThan(2)
    expect(new Set(printed).size).toBe(printed.length)
  })
})
