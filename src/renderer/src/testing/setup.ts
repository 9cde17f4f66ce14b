/**
 * Runs before every renderer test file. A file whose last test started a lazy chunk (a reply's
 * Markdown engine, KaTeX, a grammar) waits for it before the environment is torn down, so a slow
 * machine does not turn a finished import into an "imported after teardown" error.
 * The lazy areas' English strings are loaded first, as opening their view does in the app: tests
 * render an area's components straight away (i18n/area-strings.test.ts checks the loading itself).
 */
import { afterAll, beforeAll } from 'vitest'
import { loadAreaStrings } from '@renderer/i18n/area-strings'
import { settleLoads } from '@renderer/lib/lazy-loads'

beforeAll(loadAreaStrings)
afterAll(settleLoads)
