/**
 * THE poll scheduler (PERFORMANCE P1/P2): one timer for every task, age-based intervals with jitter,
 * a global rate cap (strict spacing between request starts, so no window of one second ever holds
 * more than `ratePerSecond` starts), a bound on requests in flight, and per-gateway holds for
 * Retry-After. Work is queued as entries `{key, dueAt, gateway}`; the most overdue runs first, user
 * actions (priority) before polls. Time comes from a Clock so tests and benches run simulated minutes.
 *
 * Hand-written on purpose: the libraries at hand (p-queue and alike) cap concurrency or count per
 * interval, not "due time + strict spacing + per-gateway holds" in one queue.
 */

export interface Clock {
  now(): number
  setTimeout(fn: () => void, ms: number): unknown
  clearTimeout(handle: unknown): void
}

export const realClock: Clock = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => {
    const t = setTimeout(fn, ms)
    t.unref?.()
    return t
  },
  clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>)
}

export interface SchedulerOptions {
  clock?: Clock
  /** Global cap on request starts per second (every gateway request of the video engine). */
  ratePerSecond?: number
  maxInFlight?: number
  random?: () => number
  /** A gap this much longer than expected between two ticks means the machine slept. */
  sleepGapMs?: number
  onResume?: () => void
}

interface Entry {
  key: string
  dueAt: number
  gateway: string
  priority: number
  run: () => Promise<void>
}

/** Age-based poll intervals: fast while a result may come soon, slower as the task ages. */
export const POLL_STEPS: ReadonlyArray<{ untilAgeMs: number; everyMs: number }> = [
  { untilAgeMs: 60_000, everyMs: 5_000 },
  { untilAgeMs: 3 * 60_000, everyMs: 10_000 },
  { untilAgeMs: 15 * 60_000, everyMs: 20_000 },
  { untilAgeMs: 60 * 60_000, everyMs: 30_000 },
  { untilAgeMs: Infinity, everyMs: 60_000 }
]
export const POLL_JITTER = 0.15

export function pollIntervalMs(ageMs: number, random: () => number = Math.random): number {
  const step = POLL_STEPS.find((s) => ageMs < s.untilAgeMs) ?? POLL_STEPS[POLL_STEPS.length - 1]
  return Math.round(step.everyMs * (1 + POLL_JITTER * (2 * random() - 1)))
}

export class PollScheduler {
  readonly clock: Clock
  private readonly entries = new Map<string, Entry>()
  private readonly holds = new Map<string, number>()
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
    return new Promise<T>((resolve, reject) => {
      const key = `req:${Math.random().toString(36).slice(2)}:${this.started}`
      this.add(key, this.clock.now(), gateway, () => fn().then(resolve, reject), 1)
    })
  }

  /** No request to this gateway starts before `untilMs` (Retry-After, or a back-off after 429). */
  hold(gateway: string, untilMs: number): void {
    this.holds.set(gateway, Math.max(untilMs, this.holds.get(gateway) ?? 0))
    this.arm()
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
