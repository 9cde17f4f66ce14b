import { describe, expect, it } from 'vitest'
import { durationStats, ETA_SAMPLE, etaOf } from './eta'

describe('ETA from a model’s own durations', () => {
  it('median and 75th percentile of the latest runs, with their number', () => {
    expect(durationStats([60_000, 120_000, 90_000, 300_000])).toEqual({ median: 105_000, p75: 120_000, runs: 4 })
    expect(durationStats([42])).toEqual({ median: 42, p75: 42, runs: 1 })
  })

  it('no runs, or none usable: no estimate', () => {
    expect(durationStats([])).toBeNull()
    expect(durationStats([-5_000, Number.NaN])).toBeNull()
  })

  it('a duration made negative by a clock set back is left out, not averaged in', () => {
    expect(durationStats([100, -3_600_000, 300])).toEqual({ median: 200, p75: 300, runs: 2 })
  })

  it('rests on the latest runs only', () => {
    const old = Array.from({ length: 30 }, () => 1_000_000)
    const recent = Array.from({ length: ETA_SAMPLE }, (_, i) => 1000 + i)
    const s = durationStats([...old, ...recent])!
    expect(s.runs).toBe(ETA_SAMPLE)
    expect(s.p75).toBeLessThan(2000)
  })

  it('ends after the work ahead of it', () => {
    const s = { median: 60_000, p75: 90_000, runs: 5 }
    expect(etaOf(1_000, s)).toEqual({ median: 61_000, p75: 91_000 })
    expect(etaOf(1_000, s, 120_000)).toEqual({ median: 181_000, p75: 211_000 })
  })
})
