import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { ChatFormat, ChatMessage, MessagePart } from '@shared/domain/chat'
import type { FetchLike } from '../gateway/http'
import { messageText } from './parts'
import { StreamRunner, type StreamEndedPayload } from './stream-runner'
import { assemble, streamSpecs } from './testing/stream-arbitraries'
import { buildStream, bytesOf, expectedParts, splitAt, type StreamSpec } from './testing/streams'

/**
 * The stream-split gate (RELIABILITY.md) through the real StreamRunner, not only the decoder
 * (formats/decode.test.ts covers that layer): the answer body arrives as fetch would deliver it,
 * in random chunks, and every way a body can stop early (clean end, reset, stall until the idle
 * timer) must end `incomplete` with the text received so far, never `complete`.
 */

const FORMATS: ChatFormat[] = ['chat', 'content', 'messages', 'completions']
const PATHS: Record<ChatFormat, string> = {
  chat: '/v1/chat/completions',
  content: '/v1beta/models/m:streamGenerateContent',
  messages: '/v1/messages',
  completions: '/v1/completions'
}

type End = 'eof' | 'reset' | 'stall' | 'complete'

/** A fetch whose answer body is these chunks, then the given end; it honours the abort signal like undici. */
function bodyFetch(chunks: Uint8Array[], end: End): FetchLike {
  return async (_input, init) => {
    let i = 0
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        init?.signal?.addEventListener(
          'abort',
          () => controller.error(init.signal?.reason ?? new DOMException('aborted', 'AbortError')),
          { once: true }
        )
      },
      pull(controller) {
        if (i < chunks.length) {
          controller.enqueue(chunks[i++])
          return
        }
        if (end === 'eof' || end === 'complete') controller.close()
        else if (end === 'reset')
          controller.error(
            new TypeError('terminated', { cause: Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }) })
          )
        else return new Promise<void>(() => {}) // stall: nothing more, ever; only the idle timer ends it
      }
    })
    return new Response(stream, { status: 200, headers: { 'content-type': 'text/event-stream' } })
  }
}

interface Ran {
  final: ChatMessage
  ended: StreamEndedPayload[]
  shown: string
}

async function runBody(format: ChatFormat, chunks: Uint8Array[], end: End): Promise<Ran> {
  const ended: StreamEndedPayload[] = []
  const shown: string[] = []
  const runner = new StreamRunner(
    bodyFetch(chunks, end),
    {
      delta: (d) => shown.push(...d.ops.filter((o) => o.type === 'text').map((o) => o.append)),
      ended: (e) => ended.push(e),
      log: () => {},
      scrub: (s) => s
    },
    // windowMs 0: every delta goes out at once, so the property needs no timers but the idle one.
    { windowMs: 0, checkpointMs: 3_600_000, idleTimeoutMs: 3, headersTimeoutMs: 5_000 }
  )
  const final = await runner.start({
    streamId: 's',
    conversationId: 'c',
    format,
    call: { path: PATHS[format], json: { model: 'm', stream: true } },
    conn: { baseUrl: 'http://127.0.0.1:9', key: 'sk-property-test-key' },
    message: { id: 'a', role: 'assistant', parts: [], createdAt: 0, status: 'streaming', format },
    checkpoint: async () => {},
    finish: async () => {}
  })
  return { final, ended, shown: shown.join('') }
}

const spec = streamSpecs({
  maxThinking: 3,
  maxText: 10,
  morePieces: ['नमस्ते'],
  tool: fc.record({
    name: fc.constant('lookup'),
    id: fc.constant('call_1'),
    json: fc.constantFrom(['{"q":', '"東京 ✨"}'], ['{}'])
  })
})
const noise = fc.constantFrom('', '', '\n', ': PING\n\n')

const textOf = (parts: MessagePart[]) =>
  parts
    .filter((p) => p.type === 'text')
    .map((p) => (p.type === 'text' ? p.text : ''))
    .join('')

describe.each(FORMATS)('%s through the stream runner', (format) => {
  it('1,000 random chunkings (CJK, emoji, CR/LF split, pings) give the same saved message and the same appends', async () => {
    let runs = 0
    await fc.assert(
      fc.asyncProperty(
        spec,
        fc.array(noise, { maxLength: 30 }),
        fc.boolean(),
        fc.array(fc.nat(), { maxLength: 40 }),
        async (s, gaps, crlf, rawCuts) => {
          runs++
          const bytes = bytesOf(assemble(buildStream(format, s).frames, gaps, crlf))
          const cuts = rawCuts.map((c) => 1 + (c % (bytes.length - 1)))
          const split = await runBody(format, splitAt(bytes, cuts), 'complete')
          expect(split.final.status).toBe('complete')
          expect(split.final.parts).toEqual(expectedParts(format, s))
          expect(split.shown).toBe(textOf(expectedParts(format, s)))
          expect(split.ended).toHaveLength(1)
          expect(split.ended[0].status).toBe('complete')
        }
      ),
      { numRuns: 1000 }
    )
    expect(runs).toBe(1000)
  })

  it('1,000 truncations (clean end, reset, stall to the idle timer) at random bytes before the terminal signal: incomplete, never complete, text kept', async () => {
    const tally: Record<string, number> = { eof: 0, reset: 0, stall: 0 }
    await fc.assert(
      fc.asyncProperty(
        spec,
        fc.boolean(),
        fc.nat(),
        fc.constantFrom<End>('eof', 'reset', 'stall'),
        fc.array(fc.nat(), { maxLength: 8 }),
        async (s, crlf, rawCut, end, rawSplits) => {
          tally[end]++
          const built = buildStream(format, s)
          const terminalStart = bytesOf(assemble(built.frames.slice(0, built.terminalFrame), [], crlf)).length
          const terminalLine = bytesOf(
            assemble([built.frames[built.terminalFrame]], [], crlf).replace(/(\r?\n)+$/, '')
          ).length
          const bytes = bytesOf(assemble(built.frames, [], crlf)).subarray(
            0,
            rawCut % (terminalStart + terminalLine + 1)
          )
          const chunks =
            bytes.length > 1
              ? splitAt(
                  bytes,
                  rawSplits.map((c) => 1 + (c % (bytes.length - 1)))
                )
              : bytes.length
                ? [bytes]
                : []
          const r = await runBody(format, chunks, end)
          expect(r.final.status).toBe('incomplete')
          expect(r.ended.map((e) => e.status)).toEqual(['incomplete'])
          expect(r.final.error?.code).toBe(end === 'stall' ? 'TIMEOUT' : 'STREAM_INCOMPLETE')
          // What was kept is a prefix of the answer, and equals what the page was shown.
          const full = textOf(expectedParts(format, s))
          expect(full.startsWith(messageText(r.final))).toBe(true)
          expect(r.shown).toBe(messageText(r.final))
        }
      ),
      { numRuns: 1000 }
    )
    expect(tally.eof + tally.reset + tally.stall).toBe(1000)
    expect(Math.min(tally.eof, tally.reset, tally.stall)).toBeGreaterThan(200)
  })

  it('every frame boundary before the terminal signal, with each of the three ends, is incomplete', async () => {
    const s: StreamSpec = {
      thinking: ['思考'],
      text: ['Hello ', '世界 ', '👩‍💻', '\r\n', 'done'],
      tool: { name: 'lookup', id: 'call_1', json: ['{"q":', '"東京"}'] }
    }
    const built = buildStream(format, s)
    for (let k = 0; k <= built.terminalFrame; k++) {
      const bytes = bytesOf(built.frames.slice(0, k).join(''))
      for (const end of ['eof', 'reset', 'stall'] as const) {
        const r = await runBody(format, bytes.length ? [bytes] : [], end)
        expect(r.final.status, `cut after frame ${k}, ${end}`).toBe('incomplete')
      }
    }
  })
})
