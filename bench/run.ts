/**
 * `npm run bench [-- ID ...]`: runs the benchmark suite (docs/PERFORMANCE.md), prints a table and
 * writes bench-results.json at the repo root. Exit codes:
 *  - 0: every row has a number (pass or miss: a miss against a target is reported, not an error);
 *  - 1: the suite could not run (no build, unknown id), or a row has no number: a metric that
 *    threw, ran past its budget, found its feature missing or left a row it describes out. A row
 *    that cannot run is a failed check, never a footnote.
 *
 * `npm run bench -- --smoke [ID ...]`: the bench smoke (bench/lib/smoke.ts), every metric once at
 * its smallest size, written to test-results/bench-smoke.json; it fails only on rows without a number.
 */
import { spawnSync } from 'node:child_process'
import { join } from 'node:path'

// src/ imports '@shared/*', which tsx resolves only with tsconfig.node.json's paths; the npm script
// cannot pass it, so this file re-executes itself once with the variable set. The runner is imported
// dynamically: a static import would be resolved (and fail) before this check could run.
if (!process.env.TSX_TSCONFIG_PATH) {
  const r = spawnSync(process.execPath, [...process.execArgv, ...process.argv.slice(1)], {
    stdio: 'inherit',
    env: { ...process.env, TSX_TSCONFIG_PATH: join(import.meta.dirname, '..', 'tsconfig.node.json') }
  })
  process.exit(r.status ?? 1)
} else {
  await import('./runner')
}
