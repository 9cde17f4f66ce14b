import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { hrtime } from 'node:process'
import type { ConversationStore } from '../../src/main/core/chat/conversation-store'
import type { GalleryStore } from '../../src/main/core/images/gallery-store'
import type { Metric, RunContext } from '../lib/metric'
import { timedRun } from '../lib/process'
import { entry, failedToRun, type BenchEntry } from '../lib/report'
import { SMOKE, sized } from '../lib/smoke'
import { interleavedOrder, median, msSince, p95, round } from '../lib/stats'

/**
 * Growth rows (issue 19): the library's cost per action must not grow with the library. Each row
 * compares the same action on a large and a small library seeded in this run.
 */
const BIG = sized(50_000, 2_000)
const SMALL = sized(500, 100)
const CHAT_BIG = sized(200_000, 4_000)
/** Samples per row: G1, G2 and G4 pairs, G5 rounds, G3 process starts per arm. */
const N = { G1: sized(41, 3), G2: sized(61, 3), G4: sized(61, 3), G5: sized(5, 1), G3: sized(11, 1) }

const D = {
  G1: {
    metric: `add one gallery item at ${BIG.toLocaleString('en')} items vs at ${SMALL}, median ms`,
    target: '<= 1.5x'
  },
  G2: {
    metric: `full-text search over ${BIG.toLocaleString('en')} prompts and ${CHAT_BIG.toLocaleString('en')} chat messages vs over 1,000 of each, p95 ms`,
    target: '<= 2x'
  },
  G3: { metric: `host start with a ${BIG.toLocaleString('en')}-item library vs an empty one`, target: '<= 1.2x' },
  G4: {
    metric: `gallery first screen (60 items + total) at ${BIG.toLocaleString('en')} vs at ${SMALL}, median ms`,
    target: '<= 1.2x'
  },
  G5: {
    metric: `delete 100 images at ${BIG.toLocaleString('en')}: one batch vs 100 single deletes, ms`,
    target: '<= 0.2x'
  }
} as const

type Id = keyof typeof D

async function timed(fn: () => unknown): Promise<number> {
  const t0 = hrtime.bigint()
  await fn()
  return msSince(t0)
}

/** ABBA-interleaved samples of the same action on two stores. */
async function pairs(
  n: number,
  subject: () => unknown,
  baseline: () => unknown
): Promise<{ subject: number[]; baseline: number[] }> {
  const out = { subject: [] as number[], baseline: [] as number[] }
  for (const arm of interleavedOrder(n)) out[arm].push(await timed(arm === 'subject' ? subject : baseline))
  return out
}

const ROOT = resolve(import.meta.dirname, '..', '..')

/** One host start in a fresh process on `dataDir`: ms from process start to the core being ready. */
async function hostStart(dataDir: string): Promise<number> {
  const r = await timedRun(
    process.execPath,
    ['--import', 'tsx', join(ROOT, 'bench', 'lib', 'host-start-child.ts'), dataDir],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        TSX_TSCONFIG_PATH: join(ROOT, 'tsconfig.node.json'),
        STUDIO_GATEWAY_URL: '',
        STUDIO_API_KEY: ''
      },
      timeoutMs: 120_000
    }
  )
  const line = r.stdout.split('\n').find((l) => l.startsWith('BENCH_G3 '))
  if (r.code !== 0 || !line) throw new Error(`host start failed (${r.code}): ${r.stderr.slice(-800)}`)
  return Number(line.slice('BENCH_G3 '.length))
}

async function run(ctx: RunContext): Promise<BenchEntry[]> {
  // Loaded when run: src/ resolves '@shared/*' only in the runner's re-executed process.
  const { galleryItem, NEEDLE, seedGallery } = await import('../lib/library-fixture')
  const { seedChat } = await import('../lib/chat-fixture')
  const { ConversationStore } = await import('../../src/main/core/chat/conversation-store')
  const addOne = (store: GalleryStore, i: number) => () =>
    store.add([galleryItem(store.libraryDir, BIG + i, `an added image ${i}`)])
  const t0 = hrtime.bigint()
  const big = await seedGallery(BIG)
  const small = await seedGallery(SMALL)
  const mid = await seedGallery(1_000)
  ctx.log(`G seeded ${BIG} + ${SMALL} + 1000 items in ${round(msSince(t0) / 1000, 1)} s`)
  const t1 = hrtime.bigint()
  // The chat beside the gallery in the same library database: one transaction each, as an import writes.
  seedChat(big.dataDir, CHAT_BIG, NEEDLE)
  seedChat(mid.dataDir, 1_000, NEEDLE)
  const chats = { big: await ConversationStore.open(big.dataDir), mid: await ConversationStore.open(mid.dataDir) }
  ctx.log(`G seeded ${CHAT_BIG} + 1000 chat messages in ${round(msSince(t1) / 1000, 1)} s`)
  let closed = false
  const closeAll = () => {
    if (closed) return
    closed = true
    for (const s of [big, small, mid]) s.store.close()
    for (const c of [chats.big, chats.mid]) c.close()
  }
  const out: BenchEntry[] = []
  const row = (id: Id, value: number, baseline: number, pass: (r: number) => boolean, runs: number, note: string) =>
    out.push(
      entry({
        id,
        metric: D[id].metric,
        target: D[id].target,
        value,
        baseline,
        pass: pass(value / baseline),
        runs,
        note
      })
    )
  try {
    let k = 0
    const g1 = await pairs(
      N.G1,
      () => addOne(big.store, k++)(),
      () => addOne(small.store, k++)()
    )
    row(
      'G1',
      median(g1.subject),
      median(g1.baseline),
      (r) => r <= 1.5,
      N.G1,
      'one row and its FTS entry, committed with synchronous=FULL (one WAL fsync) at each size'
    )

    // One search as a user makes it in each place: the gallery's box, then the chat list's.
    const search = (s: GalleryStore, chat: ConversationStore) => async () => {
      if (s.search({ query: NEEDLE }).items.length !== 20)
        throw new Error('the gallery search did not find the 20 seeded items')
      if ((await chat.search(NEEDLE)).length !== 20)
        throw new Error('the chat search did not find the 20 seeded conversations')
    }
    const g2 = await pairs(N.G2, search(big.store, chats.big), search(mid.store, chats.mid))
    row(
      'G2',
      p95(g2.subject),
      p95(g2.baseline),
      (r) => r <= 2,
      N.G2,
      `the gallery's search (FTS5 trigram over prompts, bm25-ranked first page with its total and marked excerpts) and the chat search (titles, documents and messages), ranked, with excerpts; 20 matching items and 20 matching conversations at each size`
    )

    const first = (s: GalleryStore) => () => s.list({}, undefined, 60)
    const g4 = await pairs(N.G4, first(big.store), first(small.store))
    row(
      'G4',
      median(g4.subject),
      median(g4.baseline),
      (r) => r <= 1.2,
      N.G4,
      'newest 60 rows by the (created_at, id) index; the total from a counter row kept by triggers'
    )

    const single: number[] = []
    const batch: number[] = []
    for (let round5 = 0; round5 < N.G5; round5++) {
      const a = await big.store.add(
        Array.from({ length: 100 }, (_, i) => galleryItem(big.store.libraryDir, i, `to delete ${i}`))
      )
      const b = await big.store.add(
        Array.from({ length: 100 }, (_, i) => galleryItem(big.store.libraryDir, i, `to delete ${i}`))
      )
      single.push(
        await timed(async () => {
          for (const it of a) await big.store.delete(it.id)
        })
      )
      batch.push(await timed(() => big.store.deleteMany(b.map((it) => it.id))))
    }
    row(
      'G5',
      median(batch),
      median(single),
      (r) => r <= 0.2,
      N.G5,
      'deleteMany: one DELETE … RETURNING and one query for the files still in use, in one transaction (one fsync); the files removed after it returns; baseline: 100 single deletes, one commit and its files each'
    )

    // A start after a clean exit: this process lets go of the seeded libraries first. A connection
    // left open keeps the WAL file, which a start takes for an unclean exit and answers with a
    // quick_check of the whole database (right after a crash, not at every start).
    closeAll()
    // T2's method: fresh processes, interleaved, ratio of medians; one unmeasured start each first
    // (the big library's first start also imports nothing: its stores are already in the database).
    const empty = mkdtempSync(join(tmpdir(), 'bench-library-empty-'))
    if (!SMOKE) {
      await hostStart(big.dataDir)
      await hostStart(empty)
    }
    const g3 = { subject: [] as number[], baseline: [] as number[] }
    for (const arm of interleavedOrder(N.G3)) g3[arm].push(await hostStart(arm === 'subject' ? big.dataDir : empty))
    row(
      'G3',
      median(g3.subject),
      median(g3.baseline),
      (r) => r <= 1.2,
      N.G3,
      `createStudioCore (sandbox off) in a fresh process, ms from process start to ready, at ${BIG.toLocaleString('en')} gallery items vs an empty data dir`
    )
  } catch (e) {
    for (const id of ['G1', 'G2', 'G3', 'G4', 'G5'] as const)
      if (!out.some((x) => x.id === id)) out.push(failedToRun(id, D[id].metric, D[id].target, e))
  } finally {
    closeAll()
  }
  return out.sort((a, b) => (a.id < b.id ? -1 : 1))
}

const describes = (Object.keys(D) as Id[]).map((id) => ({ id, metric: D[id].metric, target: D[id].target }))

/** One group per row id so `npm run bench -- G1 G2 G3 G4 G5` runs each once; they share one seeded library. */
let shared: Promise<BenchEntry[]> | null = null
const group = (id: Id): Metric => ({
  id,
  describes: describes.filter((d) => d.id === id),
  budgetMs: 600_000,
  run: async (ctx) => (await (shared ??= run(ctx))).filter((e) => e.id === id)
})

export const g1 = group('G1')
export const g2 = group('G2')
export const g3 = group('G3')
export const g4 = group('G4')
export const g5 = group('G5')
