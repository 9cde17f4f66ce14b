import { join } from 'node:path'
import { build } from 'esbuild'
import { withBrowser } from '../lib/browser'
import { ROOT } from '../lib/build'
import { analyseRendererBundle } from '../lib/bundle'
import { staticImportGraph } from '../lib/import-graph'
import type { Metric, RunContext } from '../lib/metric'
import { entry, failedToRun, type BenchEntry } from '../lib/report'
import { sized } from '../lib/smoke'
import { servePages } from '../lib/static-server'
import { interleave, median, round } from '../lib/stats'

const POINTS = 10_000
const PAIRS = sized(31, 3)
const TARGET = '<= 3x'
const METRIC = 'balance chart mount with a 10k-point series, ms'
const LAZY_METRIC = 'balance chart code on the renderer start-up path'

/** The chart component and React, bundled as the app ships them (production, minified). */
async function pageScript(): Promise<string> {
  const out = await build({
    entryPoints: [join(ROOT, 'src/renderer/src/features/balance/chart/testing/bench-page.tsx')],
    bundle: true,
    write: false,
    format: 'iife',
    minify: true,
    jsx: 'automatic',
    target: 'es2022',
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'silent'
  })
  return out.outputFiles[0].text
}

async function mount(ctx: RunContext): Promise<BenchEntry> {
  const script = (await pageScript()).replace(/<\/script/gi, '<\\/script')
  const pages = await servePages({
    '/t3': `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>T3</title></head><body style="margin:0"><script>${script}</script></body></html>`
  })
  try {
    return await withBrowser(async (browser) => {
      const page = await browser.newPage({ viewport: { width: 1280, height: 800 } })
      await page.goto(`${pages.url}/t3`)
      const call = (fn: 'mountChart' | 'rawPolyline') =>
        page.evaluate(([f, n]) => (window as unknown as { __t3: Record<string, (n: number) => number> }).__t3[f](n), [
          fn,
          POINTS
        ] as const)
      const samples = await interleave(
        PAIRS,
        { baseline: () => call('rawPolyline'), subject: () => call('mountChart') },
        5
      )
      const value = median(samples.subject)
      const baseline = median(samples.baseline)
      ctx.log(`T3 chart mount ${round(value)} ms vs raw polyline ${round(baseline)} ms`)
      return entry({
        id: 'T3',
        metric: METRIC,
        value,
        baseline,
        target: TARGET,
        pass: value / baseline <= 3,
        runs: PAIRS,
        note: `baseline: the same ${POINTS} points as one polyline on a bare canvas; both arms timed synchronously to a forced raster (getImageData); the chart draws axes, grid, labels and a min/max-decimated line`
      })
    })
  } finally {
    await pages.close()
  }
}

/** The chart code must be in a lazily loaded chunk: not reachable statically from main.tsx, and a Charts chunk exists apart from start-up. */
function lazyEntry(): BenchEntry {
  const graph = staticImportGraph(ROOT, 'src/renderer/src/main.tsx', {
    '@renderer': 'src/renderer/src',
    '@shared': 'src/shared'
  })
  const eagerChart = graph.files.filter((f) => /features\/balance\/(chart\/|Charts\.tsx|BalanceView\.tsx)/.test(f))
  const bundle = analyseRendererBundle(join(ROOT, 'out/renderer'))
  const chartChunks = bundle.lazy.filter((f) => /\/Charts-[^/]+\.js$/.test(f))
  const inStartup = bundle.startup.filter((f) => /\/(Charts|BalanceView)-[^/]+\.js$/.test(f))
  const offenders = [...eagerChart, ...inStartup]
  return entry({
    id: 'T3-lazy',
    metric: LAZY_METRIC,
    value: offenders.length + (chartChunks.length ? 0 : 1),
    baseline: 0,
    target: '0 (charts in their own lazy chunk)',
    pass: offenders.length === 0 && chartChunks.length > 0,
    runs: 1,
    note: `lazy chart chunk(s): ${chartChunks.join(', ') || 'NONE'}; entry ${bundle.entry}${offenders.length ? `; NOT LAZY: ${offenders.join(', ')}` : ''}`
  })
}

async function run(ctx: RunContext): Promise<BenchEntry[]> {
  let t3: BenchEntry
  try {
    t3 = await mount(ctx)
  } catch (e) {
    ctx.log(`T3 could not be measured: ${e instanceof Error ? e.message : String(e)}`)
    t3 = failedToRun('T3', METRIC, TARGET, e)
  }
  return [t3, lazyEntry()]
}

export const t3: Metric = {
  id: 'T3',
  describes: [
    { id: 'T3', metric: METRIC, target: TARGET },
    { id: 'T3-lazy', metric: LAZY_METRIC, target: '0 (charts in their own lazy chunk)' }
  ],
  budgetMs: 120_000,
  run
}
