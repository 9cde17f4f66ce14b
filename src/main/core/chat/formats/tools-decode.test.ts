import { describe, expect, it } from 'vitest'
import type { MessagePart } from '@shared/domain/chat'
import { codecFor, createDecodeState } from '.'
import { applyOps } from '../parts'

/** Runs parsed events through a format's decoder and returns the parts the answer ends with. */
function decode(format: 'chat' | 'content' | 'messages', events: Array<Record<string, unknown>>): MessagePart[] {
  const codec = codecFor(format)
  const state = createDecodeState()
  const parts: MessagePart[] = []
  for (const e of events) applyOps(parts, codec.step(state, e, typeof e.type === 'string' ? e.type : undefined))
  expect(codec.isComplete(state)).toBe(true)
  return parts
}

const calls = (parts: MessagePart[]) => parts.filter((p) => p.type === 'tool_call')

describe('decoding parallel tool calls, one card each', () => {
  it('content: two functionCall parts in one chunk, with and without an id', () => {
    const parts = decode('content', [
      {
        candidates: [
          {
            content: {
              role: 'model',
              parts: [
                { functionCall: { name: 'get_weather', args: { city: 'Paris' } } },
                { functionCall: { id: 'fc-2', name: 'get_time', args: {} } }
              ]
            },
            finishReason: 'STOP'
          }
        ]
      }
    ])
    expect(calls(parts)).toEqual([
      { type: 'tool_call', name: 'get_weather', input: '{"city":"Paris"}' },
      { type: 'tool_call', id: 'fc-2', name: 'get_time', input: '{}' }
    ])
  })

  it('messages: two tool_use blocks whose input arrives as input_json_delta pieces', () => {
    const block = (index: number, id: string, name: string) => ({
      type: 'content_block_start',
      index,
      content_block: { type: 'tool_use', id, name, input: {} }
    })
    const json = (index: number, partial_json: string) => ({
      type: 'content_block_delta',
      index,
      delta: { type: 'input_json_delta', partial_json }
    })
    const parts = decode('messages', [
      { type: 'message_start', message: { usage: { input_tokens: 3 } } },
      block(0, 'toolu_1', 'get_weather'),
      json(0, '{"city":'),
      json(0, '"Paris"}'),
      block(1, 'toolu_2', 'get_time'),
      json(1, '{}'),
      { type: 'message_delta', delta: { stop_reason: 'tool_use' } },
      { type: 'message_stop' }
    ])
    expect(calls(parts)).toEqual([
      { type: 'tool_call', id: 'toolu_1', name: 'get_weather', input: '{"city":"Paris"}' },
      { type: 'tool_call', id: 'toolu_2', name: 'get_time', input: '{}' }
    ])
  })

  it('general chat: tool_calls by index, interleaved argument deltas', () => {
    const delta = (tool_calls: unknown[], finish: string | null = null) => ({
      choices: [{ index: 0, delta: { tool_calls }, finish_reason: finish }]
    })
    const parts = decode('chat', [
      delta([{ index: 0, id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '' } }]),
      delta([{ index: 1, id: 'call_2', type: 'function', function: { name: 'get_time', arguments: '{"tz"' } }]),
      delta([{ index: 0, function: { arguments: '{"city":"Paris"}' } }]),
      delta([{ index: 1, function: { arguments: ':"CET"}' } }]),
      delta([], 'tool_calls')
    ])
    expect(calls(parts)).toEqual([
      { type: 'tool_call', id: 'call_1', name: 'get_weather', input: '{"city":"Paris"}' },
      { type: 'tool_call', id: 'call_2', name: 'get_time', input: '{"tz":"CET"}' }
    ])
  })
})
