import { chatReady, isTextDelta, MODEL, sendInNewConversation, waitEnded } from '../lib/chat-probe'
import { appendedText, startCore, type CoreHarness } from '../lib/core'
import { streamedAnswer } from '../lib/direct'
import { startLongGateway } from '../lib/long-gateway'
import { markdownPieces } from '../lib/markdown-fixture'
import type { Metric, RunContext } from '../lib/metric'
import { entry, notMeasurable, type BenchEntry } from '../lib/report'
import { withSandbox } from '../lib/sandbox'
import { sized } from '../lib/smoke'
import { median, round } from '../lib/stats'

const RUNS = sized(5, 1)
const WINDOW_MS = 16
/**
 * Both clocks (the merger's performance.now, our hrtime) are the same monotonic clock, so the only
 * slack is rounding. Gaps are taken where the renderer would receive them (after validation and
 * serialization), because that is where "one message per frame" matters.
 */
const SLACK_MS = 0.1
const TARGET = '<= 1 msg / 16 ms / stream; text byte-identical'
const LONG_TOKENS = sized(5_000, 500)
const LONG_RATE = 2_400
const M_SANDBOX = 'host->renderer delta messages per stream (sandbox answer, 2 ms between pieces)'
const M_LONG = `host->renderer delta messages per stream (${LONG_TOKENS} tokens at ${LONG_RATE} tok/s)`

interface StreamStats {
  messages: number
  minGapMs: number
  durationMs: number
  identical: boolean
}

async function oneStream(h: CoreHarness, prompt: string, expected: string): Promise<StreamStats> {
  const s = await sendInNewConversation(h, prompt)
  await waitEnded(h, s, 60_000)
  const deltas = h.events
    .slice(s.from)
    .filter((e) => e.name === 'chat:stream-delta' && e.payload.streamId === s.streamId)
  const textual = deltas.filter((e) => isTextDelta(e, s.streamId))
  let minGap = Number.POSITIVE_INFINITY
  for (let i = 1; i < deltas.length; i++) minGap = Math.min(minGap, Number(deltas[i].at - deltas[i - 1].at) / 1e6)
  const durationMs = textual.length ? Number(textual[textual.length - 1].at - textual[0].at) / 1e6 : 0
  await h.call('chat:delete-conversation', { id: s.conversationId })
  return { messages: deltas.length, minGapMs: minGap, durationMs, identical: appendedText(deltas) === expected }
}

function summarise(id: string, metric: string, runs: StreamStats[], tokens: number): BenchEntry {
  const messages = median(runs.map((r) => r.messages))
  const minGap = Math.min(...runs.map((r) => r.minGapMs))
  const identical = runs.every((r) => r.identical)
  // Leading edge + one per elapsed window + the trailing flush.
  const withinRate = runs.every((r) => r.messages <= Math.ceil(r.durationMs / WINDOW_MS) + 2)
  const gapsOk = minGap >= WINDOW_MS - SLACK_MS || runs.every((r) => r.messages <= 1)
  return entry({
    id,
    metric,
    value: messages,
    baseline: tokens,
    target: TARGET,
    pass: identical && gapsOk && withinRate,
    runs: runs.length,
    note: `min gap between messages ${Number.isFinite(minGap) ? round(minGap) : '-'} ms; stream ${round(median(runs.map((r) => r.durationMs)))} ms; text ${identical ? 'byte-identical' : 'DIFFERS from the gateway stream'}${withinRate ? '' : '; more messages than 16 ms windows'}`
  })
}

async function run(ctx: RunContext): Promise<BenchEntry[]> {
  // Speed 12.5: the sandbox waits 25 / 12.5 = 2 ms between pieces, ~8 pieces per merge window.
  return withSandbox(
    async (sb) => {
      const prompt = 'Benchmark R3: count the messages.'
      const h = await startCore(sb)
      let sandboxEntry: BenchEntry
      try {
        const missing = await chatReady(h)
        if (missing)
          return [
            notMeasurable('R3', M_SANDBOX, TARGET, 'chat:send (host chat stream)', missing),
            notMeasurable('R3-long', M_LONG, TARGET, 'chat:send (host chat stream)', missing)
          ]
        const expected = await streamedAnswer(sb, { model: MODEL, prompt })
        const paced: StreamStats[] = []
        for (let i = 0; i < RUNS; i++) paced.push(await oneStream(h, prompt, expected.text))
        ctx.log(`R3 sandbox: ${paced.map((r) => r.messages).join(',')} messages for ${expected.pieces} pieces`)
        sandboxEntry = summarise('R3', M_SANDBOX, paced, expected.pieces)
      } finally {
        await h.close()
      }
      const long = await startLongGateway(sb.url)
      const hl = await startCore({ url: long.url, key: sb.key })
      try {
        const expected = markdownPieces(LONG_TOKENS).join('')
        const runs: StreamStats[] = []
        for (let i = 0; i < RUNS; i++)
          runs.push(await oneStream(hl, `bench:tokens=${LONG_TOKENS},rate=${LONG_RATE}`, expected))
        ctx.log(`R3 long: ${runs.map((r) => r.messages).join(',')} messages for ${LONG_TOKENS} tokens`)
        return [sandboxEntry, summarise('R3-long', M_LONG, runs, LONG_TOKENS)]
      } finally {
        await hl.close()
        await long.close()
      }
    },
    { speed: 12.5 }
  )
}

export const r3: Metric = {
  id: 'R3',
  describes: [
    { id: 'R3', metric: M_SANDBOX, target: TARGET },
    { id: 'R3-long', metric: M_LONG, target: TARGET }
  ],
  budgetMs: 120_000,
  run
}
