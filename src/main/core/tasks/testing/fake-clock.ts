import type { Clock } from '../clock'

/** Simulated time for the scheduler (tests and the P1/P2 benches): timers fire only when advanced. */
export class FakeClock implements Clock {
  private t: number
  private seq = 0
  private readonly timers = new Map<number, { at: number; fn: () => void }>()

  constructor(start = 1_700_000_000_000) {
    this.t = start
  }

  now(): number {
    return this.t
  }

  setTimeout(fn: () => void, ms: number): unknown {
    const id = ++this.seq
    this.timers.set(id, { at: this.t + Math.max(0, ms), fn })
    return id
  }

  clearTimeout(handle: unknown): void {
    this.timers.delete(handle as number)
  }

  /** Jumps time without firing timers (a machine asleep). */
  jump(ms: number): void {
    this.t += ms
  }

  /** Moves time forward, firing due timers in order; `settle` lets promise chains run between them. */
  async advance(ms: number, settle: () => Promise<void> = () => new Promise((r) => setImmediate(r))): Promise<void> {
    const end = this.t + ms
    for (;;) {
      let next: [number, { at: number; fn: () => void }] | undefined
      for (const e of this.timers) if (e[1].at <= end && (!next || e[1].at < next[1].at)) next = e
      if (!next) break
      this.timers.delete(next[0])
      this.t = Math.max(this.t, next[1].at)
      next[1].fn()
      await settle()
    }
    this.t = end
  }

  get pending(): number {
    return this.timers.size
  }
}
