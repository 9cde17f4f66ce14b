import { StudioError } from '@shared/errors'
import { realClock, type Clock } from './clock'

/**
 * THE task scheduler (PERFORMANCE P1/P2): one timer for every followed task of the host (video
 * polls and downloads, asset imports, native image tasks), due times jittered by cadence.ts,
 * a global rate cap (strict spacing between request starts, so no window of one second ever holds
 * more than `ratePerSecond` starts), a bound on requests in flight, and per-gateway holds for
 * Retry-After. Work is queued as entries `{key, dueAt, gateway}`; the most overdue runs first, user
 * actions (priority) before polls. Time comes from a Clock so tests and benches run simulated minutes.
 *
 * Hand-written on purpose: the libraries at hand (p-queue and alike) cap concurrency or count per
 * interval, not "due time + strict spacing + per-gateway holds" in one queue.
 */

export interface SchedulerOptions {
  clock?: Clock
  /** Global cap on request starts per second (every request the task engine makes). */
  ratePerSecond?: number
  maxInFlight?: number
  random?: () => number
  /** A gap this much longer than expected between two ticks means the machine slept. */
  sleepGapMs?: number
  onResume?: () => void
  /** A Retry-After above this is clamped: the task keeps its place, it is only asked later. */
  retryAfterCapMs?: number
}

/** Back-off after a 429 without Retry-After: doubles per 429 in a row, 2 s to 60 s. */
export const BACKOFF_429 = { firstMs: 2000, maxMs: 60_000 }
export const RETRY_AFTER_CAP_MS = 60_000

interface Entry {
  key: string
  dueAt: number
  gateway: string
  priority: number
  run: () => Promise<void>
}

export class PollScheduler {
  readonly clock: Clock
  private readonly entries = new Map<string, Entry>()
  private readonly holds = new Map<string, number>()
  /** 429s in a row per gateway, for the back-off when no Retry-After came with them. */
  private readonly limited = new Map<string, number>()
  /** Every Retry-After obeyed (tests and the P2 bench): when it was given and until when. */
  readonly retryAfters: Array<{ gateway: string; at: number; until: number }> = []
  private readonly minGapMs: number
  private readonly maxInFlight: number
  private inFlight = 0
  private lastStart = -Infinity
  private timer: unknown = null
  private timerAt = Infinity
  private disposed = false
  private readonly running = new Set<Promise<void>>()
  /** Request starts, for tests and benches. */
  started = 0

  constructor(private readonly opts: SchedulerOptions = {}) {
    this.clock = opts.clock ?? realClock
    this.minGapMs = 1000 / (opts.ratePerSecond ?? 4)
    this.maxInFlight = opts.maxInFlight ?? 6
  }

  get random(): () => number {
    return this.opts.random ?? Math.random
  }

  now(): number {
    return this.clock.now()
  }

  /** Queues (or moves) work under a key; polls use the task id, one-off requests a unique key. */
  add(key: string, dueAt: number, gateway: string, run: () => Promise<void>, priority = 0): void {
    if (this.disposed) return
    this.entries.set(key, { key, dueAt, gateway, priority, run })
    this.arm()
  }

  has(key: string): boolean {
    return this.entries.has(key)
  }

  dueAt(key: string): number | undefined {
    return this.entries.get(key)?.dueAt
  }

  cancel(key: string): void {
    this.entries.delete(key)
  }

  /** Runs `fn` as soon as the rate cap allows (before polls); resolves with its result. */
  request<T>(gateway: string, fn: () => Promise<T>): Promise<T> {
    return this.at(
      `req:${Math.random().toString(36).slice(2)}:${this.started}`,
      this.clock.now(),
      gateway,
      fn,
      undefined,
      1
    )
  }

  /**
   * Runs `fn` under `key` once `dueAt` has come and the cap and holds allow; resolves with its
   * result. An abort of `signal` takes it out of the queue and rejects with CANCELLED, so a caller
   * awaiting its turn is never left waiting by a shutdown.
   */
  at<T>(
    key: string,
    dueAt: number,
    gateway: string,
    fn: () => Promise<T>,
    signal?: AbortSignal,
    priority = 0
  ): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const onAbort = () => {
        if (this.entries.get(key)?.run === run) this.cancel(key)
        reject(new StudioError('CANCELLED', 'Stopped before its turn came.'))
      }
      const run = () => {
        signal?.removeEventListener('abort', onAbort)
        return fn().then(resolve, reject)
      }
      if (signal?.aborted) return onAbort()
      signal?.addEventListener('abort', onAbort, { once: true })
      this.add(key, dueAt, gateway, run, priority)
    })
  }

  /** No request to this gateway starts before `untilMs` (Retry-After, or a back-off after 429). */
  hold(gateway: string, untilMs: number): void {
    this.holds.set(gateway, Math.max(untilMs, this.holds.get(gateway) ?? 0))
    this.arm()
  }

  /**
   * The one rule for a 429 from `gateway`, whoever asked: nothing starts there before its
   * Retry-After (clamped to `capMs`), or, without one, before a back-off that doubles per 429 in a
   * row. Returns the moment the gateway may be asked again.
   */
  backOff(
    gateway: string,
    retryAfterMs: unknown,
    capMs: number = this.opts.retryAfterCapMs ?? RETRY_AFTER_CAP_MS
  ): number {
    const now = this.clock.now()
    let until: number
    if (typeof retryAfterMs === 'number' && Number.isFinite(retryAfterMs)) {
      until = now + Math.min(Math.max(0, retryAfterMs), capMs)
      this.retryAfters.push({ gateway, at: now, until })
    } else {
      const n = (this.limited.get(gateway) ?? 0) + 1
      this.limited.set(gateway, n)
      until = now + Math.min(BACKOFF_429.firstMs * 2 ** (n - 1), BACKOFF_429.maxMs)
    }
    this.hold(gateway, until)
    return until
  }

  /** A request to `gateway` got an answer: the next 429 starts its back-off from the first step. */
  answered(gateway: string): void {
    this.limited.delete(gateway)
  }

  heldUntil(gateway: string): number {
    return this.holds.get(gateway) ?? 0
  }

  get size(): number {
    return this.entries.size
  }

  /**
   * After sleep (powerMonitor resume, or a long timer gap): polls that were far in the future are
   * pulled in and spread over a few seconds, so every task is checked soon but not all at once.
   */
  resume(): void {
    const now = this.clock.now()
    let i = 0
    for (const e of this.entries.values()) {
      if (e.priority > 0) continue
      // Spread over 5 s in slots of 250 ms, jittered inside the slot: never a burst at wake-up.
      const soon = now + 500 + (i++ % 20) * 250 + Math.floor(this.random() * 200)
      if (e.dueAt > soon) e.dueAt = soon
    }
    this.opts.onResume?.()
    this.rearm()
  }

  /** Resolves when no started work is still running (after dispose: before the last writes). */
  async idle(): Promise<void> {
    while (this.running.size) await Promise.allSettled([...this.running])
  }

  dispose(): void {
    this.disposed = true
    this.entries.clear()
    if (this.timer !== null) this.clock.clearTimeout(this.timer)
    this.timer = null
  }

  private rearm(): void {
    if (this.timer !== null) this.clock.clearTimeout(this.timer)
    this.timer = null
    this.timerAt = Infinity
    this.arm()
  }

  /** The earliest moment something could start: the soonest due entry whose gateway is not held. */
  private nextWake(now: number): number {
    let next = Infinity
    for (const e of this.entries.values()) {
      const at = Math.max(e.dueAt, this.holds.get(e.gateway) ?? 0)
      if (at < next) next = at
    }
    if (next === Infinity) return next
    return Math.max(next, this.lastStart + this.minGapMs, now)
  }

  private arm(): void {
    if (this.disposed || this.inFlight >= this.maxInFlight) return
    const now = this.clock.now()
    const at = this.nextWake(now)
    if (at === Infinity || at >= this.timerAt) return
    if (this.timer !== null) this.clock.clearTimeout(this.timer)
    this.timerAt = at
    const expected = at - now
    this.timer = this.clock.setTimeout(() => this.tick(now + expected), expected)
  }

  private pick(now: number): Entry | undefined {
    let best: Entry | undefined
    for (const e of this.entries.values()) {
      if (e.dueAt > now || (this.holds.get(e.gateway) ?? 0) > now) continue
      if (!best || e.priority > best.priority || (e.priority === best.priority && e.dueAt < best.dueAt)) best = e
    }
    return best
  }

  private tick(expectedAt: number): void {
    this.timer = null
    this.timerAt = Infinity
    if (this.disposed) return
    const now = this.clock.now()
    if (this.opts.sleepGapMs !== undefined && now - expectedAt > this.opts.sleepGapMs) {
      this.resume()
      return
    }
    if (now >= this.lastStart + this.minGapMs && this.inFlight < this.maxInFlight) {
      const e = this.pick(now)
      if (e) {
        this.entries.delete(e.key)
        this.lastStart = now
        this.started++
        this.inFlight++
        const p: Promise<void> = e
          .run()
          .catch(() => {})
          .finally(() => {
            this.inFlight--
            this.running.delete(p)
            this.arm()
          })
        this.running.add(p)
      }
    }
    this.arm()
  }
}
