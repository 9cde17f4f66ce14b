/**
 * Runs before every renderer test file. A file whose last test started a lazy chunk (a reply's
 * Markdown engine, KaTeX, a grammar) waits for it before the environment is torn down, so a slow
 * machine does not turn a finished import into an "imported after teardown" error.
 */
import { afterAll } from 'vitest'
import { settleLoads } from '@renderer/lib/lazy-loads'

afterAll(settleLoads)
