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
    for (let i = 0; i < 5; i++)
      s.add(`t${i}`, clock.now() + 30_000 + i * 100_000, 'g', async () => void ran.push(clock.now()))
    clock.jump(29_000)
    // The machine sleeps for an hour: the 30 s timer fires an hour late.
    clock.jump(3600_000)
    const woke = clock.now()
    await clock.advance(10_000)
    expect(ran).toHaveLength(5)
    expect(Math.max(...ran) - woke).toBeLessThan(10_000)
  })

  it('one 429 rule for every caller: Retry-After held (clamped to the cap), else a back-off doubling from 2 s that an answer resets', () => {
    const clock = new FakeClock()
    const s = new PollScheduler({ clock, retryAfterCapMs: 60_000 })
    const t0 = clock.now()
    expect(s.backOff('g', 7000) - t0).toBe(7000)
    expect(s.backOff('g', 120_000) - t0).toBe(60_000)
    expect(s.retryAfters.map((r) => r.until - r.at)).toEqual([7000, 60_000])
    expect(s.heldUntil('g') - t0).toBe(60_000)
    expect([null, null, null].map(() => s.backOff('h', null) - t0)).toEqual([2000, 4000, 8000])
    s.answered('h')
    expect(s.backOff('h', undefined) - t0).toBe(2000)
    expect(s.heldUntil('other')).toBe(0)
  })

  it('work waiting for its turn is taken out of the queue when its caller stops, and its promise says so', async () => {
    const clock = new FakeClock()
    const s = new PollScheduler({ clock })
    const stop = new AbortController()
    let ran = false
    const turn = s.at('native:1', clock.now() + 5000, 'g', async () => void (ran = true), stop.signal)
    expect(s.has('native:1')).toBe(true)
    stop.abort()
    await expect(turn).rejects.toMatchObject({ code: 'CANCELLED' })
    expect(s.has('native:1')).toBe(false)
    await clock.advance(10_000)
    expect(ran).toBe(false)
    const answer = s.at(
      'native:2',
      clock.now() + 1000,
      'g',
      async () => 42,
      stop.signal.aborted ? undefined : stop.signal
    )
    await clock.advance(2000)
    await expect(answer).resolves.toBe(42)
  })
})
