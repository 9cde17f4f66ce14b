/**
 * "Lost after N misses", the one rule for every followed task: the gateway answering that it does
 * not know a task (task_not_exist) this many times in a row ends it as lost. Fewer may be a replica
 * that has not seen the task yet, so one miss alone never ends anything.
 */
export const LOST_AFTER_MISSES = 3

/** Counts one more miss in a row; `lost` once the rule says the task is gone. */
export function countMiss(before: number | undefined): { misses: number; lost: boolean } {
  const misses = (before ?? 0) + 1
  return { misses, lost: misses >= LOST_AFTER_MISSES }
}
