/** Where the task engine reads time: the real one, or simulated minutes in tests and benches (testing/fake-clock.ts). */
export interface Clock {
  now(): number
  setTimeout(fn: () => void, ms: number): unknown
  clearTimeout(handle: unknown): void
}

/** A clock reading time from `now`; a pending timer never keeps the host process alive on its own. */
function clockOf(now: () => number): Clock {
  return {
    now,
    setTimeout: (fn, ms) => {
      const t = setTimeout(fn, ms)
      t.unref?.()
      return t
    },
    clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>)
  }
}

export const realClock: Clock = clockOf(() => Date.now())

/** For short windows (the chat delta merger's frame): a wall-clock step must not stretch or cut one. */
export const monotonicClock: Clock = clockOf(() => performance.now())
