import type { CDPSession, Page } from 'playwright-core'
import { cdp } from '../lib/browser'
import { chatViewMissing, withChatBench, withChatPage } from '../lib/chat-bench'
import { SEL, startNewConversation, type BridgeWatch } from '../lib/chat-page'
import type { Metric, RunContext } from '../lib/metric'
import { entry, notMeasurable, type BenchEntry } from '../lib/report'
import { sized } from '../lib/smoke'
import { interleave, median, round } from '../lib/stats'

const PAIRS = sized(5, 1)
const SMALL = 2_000
const LARGE = sized(80_000, 8_000)
/**
 * 15 single-piece updates 100 ms apart: each is its own host message (window 16 ms), and far enough
 * apart that a slow renderer does not fold several into one render and hide the per-update cost.
 */
const STEPS = sized(15, 3)
const STEP_MS = 100
/** Host relay of the prefix (up to ~1 s at 80k chars) + QUIET_MS + the idle readings must fit in it. */
const PAUSE_MS = 5_000
const QUIET_MS = 1_000
/** Idle readings STEP_MS apart inside the pause. */
const IDLE_READS = 8
/** After the last update: long enough that the stream's end is never inside the measured span. */
const TAIL_MS = 700
const METRIC = `main-thread cost of one streamed update at ${LARGE / 1000}k chars of message, ms`
const TARGET = '<= 2x the cost at 2k chars'

/**
 * Renderer main-thread CPU time so far (CDP Performance ThreadTime), ms. CPU time rather than task
 * wall time (TaskDuration): on a shared 2-core box a task's wall time also counts the time it
 * waited for a core, which made single readings swing by 20 ms.
 */
async function taskMs(session: CDPSession): Promise<number> {
  const { metrics } = (await session.send('Performance.getMetrics')) as {
    metrics: Array<{ name: string; value: number }>
  }
  const cpu = metrics.find((m) => m.name === 'ThreadTime')
  if (!cpu) throw new Error('Chromium reported no ThreadTime metric')
  return cpu.value * 1000
}

/** Resolves once the page's main thread has run a frame and a task after it (all earlier work done). */
function settled(page: Page): Promise<void> {
  return page.evaluate(() => new Promise<void>((r) => requestAnimationFrame(() => setTimeout(r, 0))))
}

/**
 * Bridge frames are reported by the renderer's main thread, so silence can also mean "busy"; quiet
 * counts only when it outlasts a settled round trip to the page.
 */
async function quietFor(page: Page, bridge: BridgeWatch, ms: number, timeoutMs: number): Promise<void> {
  const deadline = performance.now() + timeoutMs
  while (performance.now() < deadline) {
    const seen = bridge.events.length
    await settled(page)
    const last = bridge.events.at(-1)?.at ?? 0
    if (bridge.events.length === seen && performance.now() - last >= ms) return
    await new Promise((r) => setTimeout(r, 25))
  }
  throw new Error('the stream never paused')
}

interface Reading {
  at: number
  task: number
}

/** Main-thread time so far, read after the page has painted and run a task (so earlier work is in). */
async function read(page: Page, session: CDPSession): Promise<Reading> {
  await settled(page)
  return { at: performance.now(), task: await taskMs(session) }
}

/**
 * One sample: the median per-update cost with a message of `chars` characters on screen. Each
 * update is read on its own (a GC or a timer lands in one interval, not in the median), minus the
 * page's idle rate read the same way in the pause before the updates, so the reading's own cost
 * and the page's background work (the frame recorder, timers) cancel out.
 */
async function costAt(page: Page, bridge: BridgeWatch, session: CDPSession, chars: number): Promise<number> {
  await startNewConversation(page)
  const from = bridge.events.length
  const prompt = page.locator(SEL.prompt)
  await prompt.fill(`bench:chars=${chars},rate=0,steps=${STEPS},stepms=${STEP_MS},pause=${PAUSE_MS},tail=${TAIL_MS}`)
  await prompt.press('Enter')
  await bridge.next('chat:stream-delta', from, 20_000)
  // The prefix has arrived and been rendered once the page is idle and the bridge quiet for a
  // while (the host may spend a second relaying an 80k-char burst, which eats into the pause).
  await quietFor(page, bridge, QUIET_MS, 30_000)
  // Only the stream's own updates matter here: other events (a balance snapshot after the turn, the
  // conversation list) may land in the pause without touching the message.
  const quiet = bridge.count('chat:stream-delta', from)
  const idleRates: number[] = []
  let prev = await read(page, session)
  for (let i = 0; i < IDLE_READS; i++) {
    await page.waitForTimeout(STEP_MS)
    const cur = await read(page, session)
    idleRates.push((cur.task - prev.task) / (cur.at - prev.at))
    prev = cur
  }
  if (bridge.count('chat:stream-delta', from) !== quiet)
    throw new Error('the updates began before the idle span ended; lengthen PAUSE_MS')
  const idlePerMs = median(idleRates)
  const stepsFrom = bridge.events.length
  const costs: number[] = []
  let seen = 0
  const deadline = performance.now() + 60_000
  while (seen < STEPS && performance.now() < deadline) {
    const now = bridge.count('chat:stream-delta', stepsFrom)
    if (now === seen) {
      await new Promise((r) => setTimeout(r, 5))
      continue
    }
    const cur = await read(page, session)
    // Normally one update per reading; a slow page may fold two, which then share the interval.
    const n = bridge.count('chat:stream-delta', stepsFrom) - seen
    costs.push((cur.task - prev.task - idlePerMs * (cur.at - prev.at)) / n)
    seen += n
    prev = cur
  }
  await bridge.next('chat:stream-ended', from, 20_000)
  if (seen !== STEPS) throw new Error(`${seen} single-piece updates arrived, expected ${STEPS}`)
  return median(costs)
}

async function run(ctx: RunContext): Promise<BenchEntry[]> {
  return withChatBench(async (rig) => {
    const missing = await chatViewMissing(rig)
    if (missing) return [notMeasurable('S2', METRIC, TARGET, 'chat view', missing)]
    return withChatPage(rig, async (page, bridge) => {
      const session = await cdp(page)
      await session.send('Performance.enable')
      const samples = await interleave(PAIRS, {
        baseline: () => costAt(page, bridge, session, SMALL),
        subject: () => costAt(page, bridge, session, LARGE)
      })
      const value = median(samples.subject)
      const baseline = median(samples.baseline)
      ctx.log(`S2 ${round(value)} ms per update at ${LARGE} chars vs ${round(baseline)} ms at ${SMALL}`)
      return [
        entry({
          id: 'S2',
          metric: METRIC,
          value,
          baseline,
          target: TARGET,
          pass: value / baseline <= 2,
          runs: PAIRS,
          note: `${STEPS} single-piece updates ${STEP_MS} ms apart after the prefix; median per update of renderer main-thread CPU time (CDP ThreadTime) minus the page's idle rate; samples at 80k: ${samples.subject.map((x) => round(x)).join(', ')}; at 2k: ${samples.baseline.map((x) => round(x)).join(', ')}`
        })
      ]
    })
  })
}

export const s2: Metric = {
  id: 'S2',
  describes: [{ id: 'S2', metric: METRIC, target: TARGET }],
  budgetMs: 180_000,
  run
}
