/** The bench runner proper; started by bench/run.ts once tsx knows the project's paths. */
import { mkdirSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { ensureBuilt, ROOT } from './lib/build'
import type { Metric, RunContext } from './lib/metric'
import { failedToRun, formatTable, rowsWithoutNumber, writeResults, type BenchEntry } from './lib/report'
import { SMOKE } from './lib/smoke'
import { METRICS } from './metrics/index'

function log(line: string): void {
  process.stderr.write(`[bench] ${line}\n`)
}

function select(args: string[]): Metric[] {
  const wanted = args.filter((a) => a !== '--smoke').map((a) => a.toUpperCase())
  const unknown = wanted.filter((w) => !METRICS.some((m) => m.id === w))
  if (unknown.length)
    throw new Error(`unknown metric id(s): ${unknown.join(', ')}; known: ${METRICS.map((m) => m.id).join(' ')}`)
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
  const out = SMOKE ? join(ROOT, 'test-results', 'bench-smoke.json') : join(ROOT, 'bench-results.json')
  mkdirSync(dirname(out), { recursive: true })
  writeResults(out, entries)
  const seconds = Number(process.hrtime.bigint() - started) / 1e9
  const kind = SMOKE ? 'bench smoke (smallest sizes; ratios not checked)' : 'suite'
  const passed = SMOKE ? '' : `${entries.filter((e) => e.pass).length}/${entries.length} passed; `
  process.stdout.write(
    `${formatTable(entries)}\n\n${passed}${kind} ${seconds.toFixed(1)} s; wrote ${relative(process.cwd(), out) || out}\n`
  )
  const empty = rowsWithoutNumber(metrics, entries)
  if (empty.length) {
    process.stdout.write(
      `\nBENCH FAILED: ${empty.length} row(s) produced no number: ${empty.map((e) => `${e.id} (${e.why})`).join('; ')}\n`
    )
    return 1
  }
  if (SMOKE)
    process.stdout.write(`\nbench smoke: all ${entries.length} rows of ${metrics.length} metrics produced a number\n`)
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
