import type { Page } from 'playwright-core'
import { chatViewMissing, withChatBench, withChatPage } from '../lib/chat-bench'
import { SEL } from '../lib/chat-page'
import type { Metric, RunContext } from '../lib/metric'
import { entry, notMeasurable, type BenchEntry } from '../lib/report'
import { seedConversations } from '../lib/seed'
import { sized } from '../lib/smoke'
import { interleave, median, round } from '../lib/stats'
import { removeDir, tempDataDir } from '../lib/studio'

const PAIRS = sized(7, 1)
const LONG = { id: 'bench-long', title: 'Bench: 2,000 messages', messages: sized(2_000, 200) }
const SHORT = { id: 'bench-short', title: 'Bench: 20 messages', messages: 20 }
/** Newest, so it is the one the chat view opens by itself; the measured ones are opened by click. */
const HOME = { id: 'bench-home', title: 'Bench: home', messages: 2 }
const METRIC = 'open a 2,000-message conversation to interactive, ms'
const TARGET = '<= 1.5x the 20-message one'

/**
 * Clicks the conversation in the list and measures, in the page, until its newest message is in
 * the DOM and painted (the view opens at the bottom, where the composer is). A string, not a
 * function: tsx adds name helpers to functions that the page does not have.
 */
function openScript(id: string, messages: number): string {
  const args = JSON.stringify({
    item: SEL.conversation(id),
    last: `${SEL.message}[data-key="m-${id}-${messages - 1}"]`,
    prompt: SEL.prompt
  })
  return `(({ item, last, prompt }) => new Promise((resolve, reject) => {
    const btn = document.querySelector(item);
    if (!btn) { reject(new Error('the conversation is not in the list: ' + item)); return; }
    const ready = () => { const p = document.querySelector(prompt); return !!document.querySelector(last) && !!p && !p.disabled; };
    let t0 = 0;
    const timer = setTimeout(() => { obs.disconnect(); reject(new Error('the conversation did not open within 20 s')); }, 20000);
    const obs = new MutationObserver(() => {
      if (!ready()) return;
      obs.disconnect();
      clearTimeout(timer);
      requestAnimationFrame(() => resolve({ ms: performance.now() - t0, nodes: document.getElementsByTagName('*').length }));
    });
    obs.observe(document, { subtree: true, childList: true, attributes: true });
    t0 = performance.now();
    btn.click();
  }))(${args})`
}

async function openOnce(page: Page, spec: typeof LONG): Promise<{ ms: number; nodes: number }> {
  await page.locator(SEL.conversation(spec.id)).waitFor({ timeout: 20_000 })
  return (await page.evaluate(openScript(spec.id, spec.messages))) as { ms: number; nodes: number }
}

async function run(ctx: RunContext): Promise<BenchEntry[]> {
  const dataDir = tempDataDir()
  try {
    await seedConversations(dataDir, [HOME, LONG, SHORT])
    return await withChatBench(async (rig) => {
      const missing = await chatViewMissing(rig)
      if (missing) return [notMeasurable('L1', METRIC, TARGET, 'chat view', missing)]
      // A fresh page per sample: a conversation opened before would come from the page's cache.
      const nodes: Record<'long' | 'short', number[]> = { long: [], short: [] }
      const samples = await interleave(PAIRS, {
        baseline: () =>
          withChatPage(rig, async (page) => {
            const r = await openOnce(page, SHORT)
            nodes.short.push(r.nodes)
            return r.ms
          }),
        subject: () =>
          withChatPage(rig, async (page) => {
            const r = await openOnce(page, LONG)
            nodes.long.push(r.nodes)
            return r.ms
          })
      })
      const value = median(samples.subject)
      const baseline = median(samples.baseline)
      const nodeRatio = median(nodes.long) / median(nodes.short)
      ctx.log(`L1 open ${round(value)} ms vs ${round(baseline)} ms; DOM nodes x${round(nodeRatio)}`)
      return [
        entry({
          id: 'L1',
          metric: METRIC,
          value,
          baseline,
          target: TARGET,
          pass: value / baseline <= 1.5,
          runs: PAIRS,
          note: `click in the list -> newest message in the DOM and painted, fresh page each; DOM nodes ${median(nodes.long)} vs ${median(nodes.short)} (x${round(nodeRatio)}, reference wants <= 1.2x); conversations seeded as host files (~1 KB markdown per answer)`
        })
      ]
    }, dataDir)
  } finally {
    removeDir(dataDir)
  }
}

export const l1: Metric = {
  id: 'L1',
  describes: [{ id: 'L1', metric: METRIC, target: TARGET }],
  budgetMs: 150_000,
  run
}
