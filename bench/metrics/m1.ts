import type { CDPSession, Page } from 'playwright-core'
import { cdp, heapAfterGc, heapByKind } from '../lib/browser'
import { chatViewMissing, withChatBench, withChatPage, type ChatBench } from '../lib/chat-bench'
import { sendAndWait, startNewConversation } from '../lib/chat-page'
import type { Metric, RunContext } from '../lib/metric'
import { entry, notMeasurable, type BenchEntry } from '../lib/report'
import { sized } from '../lib/smoke'
import { interleave, median, round } from '../lib/stats'

const PAIRS = sized(5, 1)
const SMALL = sized(20_000, 2_000)
const LARGE = sized(40_000, 4_000)
/** Memory does not depend on pace; a brisk rate keeps the metric inside the suite's time budget. */
const RATE = 12_000
const MB = 1024 * 1024
const M_GROWTH = `renderer heap growth streaming ${LARGE / 1000}k tokens, MB`
const M_CLOSE = `renderer heap after the ${LARGE / 1000}k answer's conversation is closed + GC, MB`
const M_CLOSE_DATA = 'renderer heap without V8 code after close + GC, MB (for reading M1-close, not a target)'
const FIRST_USE_TOKENS = 50
const FIRST_USE_RUNS = sized(3, 1)
const M_FIRST_USE = `renderer heap after a ${FIRST_USE_TOKENS}-token answer's conversation is closed + GC, MB (for reading M1-close, not a target)`
const T_GROWTH = `<= 2.2x the growth at ${SMALL / 1000}k (linear)`
const T_CLOSE = '<= 1.1x the heap before the stream'

/** Two heap readings this close (after GC) mean the page has stopped building what the answer keeps. */
const STEADY_BYTES = 64 * 1024
const STEADY_STEP_MS = 750
const STEADY_MAX_STEPS = 12

/**
 * The heap after GC once it stops changing. The stream's end is not the end of the work: code
 * blocks are coloured in idle time afterwards (seconds for a long answer), and a reading taken
 * while that is half done lands anywhere between the two states (runs of the same answer read
 * 4.6 to 9.4 MB at its end). Readings 750 ms apart until two agree within 64 KB (at most 9 s).
 */
async function steadyHeap(page: Page, session: CDPSession): Promise<number> {
  let last = await heapAfterGc(session)
  for (let i = 0; i < STEADY_MAX_STEPS; i++) {
    await page.waitForTimeout(STEADY_STEP_MS)
    const now = await heapAfterGc(session)
    if (Math.abs(now - last) <= STEADY_BYTES) return now
    last = now
  }
  return last
}

interface HeapRun {
  before: number
  after: number
  closed: number
}

/** One fresh page: heap before, after streaming `tokens`, and after leaving that conversation. */
function heapRun(rig: ChatBench, tokens: number): Promise<HeapRun> {
  return withChatPage(rig, async (page, bridge) => {
    const session = await cdp(page)
    await startNewConversation(page)
    const before = await heapAfterGc(session)
    await sendAndWait(page, bridge, `bench:tokens=${tokens},rate=${RATE}`)
    const after = await steadyHeap(page, session)
    // "Close": open a new conversation, which unmounts the one holding the long answer.
    await startNewConversation(page)
    await page.waitForTimeout(300)
    const closed = await heapAfterGc(session)
    return { before, after, closed }
  })
}

/** One more run with heap snapshots: how much of what stays after close is V8's code, how much data. */
function splitRun(
  rig: ChatBench,
  tokens: number
): Promise<{ before: { code: number; data: number }; closed: { code: number; data: number } }> {
  return withChatPage(rig, async (page, bridge) => {
    const session = await cdp(page)
    await startNewConversation(page)
    const before = await heapByKind(session)
    await sendAndWait(page, bridge, `bench:tokens=${tokens},rate=${RATE}`)
    await startNewConversation(page)
    await page.waitForTimeout(300)
    return { before, closed: await heapByKind(session) }
  })
}

async function run(ctx: RunContext): Promise<BenchEntry[]> {
  return withChatBench(async (rig) => {
    const missing = await chatViewMissing(rig)
    if (missing)
      return [
        notMeasurable('M1', M_GROWTH, T_GROWTH, 'chat view', missing),
        notMeasurable('M1-close', M_CLOSE, T_CLOSE, 'chat view', missing)
      ]
    const runs = await interleave(PAIRS, { baseline: () => heapRun(rig, SMALL), subject: () => heapRun(rig, LARGE) }, 0)
    const growth = (r: HeapRun) => (r.after - r.before) / MB
    const value = median(runs.subject.map(growth))
    const baseline = median(runs.baseline.map(growth))
    const closed = median(runs.subject.map((r) => r.closed / MB))
    const before = median(runs.subject.map((r) => r.before / MB))
    ctx.log(
      `M1 growth ${round(value)} MB at ${LARGE} vs ${round(baseline)} MB at ${SMALL}; after close ${round(closed)} vs ${round(before)} MB`
    )
    // The same close measurement after a tiny answer: what the first send leaves whatever the
    // answer's length (the code V8 makes for the send path's first use), for reading M1-close.
    const firstUse: HeapRun[] = []
    for (let i = 0; i < FIRST_USE_RUNS; i++) firstUse.push(await heapRun(rig, FIRST_USE_TOKENS))
    const firstClosed = median(firstUse.map((r) => r.closed / MB))
    const firstBefore = median(firstUse.map((r) => r.before / MB))
    const firstSplit = await splitRun(rig, FIRST_USE_TOKENS)
    const split = await splitRun(rig, LARGE)
    const kb = (x: number) => Math.round(x / 1024)
    ctx.log(
      `M1-close split: code ${kb(split.before.code)} -> ${kb(split.closed.code)} KB, data ${kb(split.before.data)} -> ${kb(split.closed.data)} KB`
    )
    return [
      entry({
        id: 'M1',
        metric: M_GROWTH,
        value,
        baseline,
        target: T_GROWTH,
        pass: value / baseline <= 2.2,
        runs: PAIRS,
        note: `heap after GC (CDP HeapProfiler.collectGarbage x2 + Runtime.getHeapUsage) once steady (readings 750 ms apart within 64 KB: code blocks are coloured in idle time after the stream ends), fresh page per run; before ${round(before)} MB`
      }),
      entry({
        id: 'M1-close',
        metric: M_CLOSE,
        value: closed,
        baseline: before,
        target: T_CLOSE,
        pass: closed / before <= 1.1,
        runs: PAIRS,
        note: `closed = a new conversation opened in the same page; after the stream ${round(median(runs.subject.map((r) => r.after / MB)))} MB; of the growth left after close (one snapshot run): V8 code +${kb(split.closed.code - split.before.code)} KB, data ${split.closed.data >= split.before.data ? '+' : ''}${kb(split.closed.data - split.before.data)} KB`
      }),
      entry({
        id: 'M1-first-use',
        metric: M_FIRST_USE,
        value: firstClosed,
        baseline: firstBefore,
        target: 'none (reference)',
        pass: true,
        runs: FIRST_USE_RUNS,
        note: `M1-close's method with a ${FIRST_USE_TOKENS}-token answer: the part of M1-close that does not depend on the answer's length (V8's bytecode, feedback and baseline code for the first send, stream and render in a fresh page); per-run growth after close ${firstUse.map((r) => Math.round((r.closed - r.before) / 1024)).join(', ')} KB; one snapshot run: V8 code +${kb(firstSplit.closed.code - firstSplit.before.code)} KB, data ${firstSplit.closed.data >= firstSplit.before.data ? '+' : ''}${kb(firstSplit.closed.data - firstSplit.before.data)} KB`
      }),
      entry({
        id: 'M1-close-data',
        metric: M_CLOSE_DATA,
        value: split.closed.data / MB,
        baseline: split.before.data / MB,
        target: 'none (reference)',
        pass: true,
        runs: 1,
        note: 'heap snapshot after GC without "code" nodes (machine code, bytecode, feedback vectors the first long stream made V8 compile); M1-close counts them, this shows what the closed conversation itself left'
      })
    ]
  })
}

export const m1: Metric = {
  id: 'M1',
  describes: [
    { id: 'M1', metric: M_GROWTH, target: T_GROWTH },
    { id: 'M1-close', metric: M_CLOSE, target: T_CLOSE },
    { id: 'M1-first-use', metric: M_FIRST_USE, target: 'none (reference)' },
    { id: 'M1-close-data', metric: M_CLOSE_DATA, target: 'none (reference)' }
  ],
  budgetMs: 240_000,
  run
}
