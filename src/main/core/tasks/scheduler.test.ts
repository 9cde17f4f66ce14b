import { describe, expect, it } from 'vitest'
import { pollIntervalMs } from './cadence'
import { PollScheduler } from './scheduler'
import { FakeClock } from './testing/fake-clock'

function maxInWindow(times: number[], windowMs: number): number {
  let best = 0
  for (let i = 0, j = 0; i < times.length; i++) {
    while (times[i] - times[j] >= windowMs) j++
    best = Math.max(best, i - j + 1)
  }
  return best
}

describe('the one poll scheduler', () => {
  it('age-based intervals with jitter: 5 s at first, slower as tasks age', () => {
    expect(pollIntervalMs(0, () => 0.5)).toBe(5000)
    expect(pollIntervalMs(2 * 60_000, () => 0.5)).toBe(10_000)
    expect(pollIntervalMs(10 * 60_000, () => 0.5)).toBe(20_000)
    expect(pollIntervalMs(5 * 3600_000, () => 0.5)).toBe(60_000)
    expect(pollIntervalMs(0, () => 0)).toBe(4250)
    expect(pollIntervalMs(0, () => 1)).toBe(5750)
  })

  it('never starts more than the cap in any one-second window, however much is due', async () => {
    const clock = new FakeClock()
    const s = new PollScheduler({ clock, ratePerSecond: 5, maxInFlight: 50 })
    const starts: number[] = []
    for (let i = 0; i < 200; i++) s.add(`t${i}`, clock.now(), 'g', async () => void starts.push(clock.now()))
    await clock.advance(60_000)
    expect(starts).toHaveLength(200)
    expect(maxInWindow(starts, 1000)).toBeLessThanOrEqual(5)
    expect(starts.at(-1)! - starts[0]).toBeLessThan(41_000)
  })

  it('user requests go before overdue polls; a hold delays only its gateway', async () => {
    const clock = new FakeClock()
    const s = new PollScheduler({ clock, ratePerSecond: 10 })
    const order: string[] = []
    for (let i = 0; i < 3; i++) s.add(`p${i}`, clock.now() - 1000, 'a', async () => void order.push(`p${i}`))
    void s.request('a', async () => order.push('user'))
    s.hold('b', clock.now() + 5000)
    s.add('b1', clock.now(), 'b', async () => void order.push(`b1@${clock.now() - 1_700_000_000_000}`))
    await clock.advance(10_000)
    expect(order[0]).toBe('user')
    expect(order.slice(1, 4)).toEqual(['p0', 'p1', 'p2'])
    expect(order[4]).toBe('b1@5000')
  })

  it('a long gap between ticks (sleep) pulls every poll in, spread out', async () => {
    const clock = new FakeClock()
    const s = new PollScheduler({ clock, ratePerSecond: 10, sleepGapMs: 60_000 })
    const ran: number[] = []
    for (let i = 0; i < 5; i++) s.add(`t${i}`, clock.now() + 30_000 + i * 100_000, 'g', async () => void ran.push(clock.now()))
    clock.jump(29_000)
    // The machine sleeps for an hour: the 30 s timer fires an hour late.
    clock.jump(3600_000)
    const woke = clock.now()
    await clock.advance(10_000)
    expect(ran).toHaveLength(5)
    expect(Math.max(...ran) - woke).toBeLessThan(10_000)
  })
})
