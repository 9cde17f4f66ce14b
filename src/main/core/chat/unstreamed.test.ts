import { describe, expect, it } from 'vitest'
import type { ChatFormat, ChatMessage } from '@shared/domain/chat'
import { sandboxSuite } from '../testing/sandbox-suite'
import { createDecodeState, codecFor, decodeItem } from './formats'
import { messageText } from './parts'
import { readStreamBody } from './stream-body'
import { chatHarness } from './testing/service-harness'

/**
 * Streamed routes answered without a stream: a plain `message` on /v1/messages, one JSON object (or
 * the array of chunks) from :streamGenerateContent on builds without alt=sse, a plain completion on
 * /v1/completions and /v1/chat/completions. Each is a whole answer; cut-off JSON is not.
 */

const MODELS: Record<ChatFormat, string> = {
  chat: 'deepseek-v3',
  content: 'gemini-2.5-flash',
  messages: 'claude-haiku-4-5',
  completions: 'gpt-3.5-turbo-instruct'
}
const FORMATS: ChatFormat[] = ['chat', 'content', 'messages', 'completions']

const { sb, h } = sandboxSuite((o) => chatHarness({ ...o, timing: { idleTimeoutMs: 800 } }), { resetEach: true })

async function ask(
  format: ChatFormat,
  faults: string[]
): Promise<{ status: string; message: ChatMessage; error?: { code: string } }> {
  const c = await h.call('chat:create-conversation', { format, model: MODELS[format] })
  sb.setFaults(sb.key, faults)
  const s =
    format === 'completions'
      ? await h.call('chat:complete-text', { conversationId: c.id, document: 'Once upon a time' })
      : await h.call('chat:send', { conversationId: c.id, text: 'Tell me a story 故事' })
  const ended = await h.ended(s.streamId)
  return { status: ended.status as string, message: ended.message as ChatMessage, error: ended.error as never }
}

describe('non-streamed answers on streamed routes', () => {
  it.each(FORMATS)(
    '%s: a plain JSON answer is shown complete, with the same text the stream would have given',
    async (format) => {
      const streamed = await ask(format, [])
      const plain = await ask(format, ['no-sse@text'])
      expect(plain.status).toBe('complete')
      expect(plain.error).toBeUndefined()
      expect(messageText(plain.message)).not.toBe('')
      expect(messageText(plain.message)).toBe(messageText(streamed.message))
      expect(sb.log().filter((e) => e.route.startsWith('text.'))).toHaveLength(2)
    }
  )

  it('content: the JSON array of chunks some builds send is shown complete', async () => {
    const streamed = await ask('content', [])
    const array = await ask('content', ['no-sse=array@text'])
    expect(array.status).toBe('complete')
    expect(messageText(array.message)).toBe(messageText(streamed.message))
  })

  it.each(FORMATS)('%s: a plain JSON answer cut short is incomplete, never complete', async (format) => {
    const r = await ask(format, ['no-sse@text', 'truncate@text'])
    expect(r.status).toBe('incomplete')
    expect(r.error?.code).toBe('STREAM_INCOMPLETE')
  })
})

describe('whole answers through the decoder', () => {
  const run = (format: ChatFormat, body: unknown) => {
    const state = createDecodeState()
    const ops = decodeItem(codecFor(format), state, { kind: 'whole', data: JSON.stringify(body) })
    return { ops, complete: codecFor(format).isComplete(state), state }
  }

  it('messages: text, thinking (with its signature) and a tool call, in block order', () => {
    const r = run('messages', {
      id: 'msg_1',
      type: 'message',
      role: 'assistant',
      content: [
        { type: 'thinking', thinking: 'hmm', signature: 'sig-1' },
        { type: 'text', text: 'Hello' },
        { type: 'tool_use', id: 'tu_1', name: 'lookup', input: { q: 'x' } }
      ],
      stop_reason: 'tool_use',
      usage: { input_tokens: 3, output_tokens: 4 }
    })
    expect(r.complete).toBe(true)
    expect(r.ops).toEqual([
      { part: 0, type: 'thinking', append: 'hmm' },
      { part: 1, type: 'text', append: 'Hello' },
      { part: 2, type: 'tool_call', append: '{"q":"x"}', name: 'lookup', id: 'tu_1' }
    ])
    expect(r.state.signatures).toEqual({ 0: 'sig-1' })
    expect(r.state.meta).toMatchObject({ finishReason: 'tool_use', usage: { input: 3, output: 4, total: 7 } })
  })

  it('general chat: message content, reasoning and every tool call', () => {
    const r = run('chat', {
      object: 'chat.completion',
      choices: [
        {
          index: 0,
          message: {
            role: 'assistant',
            content: 'Hi',
            reasoning_content: 'think',
            tool_calls: [
              { id: 'c1', type: 'function', function: { name: 'a', arguments: '{}' } },
              { id: 'c2', type: 'function', function: { name: 'b', arguments: '{"x":1}' } }
            ]
          },
          finish_reason: 'tool_calls'
        }
      ],
      usage: { prompt_tokens: 1, completion_tokens: 2, total_tokens: 3 }
    })
    expect(r.complete).toBe(true)
    expect(r.ops.map((o) => [o.type, o.append])).toEqual([
      ['thinking', 'think'],
      ['text', 'Hi'],
      ['tool_call', '{}'],
      ['tool_call', '{"x":1}']
    ])
    expect(new Set(r.ops.filter((o) => o.type === 'tool_call').map((o) => o.part)).size).toBe(2)
  })

  it('a 200 error body read whole is that error, in every format', () => {
    for (const format of FORMATS) {
      expect(() =>
        run(format, {
          error: { message: 'upstream refused', type: 'upstream_error', code: 'bad_response_status_code' }
        })
      ).toThrow(/upstream refused/)
    }
  })

  it.each(FORMATS)('%s: JSON that does not parse adds nothing and is not complete', (format) => {
    const state = createDecodeState()
    expect(decodeItem(codecFor(format), state, { kind: 'whole', data: '{"choices":[{"text":"Once' })).toEqual([])
    expect(codecFor(format).isComplete(state)).toBe(false)
  })
})

describe('reading the body: the content type and the first bytes decide', () => {
  const items = async (body: string | Uint8Array[], type: string) => {
    const chunks = typeof body === 'string' ? [new TextEncoder().encode(body)] : body
    const stream = new ReadableStream<Uint8Array>({
      start(c) {
        for (const x of chunks) c.enqueue(x)
        c.close()
      }
    })
    const out: unknown[] = []
    let reads = 0
    await readStreamBody(
      new Response(stream, { headers: { 'content-type': type } }),
      (i) => out.push(i),
      () => reads++
    )
    return { out, reads }
  }
  const answer = { candidates: [{ content: { parts: [{ text: 'whole' }] }, finishReason: 'STOP', index: 0 }] }

  it('a JSON object labelled text/event-stream is one whole answer, and complete', async () => {
    const { out } = await items(`\n  ${JSON.stringify(answer)}`, 'text/event-stream')
    expect(out).toEqual([{ kind: 'whole', data: JSON.stringify(answer) }])
    const state = createDecodeState()
    expect(decodeItem(codecFor('content'), state, out[0] as never)).toEqual([
      { part: 0, type: 'text', append: 'whole' }
    ])
    expect(codecFor('content').isComplete(state)).toBe(true)
  })

  it('the first byte may arrive after whitespace-only chunks; every chunk still counts for the idle timer', async () => {
    const enc = new TextEncoder()
    const { out, reads } = await items(
      [enc.encode('\n'), enc.encode(' '), enc.encode('[{"a":1}'), enc.encode(']')],
      'text/event-stream; charset=utf-8'
    )
    expect(out).toEqual([{ kind: 'whole', data: '[{"a":1}]' }])
    expect(reads).toBe(4)
  })

  it('an event stream stays an event stream', async () => {
    const { out } = await items('data: {"a":1}\n\ndata: [DONE]\n\n', 'text/event-stream')
    expect(out).toEqual([
      { kind: 'event', data: '{"a":1}' },
      { kind: 'event', data: '[DONE]' }
    ])
  })

  it('a JSON answer split inside a multi-byte character is read intact', async () => {
    const bytes = new TextEncoder().encode(JSON.stringify({ text: '故事🚀' }))
    const { out } = await items([bytes.slice(0, 11), bytes.slice(11, 13), bytes.slice(13)], 'application/json')
    expect(out).toEqual([{ kind: 'whole', data: JSON.stringify({ text: '故事🚀' }) }])
  })
})
