import { describe, expect, it } from 'vitest'
import type { Snapshot } from './balance'
import { burnForecast, dailyUse, DAY_MS, spentBetween } from './balance-forecast'

const T0 = Date.UTC(2026, 0, 1)
const s = (at: number, used: number, available: number, unlimited = false): Snapshot => ({
  at,
  used,
  available,
  granted: used + available,
  unlimited
})

describe('burn-rate forecast', () => {
  it('divides what is left by the recent spend per day', () => {
    const snaps = [s(T0, 0, 1_000_000), s(T0 + DAY_MS, 100_000, 900_000), s(T0 + 2 * DAY_MS, 200_000, 800_000)]
    const r = burnForecast(snaps)
    expect(r.kind).toBe('forecast')
    if (r.kind !== 'forecast') return
    expect(r.forecast.perDay).toBeCloseTo(100_000)
    expect(r.forecast.daysLeft).toBeCloseTo(8)
  })

  it('does not take a top-up for negative spending', () => {
    const snaps = [
      s(T0, 0, 100),
      s(T0 + DAY_MS, 50, 50),
      s(T0 + 2 * DAY_MS, 50, 10_050),
      s(T0 + 3 * DAY_MS, 80, 10_020)
    ]
    expect(spentBetween(snaps)).toBe(80)
    const r = burnForecast(snaps)
    expect(r.kind === 'forecast' && r.forecast.daysLeft).toBeCloseTo(10_020 / (80 / 3))
  })

  it('says when there is too little history, no spending, or an unlimited key', () => {
    expect(burnForecast([s(T0, 0, 10), s(T0 + 60_000, 5, 5)])).toMatchObject({ kind: 'not-enough-history', samples: 2 })
    expect(burnForecast([])).toMatchObject({ kind: 'not-enough-history' })
    const flat = burnForecast([s(T0, 5, 10), s(T0 + DAY_MS, 5, 10)])
    expect(flat.kind === 'forecast' && flat.forecast.daysLeft).toBeNull()
    expect(burnForecast([s(T0, 0, -5, true), s(T0 + DAY_MS, 10, -15, true)])).toEqual({ kind: 'unlimited' })
  })

  it('looks only at the recent window', () => {
    const old = [s(T0, 0, 1000), s(T0 + DAY_MS, 900, 100)]
    const recent = [s(T0 + 30 * DAY_MS, 900, 100), s(T0 + 31 * DAY_MS, 910, 90)]
    const r = burnForecast([...old, ...recent])
    expect(r.kind === 'forecast' && r.forecast.perDay).toBeCloseTo(10)
  })
})

describe('use per day', () => {
  it('counts increments on the day of the snapshot that saw them, with empty days kept', () => {
    const dayStart = (ms: number) => Math.floor(ms / DAY_MS) * DAY_MS
    const snaps = [
      s(T0 + 1000, 0, 100),
      s(T0 + 5000, 10, 90),
      s(T0 + 2 * DAY_MS + 5, 25, 75),
      s(T0 + 2 * DAY_MS + 9, 20, 80)
    ]
    expect(dailyUse(snaps, dayStart)).toEqual([
      { day: T0, used: 10 },
      { day: T0 + DAY_MS, used: 0 },
      { day: T0 + 2 * DAY_MS, used: 15 }
    ])
    expect(dailyUse([])).toEqual([])
  })
})
