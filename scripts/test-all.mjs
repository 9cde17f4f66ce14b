#!/usr/bin/env node
// `npm test`: typecheck + lint + format check + security scan + unit + build + end-to-end + bench smoke, then one summary line `N passed, N failed`.
// Each step's own output streams through; counts come from the runners' JSON reports. A step that
// cannot report counts (typecheck, lint, build, the bench smoke) counts as one check.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'

const root = join(import.meta.dirname, '..')
const reports = join(root, 'test-results', 'reports')
rmSync(reports, { recursive: true, force: true })
mkdirSync(reports, { recursive: true })

const only = new Set(process.argv.slice(2))
const want = (name) => only.size === 0 || only.has(name)
const totals = { passed: 0, failed: 0, skipped: 0 }
const failedSteps = []
// Names of failed tests, printed again just above the summary line so that the end of a long log says which.
const failedTests = []

function run(name, cmd, args, env = {}) {
  process.stderr.write(`\n=== ${name}: ${cmd} ${args.join(' ')}\n`)
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } })
  return r.status === 0
}

/** `group`: the name `npm test -- <name>` selects it by (the typechecks are one group, lint and format another). */
function check(name, cmd, args, group = name) {
  if (!want(group)) return
  if (run(name, cmd, args)) totals.passed++
  else {
    totals.failed++
    failedSteps.push(name)
  }
}

function firstLine(text) {
  // eslint-disable-next-line no-control-regex -- ANSI colour codes in runner messages
  const ansi = /\u001b\[[0-9;]*m/g
  return (
    String(text ?? '')
      .replace(ansi, '')
      .split('\n')
      .find((l) => l.trim()) ?? ''
  )
}

function collectPlaywrightFailures(suites, path) {
  for (const suite of suites) {
    const here = suite.title ? [...path, suite.title] : path
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== 'unexpected' && test.status !== 'flaky') continue
        const last = test.results?.[test.results.length - 1]
        const label = test.status === 'flaky' ? 'e2e (flaky, passed on retry)' : 'e2e'
        failedTests.push(`${label}: ${[...here, spec.title].join(' > ')} :: ${firstLine(last?.error?.message)}`)
      }
    }
    collectPlaywrightFailures(suite.suites ?? [], here)
  }
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'))
  } catch {
    return null
  }
}

check('typecheck', 'npx', ['tsc', '-p', 'tsconfig.node.json', '--noEmit'])
check('typecheck-tools', 'npx', ['tsc', '-p', 'tsconfig.tools.json', '--noEmit'], 'typecheck')
check('typecheck-bridge', 'npx', ['tsc', '-p', 'tsconfig.bridge.json', '--noEmit'], 'typecheck')
check('typecheck-web', 'npx', ['tsc', '-p', 'tsconfig.web.json', '--noEmit'], 'typecheck')
check('lint', 'npx', ['eslint', '.', '--max-warnings', '0'])
check('format', 'npx', ['prettier', '--check', '.', '--log-level', 'warn'], 'lint')
check('security', 'node', ['--import', 'tsx', 'security/check.ts'])

// Built before the unit tests, so the tests of the built renderer and preload run too (they skip
// only where out/ is missing, e.g. a lone `vitest run`); the end-to-end tests and the bench smoke use
// the same build.
let built = true
if (want('unit') || want('e2e') || want('bench')) {
  built = run('build', 'npx', ['electron-vite', 'build'])
  if (!built) {
    totals.failed++
    failedSteps.push('build')
  }
}

if (want('unit')) {
  const file = join(reports, 'vitest.json')
  const ok = run('unit', 'npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${file}`])
  const r = readJson(file)
  if (r) {
    totals.passed += r.numPassedTests
    totals.failed += r.numFailedTests
    totals.skipped += (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0)
    for (const file of r.testResults ?? []) {
      for (const t of file.assertionResults ?? []) {
        if (t.status === 'failed')
          failedTests.push(
            `unit: ${file.name.replace(root + '/', '')} > ${t.fullName} :: ${firstLine(t.failureMessages?.[0])}`
          )
      }
    }
  }
  if (!ok || !r) {
    if (!r) totals.failed++
    failedSteps.push('unit')
  }
}

if (want('e2e')) {
  if (built) {
    const file = join(reports, 'playwright.json')
    const ok = run('e2e', 'npx', ['playwright', 'test', '--reporter=list,json'], { PLAYWRIGHT_JSON_OUTPUT_NAME: file })
    const r = existsSync(file) ? readJson(file) : null
    if (r?.stats) {
      totals.passed += r.stats.expected + (r.stats.flaky ?? 0)
      totals.failed += r.stats.unexpected
      totals.skipped += r.stats.skipped
      collectPlaywrightFailures(r.suites ?? [], [])
    }
    if (!ok || !r) {
      if (!r) totals.failed++
      failedSteps.push('e2e')
    }
  }
}

// The bench smoke: every benchmark once at its smallest size (bench/lib/smoke.ts), one check that
// fails when any row has no number (a metric that no longer runs). Ratios are not checked: one small
// sample on a shared CI machine is noise. About 4 minutes on 2 cores.
if (want('bench') && built) {
  if (run('bench', 'node', ['--import', 'tsx', 'bench/run.ts', '--smoke'])) totals.passed++
  else {
    totals.failed++
    failedSteps.push('bench')
  }
}

if (failedTests.length)
  process.stdout.write(`\nFailed tests:\n${failedTests.map((t) => `  ${t.slice(0, 400)}`).join('\n')}\n`)
if (failedSteps.length) process.stderr.write(`\nFailed steps: ${failedSteps.join(', ')}\n`)
const skipped = totals.skipped ? `, ${totals.skipped} skipped` : ''
process.stdout.write(`\n${totals.passed} passed, ${totals.failed} failed${skipped}\n`)
process.exit(failedSteps.length || totals.failed ? 1 : 0)
