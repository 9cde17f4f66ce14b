import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { withBrowser, withContext } from '../lib/browser'
import { ROOT } from '../lib/build'
import type { FileServer } from '../lib/file-server'
import { markdownPieces } from '../lib/markdown-fixture'
import type { Metric, RunContext } from '../lib/metric'
import { entry, failedToRun, type BenchEntry } from '../lib/report'
import { sized } from '../lib/smoke'
import { median, p95, round } from '../lib/stats'
import { serveViteBuild } from '../lib/vite-page'

type Kind = 'studio' | 'react-markdown' | 'streamdown'
const PEERS = ['react-markdown', 'streamdown'] as const

const S1_RUNS = sized(3, 1)
const S1_TOKENS = sized(20_000, 2_000)
/** The same rate as S1: 40 tokens per 60 Hz frame. */
const S1_RATE = 2_400
const S2_RUNS = sized(3, 1)
const S2_CHARS = sized(80_000, 8_000)
const S2_STEPS = sized(15, 3)

const S1_METRIC = (peer: string) =>
  `p95 frame ms streaming a ${S1_TOKENS / 1000}k-token answer, studio vs ${peer}, same page`
const S2_METRIC = (peer: string) =>
  `cost of one update at ${S2_CHARS / 1000}k chars (render + layout), studio vs ${peer}, same page, ms`
const S2_TARGETS: Record<(typeof PEERS)[number], number> = { 'react-markdown': 0.2, streamdown: 0.5 }

/** Builds bench/lib/markdown-peers (the studio's Markdown and the peers) with Vite into a temp folder. */
async function servePeersPage(): Promise<FileServer> {
  const react = (await import('@vitejs/plugin-react')).default
  return serveViteBuild('bench/lib/markdown-peers', {
    plugins: [react()],
    resolve: { alias: { '@renderer': join(ROOT, 'src/renderer/src'), '@shared': join(ROOT, 'src/shared') } }
  })
}

interface MdApi {
  mount(kind: Kind): Promise<void>
  stream(pieces: string[], rate: number): Promise<number[]>
  prefill(text: string): Promise<void>
  update(text: string): number
}

function mount(page: Page, kind: Kind): Promise<void> {
  return page.evaluate((k) => (window as unknown as { __md: MdApi }).__md.mount(k), kind)
}

async function s1Sample(page: Page, kind: Kind, pieces: string[]): Promise<number> {
  await mount(page, kind)
  const frames = await page.evaluate(([p, rate]) => (window as unknown as { __md: MdApi }).__md.stream(p, rate), [
    pieces,
    S1_RATE
  ] as const)
  return p95(frames)
}

async function s2Sample(page: Page, kind: Kind, prefix: string, steps: string[]): Promise<number> {
  await mount(page, kind)
  await page.evaluate((t) => (window as unknown as { __md: MdApi }).__md.prefill(t), prefix)
  const costs = await page.evaluate(
    async ([start, more]) => {
      const md = (window as unknown as { __md: MdApi }).__md
      const out: number[] = []
      let text = start
      for (const piece of more) {
        text += piece
        out.push(md.update(text))
        await new Promise((r) => setTimeout(r, 30))
      }
      return out
    },
    [prefix, steps] as const
  )
  return median(costs)
}

async function run(ctx: RunContext): Promise<BenchEntry[]> {
  let server: FileServer | null = null
  try {
    server = await servePeersPage()
    const url = server.url
    const pieces = markdownPieces(S1_TOKENS)
    const long = markdownPieces(60_000)
    let prefix = ''
    let i = 0
    while (prefix.length < S2_CHARS && i < long.length) prefix += long[i++]
    const steps = long.slice(i, i + S2_STEPS)
    return await withBrowser((browser) =>
      withContext(browser, async (context) => {
        const page = await context.newPage()
        await page.goto(url)
        await page.waitForFunction(() => document.documentElement.dataset.ready === '1')
        const s1: Record<Kind, number[]> = { studio: [], 'react-markdown': [], streamdown: [] }
        const s2: Record<Kind, number[]> = { studio: [], 'react-markdown': [], streamdown: [] }
        // Interleaved, so a slow spell of the shared machine hits every arm alike.
        for (let r = 0; r < Math.max(S1_RUNS, S2_RUNS); r++) {
          for (const kind of (r % 2
            ? ['streamdown', 'react-markdown', 'studio']
            : ['studio', 'react-markdown', 'streamdown']) as Kind[]) {
            if (r < S1_RUNS) s1[kind].push(await s1Sample(page, kind, pieces))
            if (r < S2_RUNS) s2[kind].push(await s2Sample(page, kind, prefix, steps))
          }
        }
        const med = (xs: number[]) => median(xs)
        ctx.log(
          `markdown peers S1 p95: ${Object.entries(s1)
            .map(([k, v]) => `${k} ${round(med(v))}`)
            .join(', ')} ms; S2 at ${round(prefix.length / 1000)}k: ${Object.entries(s2)
            .map(([k, v]) => `${k} ${round(med(v))}`)
            .join(', ')} ms`
        )
        return PEERS.flatMap((peer) => [
          entry({
            id: `S1-peer-${peer}`,
            metric: S1_METRIC(peer),
            value: med(s1.studio),
            baseline: med(s1[peer]),
            target: '<= 1.0x',
            pass: med(s1.studio) / med(s1[peer]) <= 1,
            runs: S1_RUNS,
            note: `ratio = studio / ${peer}; ${S1_TOKENS} tokens at ${S1_RATE}/s, one render per frame with every piece due; bench/lib/markdown-peers; samples studio ${s1.studio.map((x) => round(x)).join(', ')}, ${peer} ${s1[peer].map((x) => round(x)).join(', ')}`
          }),
          entry({
            id: `S2-peer-${peer}`,
            metric: S2_METRIC(peer),
            value: med(s2.studio),
            baseline: med(s2[peer]),
            target: `<= ${S2_TARGETS[peer]}x`,
            pass: med(s2.studio) / med(s2[peer]) <= S2_TARGETS[peer],
            runs: S2_RUNS,
            note: `ratio = studio / ${peer}; ${S2_STEPS} one-piece updates after a ${prefix.length}-char prefix, median of flushSync render + layout; samples studio ${s2.studio.map((x) => round(x)).join(', ')}, ${peer} ${s2[peer].map((x) => round(x)).join(', ')}`
          })
        ])
      })
    )
  } catch (e) {
    ctx.log(`markdown peers could not be measured: ${e instanceof Error ? e.message : String(e)}`)
    return PEERS.flatMap((peer) => [
      failedToRun(`S1-peer-${peer}`, S1_METRIC(peer), '<= 1.0x', e),
      failedToRun(`S2-peer-${peer}`, S2_METRIC(peer), `<= ${S2_TARGETS[peer]}x`, e)
    ])
  } finally {
    await server?.close()
  }
}

export const mdPeers: Metric = {
  id: 'S-PEERS',
  describes: PEERS.flatMap((peer) => [
    { id: `S1-peer-${peer}`, metric: S1_METRIC(peer), target: '<= 1.0x' },
    { id: `S2-peer-${peer}`, metric: S2_METRIC(peer), target: `<= ${S2_TARGETS[peer]}x` }
  ]),
  budgetMs: 600_000,
  run
}
