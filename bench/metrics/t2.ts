import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createElectronLayout, RECORDER, type ElectronLayout } from '../lib/electron-layout'
import type { Metric, RunContext } from '../lib/metric'
import { timedRun } from '../lib/process'
import { entry, type BenchEntry } from '../lib/report'
import { sized } from '../lib/smoke'
import { interleave, median, round } from '../lib/stats'

const PAIRS = sized(11, 1)
const TARGET = '<= 1.3x'
const LAZY_TARGET = '0 gateway/parser modules before the window'

/** What must not be loaded before the window exists (reference section 6 budgets). */
const NOT_BEFORE_WINDOW: Array<[RegExp, string]> = [
  [/\/node_modules\/eventsource-parser\//, 'eventsource-parser'],
  [/\/node_modules\/(sharp|@img)\//, 'sharp (native image codecs)'],
  [/\/out\/main\/chunks\/sandbox-/, 'built-in sandbox gateway chunk'],
  [/\/out\/main\/chunks\/streaming-/, 'chat streaming chunk (stream runner, SSE parsing)'],
  [/\/src\/sandbox\//, 'src/sandbox (built-in gateway)'],
  // The chat service and store may load early; the stream runner and the format decoders may not.
  [
    /\/src\/main\/core\/chat\/(streaming|stream-runner|stream-body|delta-merger)\.ts$|\/src\/main\/core\/chat\/formats\/(?!history\.ts$)[^/]+\.ts$/,
    'chat stream runner / format decoders'
  ],
  [/\/src\/main\/core\/gateway\/(sse|stream-errors)\.ts$/, 'SSE parsing (src/main/core/gateway/sse.ts)'],
  [/\/src\/main\/core\/gateway\/[^/]+\.ts$/, 'gateway HTTP client (src/main/core/gateway)']
]

interface WindowReport {
  msToWindow: number
  msToWhenReady: number | null
  modules?: { esm: string[]; cjs: string[] }
}

function readReport(stdout: string, stderr: string): WindowReport {
  const line = stdout.split('\n').find((l) => l.startsWith('BENCH_T2_WINDOW '))
  if (!line) throw new Error(`the main entry exited without creating a window:\n${stderr.slice(-800)}`)
  return JSON.parse(line.slice('BENCH_T2_WINDOW '.length)) as WindowReport
}

function envFor(dataDir: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, STUDIO_DATA_DIR: dataDir }
  // The dev-server URL and a gateway from the environment would change what the entry does.
  for (const k of [
    'ELECTRON_RENDERER_URL',
    'STUDIO_GATEWAY_URL',
    'STUDIO_API_KEY',
    'TSX_TSCONFIG_PATH',
    'NODE_OPTIONS'
  ])
    delete env[k]
  return env
}

/** The modules loaded before the window, grouped by the rule they break. */
async function forbiddenBeforeWindow(
  layout: ElectronLayout,
  dataDir: string
): Promise<{ groups: Map<string, number>; total: number; appModules: number }> {
  const built = await timedRun(
    process.execPath,
    [...layout.nodeFlags, '--import', RECORDER, join(layout.root, 'out/main/index.js')],
    { env: envFor(dataDir) }
  )
  // From source too: the build bundles the core into one chunk, so only here do chat/ and gateway/ show up as files.
  const source = await timedRun(
    process.execPath,
    [...layout.nodeFlags, '--import', 'tsx', '--import', RECORDER, join(layout.root, 'src/main/index.ts')],
    {
      env: { ...envFor(dataDir), TSX_TSCONFIG_PATH: join(layout.root, 'tsconfig.node.json') }
    }
  )
  const all = new Set<string>()
  let appModules = 0
  for (const run of [built, source]) {
    const mods = readReport(run.stdout, run.stderr).modules
    if (!mods) throw new Error('the recording run returned no module list')
    const urls = [...mods.esm, ...mods.cjs.map((f) => `file://${f}`)]
    if (run === source) appModules = new Set(urls.filter((u) => u.includes('/src/'))).size
    // One set over both runs: node_modules loaded by both count once.
    for (const u of urls) all.add(u)
  }
  const groups = new Map<string, number>()
  for (const url of all) {
    const rule = NOT_BEFORE_WINDOW.find(([re]) => re.test(url))
    if (rule) groups.set(rule[1], (groups.get(rule[1]) ?? 0) + 1)
  }
  return { groups, total: [...groups.values()].reduce((a, b) => a + b, 0), appModules }
}

async function run(ctx: RunContext): Promise<BenchEntry[]> {
  const layout = createElectronLayout()
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-t2-data-'))
  try {
    const entryJs = join(layout.root, 'out/main/index.js')
    const inProcess: number[] = []
    const toReady: number[] = []
    const samples = await interleave(PAIRS, {
      baseline: async () => {
        const r = await timedRun(process.execPath, ['-e', '0'])
        if (r.code !== 0) throw new Error(`node -e 0 exited with ${r.code}`)
        return r.ms
      },
      subject: async (i) => {
        const r = await timedRun(process.execPath, [...layout.nodeFlags, entryJs], { env: envFor(dataDir) })
        const report = readReport(r.stdout, r.stderr)
        if (i >= 0) {
          inProcess.push(report.msToWindow)
          if (report.msToWhenReady !== null) toReady.push(report.msToWhenReady)
        }
        return r.ms
      }
    })
    const value = median(samples.subject)
    const baseline = median(samples.baseline)
    ctx.log(`T2 start ${round(value)} ms vs node -e 0 ${round(baseline)} ms`)
    const lazy = await forbiddenBeforeWindow(layout, dataDir)
    const listed = [...lazy.groups].map(([k, n]) => `${k} x${n}`).join('; ')
    return [
      entry({
        id: 'T2',
        metric: 'host core start (Electron stubbed) to window can be created, ms',
        value,
        baseline,
        target: TARGET,
        pass: value / baseline <= 1.3,
        runs: PAIRS,
        note: `in-process: static imports done (app.whenReady called) ${toReady.length ? round(median(toReady)) : '-'} ms, window ${round(median(inProcess))} ms; whole-process wall time, 'electron' resolved to a stub with no loader hook`
      }),
      entry({
        id: 'T2-lazy',
        metric: 'gateway/parser modules loaded before the window',
        value: lazy.total,
        baseline: 0,
        target: LAZY_TARGET,
        pass: lazy.total === 0,
        runs: 1,
        note: `${lazy.appModules} src modules loaded before the window${listed ? `; not lazy: ${listed}` : ''}`
      })
    ]
  } finally {
    layout.dispose()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

export const t2: Metric = {
  id: 'T2',
  describes: [
    { id: 'T2', metric: 'host core start (Electron stubbed) to window can be created, ms', target: TARGET },
    { id: 'T2-lazy', metric: 'gateway/parser modules loaded before the window', target: LAZY_TARGET }
  ],
  budgetMs: 90_000,
  run
}
