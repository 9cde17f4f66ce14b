import { describe, expect, it } from 'vitest'
import type { ChatMessage, ChatParams } from '@shared/domain/chat'
import { codecFor, type BuildInput } from '.'

const user = (id: string, parts: ChatMessage['parts']): ChatMessage => ({
  id,
  role: 'user',
  parts,
  createdAt: 1,
  status: 'complete'
})
const answer = (id: string, parts: ChatMessage['parts']): ChatMessage => ({
  id,
  role: 'assistant',
  parts,
  createdAt: 2,
  status: 'complete'
})

/** One exchange: a question, an answer with two calls, the user's two results, then a follow-up. */
function exchange(ids: [string | undefined, string | undefined]): ChatMessage[] {
  return [
    user('u1', [{ type: 'text', text: 'Weather and time in Paris?' }]),
    answer('a1', [
      { type: 'thinking', text: 'two tools', signature: 'sig-1' },
      { type: 'text', text: 'Let me look.' },
      { type: 'tool_call', ...(ids[0] ? { id: ids[0] } : {}), name: 'get_weather', input: '{"city":"Paris"}' },
      { type: 'tool_call', ...(ids[1] ? { id: ids[1] } : {}), name: 'get_time', input: '{"tz":"CET"}' }
    ]),
    user('u2', [
      {
        type: 'tool_result',
        ...(ids[0] ? { id: ids[0] } : {}),
        name: 'get_weather',
        content: '{"sky":"clear","c":21}'
      },
      { type: 'tool_result', ...(ids[1] ? { id: ids[1] } : {}), name: 'get_time', content: '"14:05"' }
    ])
  ]
}

function input(params: ChatParams, history: ChatMessage[]): BuildInput {
  return { model: 'm-1', system: '', params, editors: {}, history, inline: new Map() }
}

describe('building requests with tool results', () => {
  it('content: the model turn keeps its functionCall parts, the results go as functionResponse parts of a user turn', () => {
    const call = codecFor('content').buildRequest(
      input({ format: 'content', params: {} }, exchange([undefined, undefined]))
    )
    expect(call.json.contents).toEqual([
      { role: 'user', parts: [{ text: 'Weather and time in Paris?' }] },
      {
        role: 'model',
        parts: [
          { text: 'Let me look.' },
          { functionCall: { name: 'get_weather', args: { city: 'Paris' } } },
          { functionCall: { name: 'get_time', args: { tz: 'CET' } } }
        ]
      },
      {
        role: 'user',
        parts: [
          { functionResponse: { name: 'get_weather', response: { sky: 'clear', c: 21 } } },
          // A result that is not an object is wrapped: the format's response is always an object.
          { functionResponse: { name: 'get_time', response: { result: '14:05' } } }
        ]
      }
    ])
  })

  it('content: call ids the gateway gave travel back on both sides', () => {
    const call = codecFor('content').buildRequest(input({ format: 'content', params: {} }, exchange(['fc-1', 'fc-2'])))
    const contents = call.json.contents as Array<{ parts: Array<Record<string, { id?: string }>> }>
    expect(contents[1].parts[1].functionCall.id).toBe('fc-1')
    expect(contents[2].parts[1].functionResponse.id).toBe('fc-2')
  })

  it('messages: tool_use blocks (after the signed thinking) and tool_result blocks with their tool_use_id', () => {
    const call = codecFor('messages').buildRequest(
      input({ format: 'messages', params: { max_tokens: 100 } }, exchange(['toolu_1', 'toolu_2']))
    )
    expect(call.json.messages).toEqual([
      { role: 'user', content: 'Weather and time in Paris?' },
      {
        role: 'assistant',
        content: [
          { type: 'thinking', thinking: 'two tools', signature: 'sig-1' },
          { type: 'text', text: 'Let me look.' },
          { type: 'tool_use', id: 'toolu_1', name: 'get_weather', input: { city: 'Paris' } },
          { type: 'tool_use', id: 'toolu_2', name: 'get_time', input: { tz: 'CET' } }
        ]
      },
      {
        role: 'user',
        content: [
          { type: 'tool_result', tool_use_id: 'toolu_1', content: '{"sky":"clear","c":21}' },
          // A string result is sent as the string itself.
          { type: 'tool_result', tool_use_id: 'toolu_2', content: '14:05' }
        ]
      }
    ])
  })

  it('general chat: the assistant message keeps its tool_calls, each result is a tool message with its tool_call_id', () => {
    const tools = [{ type: 'function', function: { name: 'get_weather' } }]
    const call = codecFor('chat').buildRequest({
      ...input({ format: 'chat', params: {} }, exchange(['call_1', 'call_2'])),
      editors: { tools }
    })
    expect(call.json.tools).toEqual(tools)
    expect(call.json.messages).toEqual([
      { role: 'user', content: 'Weather and time in Paris?' },
      {
        role: 'assistant',
        content: 'Let me look.',
        tool_calls: [
          { id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } },
          { id: 'call_2', type: 'function', function: { name: 'get_time', arguments: '{"tz":"CET"}' } }
        ]
      },
      { role: 'tool', tool_call_id: 'call_1', content: '{"sky":"clear","c":21}' },
      { role: 'tool', tool_call_id: 'call_2', content: '14:05' }
    ])
  })

  it('every later request rebuilds the whole exchange, and an unanswered call is still left out', () => {
    const later = [
      ...exchange(['call_1', 'call_2']),
      answer('a2', [{ type: 'text', text: 'Clear, 21 °C, 14:05.' }]),
      user('u3', [{ type: 'text', text: 'Thanks' }])
    ]
    const msgs = codecFor('chat').buildRequest(input({ format: 'chat', params: {} }, later)).json.messages as Array<{
      role: string
    }>
    expect(msgs.map((m) => m.role)).toEqual(['user', 'assistant', 'tool', 'tool', 'assistant', 'user'])
    const unanswered = [
      user('u1', [{ type: 'text', text: 'hi' }]),
      answer('a1', [{ type: 'tool_call', id: 'call_9', name: 'f', input: '{}' }]),
      user('u2', [{ type: 'text', text: 'never mind' }])
    ]
    const sent = codecFor('chat').buildRequest(input({ format: 'chat', params: {} }, unanswered)).json.messages
    expect(sent).toEqual([
      { role: 'user', content: 'hi' },
      { role: 'user', content: 'never mind' }
    ])
  })

  it('results whose calls are no longer in the history travel as text, never as orphan results', () => {
    const orphan = [
      user('u2', [{ type: 'tool_result', id: 'toolu_1', name: 'get_weather', content: '{"sky":"clear"}' }])
    ]
    const call = codecFor('messages').buildRequest(input({ format: 'messages', params: { max_tokens: 100 } }, orphan))
    expect(call.json.messages).toEqual([{ role: 'user', content: '[result of tool get_weather: {"sky":"clear"}]' }])
  })
})
