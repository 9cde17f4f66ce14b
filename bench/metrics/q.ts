import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { hrtime } from 'node:process'
import type { GenerationLog } from '../../src/main/core/balance/generation-log'
import type { Metric, RunContext } from '../lib/metric'
import { entry, failedToRun, type BenchEntry } from '../lib/report'
import { interleave, median, msSince, round } from '../lib/stats'

/**
 * Q2 (issue 28): an estimate's cost must not grow with the generation log. The same estimates
 * (a model with history for its price fields, one whose fields have none so the model's other
 * fields answer, and one with no history) on a log of 1,000,000 rows and on one of 1,000, seeded in
 * this run straight into the library database (the log's own bound keeps a studio's far smaller).
 */
const BIG = 1_000_000
const SMALL = 1_000
const MODELS = 2
const PROFILES = 3

const D = {
  Q1: {
    metric:
      'the queue’s own cost per item (add, move to the front, send, end) with 10,000 items waiting vs with 10, median ms',
    target: '<= 1.5x'
  },
  Q2: {
    metric: `one estimate with ${BIG.toLocaleString('en')} generation-log rows vs ${SMALL.toLocaleString('en')}, median ms`,
    target: '<= 2x'
  }
} as const

const PARAMS = [
  'via=generate',
  'via=generate;n=2',
  'via=generate;size=1024x1024',
  'via=native;width=2048',
  'via=edit;quality=high'
]

async function seed(rows: number): Promise<{ log: GenerationLog; close: () => void }> {
  const { openLibrary } = await import('../../src/main/core/store/library-db')
  const { GENERATIONS_SCHEMA, GenerationLog } = await import('../../src/main/core/balance/generation-log')
  const dir = mkdtempSync(join(tmpdir(), 'bench-q2-'))
  const lib = openLibrary(dir)
  lib.schema('generations', GENERATIONS_SCHEMA)
  lib.tx(() => {
    for (let i = 0; i < rows; i++) {
      const profile = `p${i % PROFILES}`
      const model = `model-${i % MODELS}`
      const params = PARAMS[i % PARAMS.length]
      // Every seventh job shared an interval with an unlike one, every 97th was refunded: not usable.
      const basis = i % 97 === 0 ? 'unpriced' : i % 7 === 0 ? 'mixed' : 'exact'
      const cost = basis === 'unpriced' ? null : 1000 + (i % 13) * 10
      const e = {
        id: `g-${i}`,
        profileId: profile,
        kind: 'image',
        model,
        at: 1_700_000_000_000 + i * 1000,
        ok: true,
        params,
        ...(cost !== null ? { cost, costBasis: basis } : { costBasis: basis })
      }
      lib.run(
        `INSERT INTO generations (id, profile_id, at, entry, kind, model, ok, cost, exact, ref, params, usable) VALUES (?, ?, ?, ?, 'image', ?, 1, ?, ?, NULL, ?, ?)`,
        e.id,
        profile,
        e.at,
        JSON.stringify(e),
        model,
        cost,
        basis === 'exact' ? 1 : 0,
        params,
        basis === 'exact' ? 1 : 0
      )
    }
  })
  lib.run('ANALYZE')
  const log = await GenerationLog.open(dir, () => {})
  return { log, close: () => (log.close(), lib.release()) }
}

/** What a scaling check times: one step on a subject of a given size, and how to let it go. */
interface Subject {
  step: () => unknown
  close: () => unknown
}

/**
 * A scaling check: the same step timed on a large subject and a small baseline, interleaved over
 * 201 runs; it passes when the large one's median stays within `ratio` of the small one's.
 */
async function scaling(
  ctx: RunContext,
  id: keyof typeof D,
  setup: { big: () => Promise<Subject>; small: () => Promise<Subject>; says: string },
  ratio: number,
  note: string
): Promise<BenchEntry[]> {
  const t0 = hrtime.bigint()
  const big = await setup.big()
  const small = await setup.small()
  ctx.log(`${id} ${setup.says} in ${round(msSince(t0) / 1000, 1)} s`)
  const timed = (subject: Subject) => async () => {
    const s = hrtime.bigint()
    const pending = subject.step()
    if (pending instanceof Promise) await pending
    return msSince(s)
  }
  try {
    const samples = await interleave(201, { subject: timed(big), baseline: timed(small) }, 20)
    const value = median(samples.subject)
    const baseline = median(samples.baseline)
    return [
      entry({
        id,
        metric: D[id].metric,
        target: D[id].target,
        value,
        baseline,
        pass: value / baseline <= ratio,
        runs: 201,
        note
      })
    ]
  } catch (e) {
    return [failedToRun(id, D[id].metric, D[id].target, e)]
  } finally {
    await big.close()
    await small.close()
  }
}

/** A form's three cases: history for its fields, only for the model's other fields, none. */
async function estimating(rows: number): Promise<Subject> {
  const { log, close } = await seed(rows)
  const step = () => {
    const a = log.estimate('p1', 'model-1', 'image', 'via=generate;n=2')
    const b = log.estimate('p1', 'model-0', 'image', 'via=generate;n=8')
    const c = log.estimate('p1', 'no-such-model', 'image', 'via=generate')
    if (a.basedOn !== 20 || b.basedOn !== 20 || b.basis !== 'model' || c.basis !== 'none')
      throw new Error(`unexpected estimates: ${JSON.stringify([a, b, c])}`)
  }
  return { step, close }
}

const run = (ctx: RunContext) =>
  scaling(
    ctx,
    'Q2',
    {
      big: () => estimating(BIG),
      small: () => estimating(SMALL),
      says: `seeded ${BIG} + ${SMALL} generation-log rows`
    },
    2,
    'three estimates per sample (fields with history, the model’s other fields, no history), each a LIMIT 20 walk of a partial index (profile, kind, model, params) WHERE usable = 1, newest by rowid; no row is read beyond the 20 it rests on'
  )

export const q2: Metric = {
  id: 'Q2',
  describes: [{ id: 'Q2', metric: D.Q2.metric, target: D.Q2.target }],
  budgetMs: 600_000,
  run
}

/** A queue over a stand-in image service (instant creates, a journal by job id) with `waiting` items already queued. */
async function queueWith(waiting: number) {
  const { QueueService } = await import('../../src/main/core/queue/queue-service')
  const journal = new Map<string, 'running' | 'ended'>()
  const dir = mkdtempSync(join(tmpdir(), 'bench-q1-'))
  const q = await QueueService.open({
    dataDir: dir,
    images: {
      generate: async (_req, jobId) => {
        journal.set(jobId, 'running')
        return { jobId, status: 'running' } as never
      },
      jobState: (jobId) => journal.get(jobId)
    },
    activeId: async () => 'p',
    emit: () => {}
  })
  await q.set({ paused: true, imageCap: 1 })
  const req = (prompt: string) => ({ family: 'imagegen', model: 'imagegen-4.0', prompt, n: 1 }) as never
  for (let i = 0; i < waiting; i++) await q.addImage(req(`waiting ${i}`))
  const pumped = () => (q as unknown as { pumping: Promise<void> | null }).pumping
  /** One item through the queue: queued, moved to the front, sent (the queue resumed for it), ended. */
  let sent = 0
  const one = async () => {
    const i = sent++
    const item = await q.addImage(req(`measured ${i}`))
    q.move(item.id, 0)
    await q.set({ paused: false })
    await pumped()
    await q.set({ paused: true })
    await pumped()
    journal.set(item.jobId, 'ended')
    q.observe('images:job-updated', {
      jobId: item.jobId,
      kind: 'generate',
      status: 'done',
      createdAt: 0,
      items: [],
      warnings: []
    })
    await pumped()
    if (journal.size !== i + 1) throw new Error(`expected ${i + 1} creates, saw ${journal.size}`)
  }
  return { step: one, close: () => q.dispose() }
}

const runQ1 = (ctx: RunContext) =>
  scaling(
    ctx,
    'Q1',
    { big: () => queueWith(10_000), small: () => queueWith(10), says: 'queued 10,000 + 10 items' },
    1.5,
    'QueueService over the library database with a stand-in image service: add (last place by the (profile, pos) index), move to the front (its neighbours by index), resume, the pump (first waiting by the (profile, state, pos) index, in flight counted by the same), pause, and the end event (by job id); every write committed'
  )

export const q1: Metric = {
  id: 'Q1',
  describes: [{ id: 'Q1', metric: D.Q1.metric, target: D.Q1.target }],
  budgetMs: 600_000,
  run: runQ1
}
