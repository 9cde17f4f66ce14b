import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { StreamOp } from '@shared/domain/chat'
import { DeltaMerger, type MergeClock, type MergedDelta } from './delta-merger'

/** A clock the test moves by hand; timers fire when time passes them (never early). */
class FakeClock implements MergeClock {
  t = 1000
  private timers: Array<{ at: number; fn: () => void; id: number }> = []
  private next = 0
  now = () => this.t
  setTimeout = (fn: () => void, ms: number) => {
    const id = this.next++
    this.timers.push({ at: this.t + ms, fn, id })
    return id
  }
  clearTimeout = (h: unknown) => {
    this.timers = this.timers.filter((x) => x.id !== h)
  }
  advance(ms: number): void {
    const end = this.t + ms
    for (;;) {
      this.timers.sort((a, b) => a.at - b.at)
      const due = this.timers[0]
      if (!due || due.at > end) break
      this.timers.shift()
      this.t = due.at
      due.fn()
    }
    this.t = end
  }
}

const op = (append: string, part = 0): StreamOp => ({ part, type: 'text', append })

describe('DeltaMerger', () => {
  it('sends the first delta at once, not after the window', () => {
    const clock = new FakeClock()
    const out: MergedDelta[] = []
    const m = new DeltaMerger((d) => out.push(d), 16, clock)
    m.push([op('Hel')])
    expect(out).toEqual([{ seq: 0, ops: [op('Hel')], meta: {} }])
  })

  it('merges what arrives inside a window into one delta at its end, with the latest meta', () => {
    const clock = new FakeClock()
    const out: Array<MergedDelta & { at: number }> = []
    const m = new DeltaMerger((d) => out.push({ ...d, at: clock.now() }), 16, clock)
    m.push([op('a')])
    clock.advance(3)
    m.push([op('b')], { usage: { output: 1 } })
    clock.advance(3)
    m.push([op('c'), op('{', 1)], { usage: { output: 2 } })
    expect(out).toHaveLength(1)
    clock.advance(20)
    expect(out).toHaveLength(2)
    expect(out[1]).toMatchObject({ seq: 1, at: 1016, ops: [op('bc'), op('{', 1)], meta: { usage: { output: 2 } } })
  })

  it('drain() waits for the window, then delivers what is pending', async () => {
    const clock = new FakeClock()
    const out: MergedDelta[] = []
    const m = new DeltaMerger((d) => out.push(d), 16, clock)
    m.push([op('a')])
    m.push([op('b')])
    let drained = false
    const p = m.drain().then(() => (drained = true))
    await Promise.resolve()
    expect(drained).toBe(false)
    clock.advance(16)
    await p
    expect(out.map((d) => d.ops[0].append)).toEqual(['a', 'b'])
  })

  it('R3: never more than one delta per 16 ms, and the appends add up to exactly the input (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            gap: fc.integer({ min: 0, max: 40 }),
            text: fc.string({ unit: 'grapheme', maxLength: 5 }),
            part: fc.integer({ min: 0, max: 2 })
          }),
          { minLength: 1, maxLength: 200 }
        ),
        async (pushes) => {
          const clock = new FakeClock()
          const out: Array<{ at: number; d: MergedDelta }> = []
          const m = new DeltaMerger((d) => out.push({ at: clock.now(), d }), 16, clock)
          for (const p of pushes) {
            clock.advance(p.gap)
            m.push([op(p.text, p.part)])
          }
          const done = m.drain()
          clock.advance(100)
          await done
          for (let i = 1; i < out.length; i++) expect(out[i].at - out[i - 1].at).toBeGreaterThanOrEqual(16)
          expect(out.map((x) => x.d.seq)).toEqual(out.map((_, i) => i))
          const sent = (part: number) =>
            out.flatMap((x) => x.d.ops.filter((o) => o.part === part).map((o) => o.append)).join('')
          for (const part of [0, 1, 2])
            expect(sent(part)).toBe(
              pushes
                .filter((p) => p.part === part)
                .map((p) => p.text)
                .join('')
            )
        }
      ),
      { numRuns: 300 }
    )
  })
  it('R3: measures the window from when a message arrived, not when emit started (emit takes time)', () => {
    const clock = new FakeClock()
    const arrived: number[] = []
    // Emit costs 0 ms, then 10 ms (schema check, guard, stringify), then 0 ms...
    const costs = [0, 10, 0, 10, 0, 10, 0]
    const m = new DeltaMerger(
      () => {
        clock.t += costs[arrived.length] ?? 0
        arrived.push(clock.now())
      },
      16,
      clock
    )
    m.push([op('first')])
    expect(arrived).toEqual([1000])
    for (let i = 0; i < 12; i++) {
      clock.advance(5)
      m.push([op(String(i))])
    }
    clock.advance(100)
    expect(arrived.length).toBeGreaterThan(2)
    for (let i = 1; i < arrived.length; i++) expect(arrived[i] - arrived[i - 1]).toBeGreaterThanOrEqual(16)
  })

  it('R3 (property): gaps between arrivals stay >= the window whatever emit costs; the first push is still immediate', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ gap: fc.integer({ min: 0, max: 40 }), cost: fc.integer({ min: 0, max: 12 }) }), {
          minLength: 1,
          maxLength: 100
        }),
        async (pushes) => {
          const clock = new FakeClock()
          const arrived: number[] = []
          let k = 0
          const m = new DeltaMerger(
            () => {
              clock.t += pushes[k++ % pushes.length].cost
              arrived.push(clock.now())
            },
            16,
            clock
          )
          m.push([op('x')])
          expect(arrived).toHaveLength(1)
          for (const p of pushes) {
            clock.advance(p.gap)
            m.push([op('y')])
          }
          const done = m.drain()
          clock.advance(200)
          await done
          for (let i = 1; i < arrived.length; i++) expect(arrived[i] - arrived[i - 1]).toBeGreaterThanOrEqual(16)
        }
      ),
      { numRuns: 200 }
    )
  })
})
