// Generation logs for tests: a log on a clock the test moves, and balance readings to attribute against.
import type { Snapshot } from '@shared/domain/balance'
import { GenerationLog } from '../generation-log'

/** A balance reading at `at` with `used` units spent of a 1,000,000 grant. */
export const snap = (at: number, used: number): Snapshot => ({
  at,
  used,
  available: 1_000_000 - used,
  granted: 1_000_000,
  unlimited: false
})

/** Opens the log in `dir` on a clock starting at 1,000 that `at(t)` moves; notices land in `notices`. */
export async function openClockedLog(dir: string, notices: string[] = []) {
  let now = 1_000
  const log = await GenerationLog.open(
    dir,
    (m) => notices.push(m),
    () => now
  )
  return { log, dir, notices, at: (t: number) => (now = t) }
}
