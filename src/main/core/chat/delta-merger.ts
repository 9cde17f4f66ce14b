import type { StreamOp } from '@shared/domain/chat'
import { monotonicClock, type Clock } from '../tasks/clock'
import type { StreamMeta } from './formats/types'
import { mergeOps } from './parts'

export type MergeClock = Clock

export interface MergedDelta {
  seq: number
  ops: StreamOp[]
  meta: StreamMeta
}

/**
 * Merges one stream's ops into at most one message per window (~16 ms, one frame). The first push
 * after a quiet window goes out at once (leading edge), so the first token is never held back;
 * whatever arrives inside the window waits for its end (trailing edge). Text is only concatenated,
 * never altered, so the emitted appends add up to exactly what the gateway sent.
 */
export class DeltaMerger {
  private ops: StreamOp[] = []
  private meta: StreamMeta = {}
  private hasMeta = false
  private lastEmit = Number.NEGATIVE_INFINITY
  private timer: unknown = null
  private seq = 0
  private waiters: Array<() => void> = []
  private closed = false

  constructor(
    private readonly emit: (delta: MergedDelta) => void,
    private readonly windowMs = 16,
    private readonly clock: MergeClock = monotonicClock
  ) {}

  push(ops: readonly StreamOp[], meta?: StreamMeta): void {
    if (this.closed) return
    if (ops.length > 0) this.ops.push(...ops)
    if (meta && Object.keys(meta).length > 0) {
      Object.assign(this.meta, meta)
      this.hasMeta = true
    }
    if (this.pending()) this.schedule()
  }

  /** Resolves once everything pushed so far has been emitted; the window still applies. */
  drain(): Promise<void> {
    if (!this.pending()) return Promise.resolve()
    return new Promise((resolve) => {
      this.waiters.push(resolve)
      this.schedule()
    })
  }

  /** Drops anything pending and stops the timer (the stream is gone). */
  close(): void {
    this.closed = true
    if (this.timer !== null) this.clock.clearTimeout(this.timer)
    this.timer = null
    this.release()
  }

  private pending(): boolean {
    return this.ops.length > 0 || this.hasMeta
  }

  private schedule(): void {
    if (this.timer !== null) return
    const wait = this.lastEmit + this.windowMs - this.clock.now()
    if (wait <= 0) this.flush()
    else this.timer = this.clock.setTimeout(() => this.onTimer(), wait)
  }

  private onTimer(): void {
    this.timer = null
    if (this.closed) return
    // Timers may fire a hair before the window by the clock's reckoning; never emit early.
    const wait = this.lastEmit + this.windowMs - this.clock.now()
    if (wait > 0) this.timer = this.clock.setTimeout(() => this.onTimer(), wait)
    else this.flush()
  }

  private flush(): void {
    if (this.pending()) {
      const delta: MergedDelta = { seq: this.seq++, ops: mergeOps(this.ops), meta: this.meta }
      this.ops = []
      this.meta = {}
      this.hasMeta = false
      // Stamp before (so a push made from inside emit still sees the window) and again after: emit
      // takes variable time (validation, secret guard, serialization), and the window must be
      // measured from when the message actually left, or two messages can land < windowMs apart.
      this.lastEmit = this.clock.now()
      try {
        this.emit(delta)
      } finally {
        this.lastEmit = this.clock.now()
      }
    }
    this.release()
  }

  private release(): void {
    const waiters = this.waiters
    this.waiters = []
    for (const w of waiters) w()
  }
}
