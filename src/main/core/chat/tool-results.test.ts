import { describe, expect, it } from 'vitest'
import type { ChatMessage, ChatParams } from '@shared/domain/chat'
import { messageText } from './parts'
import { harnessPerTest, type ChatHarness } from './testing/service-harness'

const harness = harnessPerTest()

const obj = (prop: string) => ({ type: 'object', properties: { [prop]: { type: 'string' } } })
const FORMATS: Array<{ format: 'chat' | 'content' | 'messages'; model: string; params: ChatParams }> = [
  {
    format: 'chat',
    model: 'gpt-4o-mini',
    params: {
      format: 'chat',
      params: {
        tools: JSON.stringify([
          { type: 'function', function: { name: 'get_weather', parameters: obj('city') } },
          { type: 'function', function: { name: 'get_time', parameters: obj('tz') } }
        ])
      }
    }
  },
  {
    format: 'content',
    model: 'gemini-2.5-flash',
    params: {
      format: 'content',
      params: {
        tools: JSON.stringify([
          {
            functionDeclarations: [
              { name: 'get_weather', parameters: obj('city') },
              { name: 'get_time', parameters: obj('tz') }
            ]
          }
        ])
      }
    }
  },
  {
    format: 'messages',
    model: 'claude-sonnet-4-5',
    params: {
      format: 'messages',
      params: {
        max_tokens: 2048,
        tools: JSON.stringify([
          { name: 'get_weather', input_schema: obj('city') },
          { name: 'get_time', input_schema: obj('tz') }
        ])
      }
    }
  }
]

async function askForTools(h: ChatHarness, f: (typeof FORMATS)[number]): Promise<{ id: string; answer: ChatMessage }> {
  const c = await h.call('chat:create-conversation', { format: f.format, model: f.model })
  await h.call('chat:update-conversation', { id: c.id, params: f.params })
  const sent = await h.call('chat:send', { conversationId: c.id, text: 'Use get_weather and get_time for Paris' })
  const answer = (await h.ended(sent.streamId)).message as ChatMessage
  return { id: c.id, answer }
}

const callParts = (m: ChatMessage) => m.parts.flatMap((p, i) => (p.type === 'tool_call' ? [{ i, p }] : []))

describe('tool round trip through the host (sandbox gateway)', () => {
  for (const f of FORMATS) {
    it(`${f.format}: results answer both calls, the next answer streams, the exchange is saved and survives a restart`, async () => {
      const h = await harness()
      const { id, answer } = await askForTools(h, f)
      expect(answer.status).toBe('complete')
      const calls = callParts(answer)
      expect(calls.map((c) => c.p.name)).toEqual(['get_weather', 'get_time'])
      const sent = await h.call('chat:send-tool-results', {
        conversationId: id,
        answerId: answer.id,
        results: [
          { part: calls[0].i, content: '{ "sky": "clear", "c": 21 }' },
          { part: calls[1].i, content: '14:05 CET', plain: true }
        ]
      })
      const next = (await h.ended(sent.streamId)).message as ChatMessage
      expect(next.status).toBe('complete')
      expect(messageText(next)).toContain('get_weather: {"sky":"clear","c":21}')
      expect(messageText(next)).toMatch(/get_time: (\{"result":)?"14:05 CET"/)
      expect(h.textRequests().map((r) => r.status)).toEqual([200, 200])

      // A later turn sends the whole exchange again; the sandbox refuses one that lost a call or a result.
      const later = await h.call('chat:send', { conversationId: id, text: 'Thanks' })
      expect(((await h.ended(later.streamId)).message as ChatMessage).status).toBe('complete')
      expect(h.textRequests().map((r) => r.status)).toEqual([200, 200, 200])

      const reopened = await harness({ dataDir: h.dataDir, sandbox: h.sb })
      const conv = await reopened.call('chat:get-conversation', { id })
      expect(conv.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant', 'user', 'assistant'])
      expect(conv.messages[1].parts.filter((p) => p.type === 'tool_call')).toHaveLength(2)
      expect(conv.messages[2].parts).toEqual([
        {
          type: 'tool_result',
          ...(calls[0].p.id ? { id: calls[0].p.id } : {}),
          name: 'get_weather',
          content: '{ "sky": "clear", "c": 21 }'
        },
        {
          type: 'tool_result',
          ...(calls[1].p.id ? { id: calls[1].p.id } : {}),
          name: 'get_time',
          content: '"14:05 CET"'
        }
      ])
      if (f.format !== 'content') expect(calls.every((c) => c.p.id)).toBe(true)
      const md = await reopened.call('chat:export-conversation', { id, as: 'markdown' })
      expect(md.content).toContain('**Tool result** `get_weather`')
      expect(md.content).toContain('"sky": "clear"')
    })
  }

  it('refuses bad results with a precise message before any request', async () => {
    const h = await harness()
    const { id, answer } = await askForTools(h, FORMATS[0])
    const calls = callParts(answer)
    const before = h.textRequests().length
    const bad = await h.fail('chat:send-tool-results', {
      conversationId: id,
      answerId: answer.id,
      results: [
        { part: calls[0].i, content: '{"sky": clear}' },
        { part: calls[1].i, content: '"14:05"' }
      ]
    })
    expect(bad).toMatchObject({ code: 'INVALID_INPUT', field: 'results.0.content' })
    expect(bad.message).toMatch(/^The result of get_weather is not valid JSON: .*\(line 1, column \d+\)\.$/)
    const missing = await h.fail('chat:send-tool-results', {
      conversationId: id,
      answerId: answer.id,
      results: [{ part: calls[0].i, content: '{}' }]
    })
    expect(missing).toMatchObject({ code: 'INVALID_INPUT', field: 'results' })
    expect(missing.message).toContain('get_time has no result yet')
    const empty = await h.fail('chat:send-tool-results', {
      conversationId: id,
      answerId: answer.id,
      results: [
        { part: calls[0].i, content: ' ' },
        { part: calls[1].i, content: '1' }
      ]
    })
    expect(empty.message).toMatch(/Type the result of get_weather/)
    const notACall = await h.fail('chat:send-tool-results', {
      conversationId: id,
      answerId: answer.id,
      results: [{ part: 0, content: '{}' }]
    })
    expect(notACall.message).toMatch(/is not a tool call/)
    const wrongAnswer = await h.fail('chat:send-tool-results', {
      conversationId: id,
      answerId: 'm-0000',
      results: [{ part: calls[0].i, content: '{}' }]
    })
    expect(wrongAnswer).toMatchObject({ code: 'NOT_FOUND', field: 'answerId' })
    expect(h.textRequests()).toHaveLength(before)
    expect((await h.call('chat:get-conversation', { id })).messages).toHaveLength(2)
  })
})
