import { describe, expect, it } from 'vitest'
import { dailySpending } from './SpendingChart'

describe('spending over time', () => {
  const byDay = [
    { day: 2, model: 'b', cost: 5 },
    { day: 1, model: 'a', cost: 10 },
    { day: 2, model: 'a', cost: 7 },
    { day: 3, model: 'b', cost: 1 }
  ]
  it('sums every model per day, oldest first', () => {
    expect(dailySpending(byDay, '')).toEqual([
      { day: 1, cost: 10 },
      { day: 2, cost: 12 },
      { day: 3, cost: 1 }
    ])
  })
  it('keeps one model’s days only when one is chosen', () => {
    expect(dailySpending(byDay, 'b')).toEqual([
      { day: 2, cost: 5 },
      { day: 3, cost: 1 }
    ])
    expect(dailySpending(byDay, 'none')).toEqual([])
  })
})
