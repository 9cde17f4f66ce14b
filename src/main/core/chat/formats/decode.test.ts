import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { ChatFormat } from '@shared/domain/chat'
import { StudioError } from '@shared/errors'
import { assemble, streamSpecs } from '../testing/stream-arbitraries'
import { buildStream, bytesOf, decodeChunks, expectedParts, splitAt, type StreamSpec } from '../testing/streams'

const FORMATS: ChatFormat[] = ['chat', 'content', 'messages', 'completions']

const spec = streamSpecs({
  maxThinking: 4,
  maxText: 12,
  morePieces: ['```ts\nconst x = 1\n```'],
  tool: fc.record({
    name: fc.constantFrom('get_weather', 'lookup'),
    id: fc.constant('call_1'),
    json: fc.constantFrom(['{"city":', '"東京 ✨"}'], ['{"a":', '1,"b":[tr', 'ue]}'], ['{}'])
  })
})

/** Legal noise between frames: extra blank lines and keep-alive comments. */
const noise = fc.constantFrom('', '', '\n', ': PING\n\n', '\n\n')

describe.each(FORMATS)('%s stream decoding', (format) => {
  it('gives identical parts however the bytes are split, CRLF or LF, with pings and blank lines (1,000 runs)', () => {
    fc.assert(
      fc.property(
        spec,
        fc.array(noise, { maxLength: 40 }),
        fc.boolean(),
        fc.array(fc.nat(), { maxLength: 30 }),
        (s, gaps, crlf, rawCuts) => {
          const built = buildStream(format, s)
          const bytes = bytesOf(assemble(built.frames, gaps, crlf))
          const cuts = rawCuts.map((c) => 1 + (c % (bytes.length - 1)))
          const whole = decodeChunks(format, [bytes])
          const split = decodeChunks(format, splitAt(bytes, cuts))
          expect(whole.error).toBeUndefined()
          expect(whole.parts).toEqual(expectedParts(format, s))
          expect(split.parts).toEqual(whole.parts)
          expect(split.ops.map((o) => o.append).join('')).toBe(whole.ops.map((o) => o.append).join(''))
          expect(split.complete).toBe(true)
          expect(split.state.meta).toEqual(whole.state.meta)
          expect(whole.state.meta.finishReason).toBeTruthy()
          expect(whole.state.meta.usage?.output).toBe(42)
        }
      ),
      { numRuns: 1000 }
    )
  })

  it('never calls a stream complete when it stops before its terminal signal (every cut, clean end)', () => {
    fc.assert(
      fc.property(spec, fc.boolean(), fc.nat(), (s, crlf, rawCut) => {
        const built = buildStream(format, s)
        const text = assemble(built.frames, [], crlf)
        const terminalStart = bytesOf(assemble(built.frames.slice(0, built.terminalFrame), [], crlf)).length
        // The terminal frame's data line, without the line ending that completes it.
        const terminalLine = bytesOf(
          assemble([built.frames[built.terminalFrame]], [], crlf).replace(/(\r?\n)+$/, '')
        ).length
        const bytes = bytesOf(text)
        const cut = rawCut % (terminalStart + terminalLine + 1)
        const d = decodeChunks(format, [bytes.subarray(0, cut)])
        expect(d.complete).toBe(false)
      }),
      { numRuns: 500 }
    )
  })

  it('is complete with the whole stream and keeps every character when split at every byte', () => {
    const s: StreamSpec = {
      thinking: ['思考', '中…'],
      text: ['Hello ', '世界 ', '👩‍💻', '\r\n', 'done'],
      tool: { name: 'lookup', id: 'call_1', json: ['{"q":', '"東京"}'] }
    }
    const bytes = bytesOf(assemble(buildStream(format, s).frames, [], true))
    const d = decodeChunks(
      format,
      Array.from(bytes, (b) => Uint8Array.of(b))
    )
    expect(d.error).toBeUndefined()
    expect(d.complete).toBe(true)
    expect(d.parts).toEqual(expectedParts(format, s))
  })
})

describe('stream errors while decoding', () => {
  const text = (format: ChatFormat) => buildStream(format, { thinking: [], text: ['partial ', 'answer'] }).frames
  const beforeEnd = (format: ChatFormat) => {
    const built = buildStream(format, { thinking: [], text: ['partial ', 'answer'] })
    return built.frames.slice(0, built.terminalFrame)
  }
  it.each(FORMATS)('%s: a bare error line after some text ends as a coded error, text kept', (format) => {
    const frames = beforeEnd(format)
    const line =
      format === 'messages'
        ? '{"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}'
        : '{"error":{"message":"upstream stream error","type":"upstream_error","param":"","code":"bad_response_status_code"}}'
    const d = decodeChunks(format, [bytesOf(frames.join('') + line + '\n')])
    expect(d.error).toBeInstanceOf(StudioError)
    const e = d.error as StudioError
    expect(e.code).toBe('GATEWAY_ERROR')
    expect(e.message).toContain(format === 'messages' ? 'Overloaded' : 'upstream stream error')
    expect(e.details).toMatchObject({ midStream: true })
    expect(d.complete).toBe(false)
    expect(d.parts.map((p) => (p.type === 'text' ? p.text : '')).join('')).not.toBe('')
  })

  it('messages: an `event: error` frame maps its type to a code', () => {
    const frames = beforeEnd('messages')
    const err =
      'event: error\ndata: {"type":"error","error":{"type":"rate_limit_error","message":"Slow down (request id: r-1)"}}\n\n'
    const d = decodeChunks('messages', [bytesOf(frames.join('') + err)])
    const e = d.error as StudioError
    expect(e.code).toBe('RATE_LIMITED')
    expect(e.message).toBe(
      'The gateway reported an error while answering (rate_limit_error): Slow down. The text received so far was kept.'
    )
    expect(e.details).toMatchObject({ requestId: 'r-1', gatewayCode: 'rate_limit_error' })
  })

  it('skips and counts a malformed data line, and gives up after more than three in a row', () => {
    const frames = text('chat')
    const bad = 'data: {"id":"broken","choices":[{"delta":{"content":"\n\n'
    const one = decodeChunks('chat', [bytesOf(frames[0] + bad + frames.slice(1).join(''))])
    expect(one.error).toBeUndefined()
    expect(one.complete).toBe(true)
    expect(one.state.malformedTotal).toBe(1)
    const four = decodeChunks('chat', [bytesOf(frames[0] + bad.repeat(4) + frames.slice(1).join(''))])
    expect((four.error as StudioError).message).toMatch(/4 unreadable stream events in a row/)
  })

  it('content: a blocked prompt is a definite answer with its reason and ratings', () => {
    const body = {
      promptFeedback: {
        blockReason: 'SAFETY',
        safetyRatings: [{ category: 'HARM_CATEGORY_HATE_SPEECH', probability: 'HIGH', blocked: true }]
      }
    }
    const d = decodeChunks('content', [bytesOf(`data: ${JSON.stringify(body)}\n\n`)])
    expect(d.complete).toBe(true)
    expect(d.state.meta).toMatchObject({
      finishReason: 'SAFETY',
      safetyRatings: [{ category: 'HARM_CATEGORY_HATE_SPEECH', probability: 'HIGH', blocked: true }]
    })
  })

  it('completions and chat: the usage-only chunk with choices: [] adds no text', () => {
    const usage = `data: ${JSON.stringify({ object: 'chat.completion.chunk', choices: [], usage: { prompt_tokens: 1, completion_tokens: 2, total_tokens: 3 } })}\n\n`
    for (const format of ['completions', 'chat'] as const) {
      const d = decodeChunks(format, [bytesOf(usage)])
      expect(d.ops).toEqual([])
      expect(d.complete).toBe(false)
      expect(d.state.meta.usage).toEqual({ input: 1, output: 2, total: 3 })
    }
  })
})
