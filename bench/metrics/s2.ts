import type { CDPSession, Page } from 'playwright-core'
import { cdp } from '../lib/browser'
import { chatViewMissing, withChatBench, withChatPage } from '../lib/chat-bench'
import { SEL, startNewConversation, type BridgeWatch } from '../lib/chat-page'
import type { Metric, RunContext } from '../lib/metric'
import { entry, notMeasurable, type BenchEntry } from '../lib/report'
import { interleave, median, round } from '../lib/stats'

const PAIRS = 5
const SMALL = 2_000
const LARGE = 80_000
/**
 * 20 single-piece updates 100 ms apart: each is its own host message (window 16 ms), and far enough
 * apart that a slow renderer does not fold several into one render and hide the per-update cost.
 */
const STEPS = 20
const STEP_MS = 100
const PAUSE_MS = 1_500
const IDLE_MS = 1_000
const METRIC = `main-thread cost of one streamed update at ${LARGE / 1000}k chars of message, ms`
const TARGET = '<= 2x the cost at 2k chars'

/** Renderer main-thread busy time so far (CDP Performance.TaskDuration), ms. */
async function taskMs(session: CDPSession): Promise<number> {
  const { metrics } = (await session.send('Performance.getMetrics')) as { metrics: Array<{ name: string; value: number }> }
  const task = metrics.find((m) => m.name === 'TaskDuration')
  if (!task) throw new Error('Chromium reported no TaskDuration metric')
  return task.value * 1000
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

/** One sample: the per-update cost with a message of `chars` characters on screen. */
async function costAt(page: Page, bridge: BridgeWatch, session: CDPSession, chars: number): Promise<number> {
  await startNewConversation(page)
  // The page's own background work over the same span, subtracted below.
  const i0 = await taskMs(session)
  await page.waitForTimeout(IDLE_MS)
  const idlePerMs = ((await taskMs(session)) - i0) / IDLE_MS
  const from = bridge.events.length
  const prompt = page.locator(SEL.prompt)
  await prompt.fill(`bench:chars=${chars},rate=0,steps=${STEPS},stepms=${STEP_MS},pause=${PAUSE_MS}`)
  await prompt.press('Enter')
  await bridge.next('chat:stream-delta', from, 20_000)
  // The prefix has arrived and been rendered once the page is idle and the bridge quiet for half the pause.
  await quietFor(page, bridge, PAUSE_MS / 2, 30_000)
  const stepsFrom = bridge.events.length
  const t0 = performance.now()
  const m0 = await taskMs(session)
  const deadline = t0 + 60_000
  while (performance.now() < deadline && bridge.count('chat:stream-delta', stepsFrom) < STEPS) await new Promise((r) => setTimeout(r, 20))
  const updates = bridge.count('chat:stream-delta', stepsFrom)
  // Let the last update render; the stream's end comes a whole pause later and is not counted.
  await settled(page)
  const m1 = await taskMs(session)
  const span = performance.now() - t0
  await bridge.next('chat:stream-ended', from, 20_000)
  if (updates !== STEPS) throw new Error(`${updates} single-piece updates arrived, expected ${STEPS}`)
  return (m1 - m0 - idlePerMs * span) / updates
}

async function run(ctx: RunContext): Promise<BenchEntry[]> {
  return withChatBench(async (rig) => {
    const missing = await chatViewMissing(rig)
    if (missing) return [notMeasurable('S2', METRIC, TARGET, 'chat view', missing)]
    return withChatPage(rig, async (page, bridge) => {
      const session = await cdp(page)
      await session.send('Performance.enable')
      const samples = await interleave(PAIRS, { baseline: () => costAt(page, bridge, session, SMALL), subject: () => costAt(page, bridge, session, LARGE) })
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
          note: `${STEPS} single-piece updates ${STEP_MS} ms apart after the prefix; CDP TaskDuration per update minus the page's idle rate; samples at 80k: ${samples.subject.map((x) => round(x)).join(', ')}`
        })
      ]
    })
  })
}

export const s2: Metric = { id: 'S2', describes: [{ id: 'S2', metric: METRIC, target: TARGET }], budgetMs: 180_000, run }
