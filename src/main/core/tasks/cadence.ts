/**
 * How long a task waits before it is asked again: one jitter for every kind of task (video polls,
 * asset imports, native image tasks), so tasks submitted together never poll in lock-step.
 */

/** Spread of every poll delay: ±15 % unless a kind of task says otherwise. */
export const POLL_JITTER = 0.15

export function jittered(ms: number, jitter: number = POLL_JITTER, random: () => number = Math.random): number {
  return Math.max(0, Math.round(ms * (1 + jitter * (2 * random() - 1))))
}

/** Age-based video poll intervals: fast while a result may come soon, slower as the task ages. */
export const POLL_STEPS: ReadonlyArray<{ untilAgeMs: number; everyMs: number }> = [
  { untilAgeMs: 60_000, everyMs: 5_000 },
  { untilAgeMs: 3 * 60_000, everyMs: 10_000 },
  { untilAgeMs: 15 * 60_000, everyMs: 20_000 },
  { untilAgeMs: 60 * 60_000, everyMs: 30_000 },
  { untilAgeMs: Infinity, everyMs: 60_000 }
]

export function pollIntervalMs(ageMs: number, random: () => number = Math.random): number {
  const step = POLL_STEPS.find((s) => ageMs < s.untilAgeMs) ?? POLL_STEPS[POLL_STEPS.length - 1]
  return jittered(step.everyMs, POLL_JITTER, random)
}

/** Attempt-based delays (native image tasks, asset imports): the last step repeats. */
export function stepDelay(
  attempt: number,
  stepsMs: readonly number[],
  jitter: number = POLL_JITTER,
  random: () => number = Math.random
): number {
  return jittered(stepsMs[Math.min(attempt, stepsMs.length - 1)], jitter, random)
}
