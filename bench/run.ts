/**
 * `npm run bench [-- ID ...]`: runs the benchmark suite (design/PERFORMANCE.md), prints a table and
 * writes bench-results.json at the repo root. Exits 0 whenever the suite ran, pass or fail; 1 when
 * it could not run (no build, unknown id).
 */
import { spawnSync } from 'node:child_process'
import { join, relative } from 'node:path'
import { ensureBuilt, ROOT } from './lib/build'
import type { Metric, RunContext } from './lib/metric'
import { failedToRun, formatTable, writeResults, type BenchEntry } from './lib/report'
import { METRICS } from './metrics/index'

// src/ imports '@shared/*', which tsx resolves only with tsconfig.node.json's paths; the npm script
// cannot pass it, so the runner re-executes itself once with the variable set.
if (!process.env.TSX_TSCONFIG_PATH) {
  const r = spawnSync(process.execPath, [...process.execArgv, ...process.argv.slice(1)], {
    stdio: 'inherit',
    env: { ...process.env, TSX_TSCONFIG_PATH: join(ROOT, 'tsconfig.node.json') }
  })
  process.exit(r.status ?? 1)
}

function log(line: string): void {
  process.stderr.write(`[bench] ${line}\n`)
}

function select(args: string[]): Metric[] {
  const wanted = args.map((a) => a.toUpperCase())
  const unknown = wanted.filter((w) => !METRICS.some((m) => m.id === w))
  if (unknown.length) throw new Error(`unknown metric id(s): ${unknown.join(', ')}; known: ${METRICS.map((m) => m.id).join(' ')}`)
  return wanted.length ? METRICS.filter((m) => wanted.includes(m.id)) : METRICS
}

async function runOne(metric: Metric, ctx: RunContext): Promise<BenchEntry[]> {
  let timer: NodeJS.Timeout | undefined
  const overBudget = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`over its ${metric.budgetMs / 1000} s budget`)), metric.budgetMs)
  })
  try {
    return await Promise.race([metric.run(ctx), overBudget])
  } catch (e) {
    log(`${metric.id} could not run: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`)
    return metric.describes.map((d) => failedToRun(d.id, d.metric, d.target, e))
  } finally {
    clearTimeout(timer)
  }
}

async function main(): Promise<number> {
  const started = process.hrtime.bigint()
  let metrics: Metric[]
  try {
    metrics = select(process.argv.slice(2))
  } catch (e) {
    log(String(e instanceof Error ? e.message : e))
    return 1
  }
  let buildWarning: string | undefined
  try {
    buildWarning = ensureBuilt(log).warning
  } catch (e) {
    log(`the suite cannot run: ${e instanceof Error ? e.message : String(e)}`)
    return 1
  }
  if (buildWarning) log(buildWarning)
  const ctx: RunContext = { log, buildWarning }
  const entries: BenchEntry[] = []
  for (const metric of metrics) {
    const t0 = process.hrtime.bigint()
    log(`${metric.id} ...`)
    entries.push(...(await runOne(metric, ctx)))
    log(`${metric.id} done in ${(Number(process.hrtime.bigint() - t0) / 1e9).toFixed(1)} s`)
  }
  const out = join(ROOT, 'bench-results.json')
  writeResults(out, entries)
  const seconds = Number(process.hrtime.bigint() - started) / 1e9
  process.stdout.write(`${formatTable(entries)}\n\n${entries.filter((e) => e.pass).length}/${entries.length} passed; suite ${seconds.toFixed(1)} s; wrote ${relative(process.cwd(), out) || out}\n`)
  return 0
}

// Exit explicitly: a metric that hit its budget may still hold a socket open in the background.
main().then(
  (code) => process.exit(code),
  (e: unknown) => {
    log(`the suite cannot run: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`)
    process.exit(1)
  }
)
