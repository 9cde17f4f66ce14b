import { describe, expect, it } from 'vitest'
import { type Json, bearer, call, datas, sandboxForFile, stream } from './testing/util.js'

const KEY = 'sk-tools-key'
const sb = await sandboxForFile({ keys: [{ key: KEY, name: 'tools' }] })
const auth = bearer(KEY)
const mAuth = { 'x-api-key': KEY, 'vendor-version': '2023-06-01' }
const schema = (prop: string) => ({ type: 'object', properties: { [prop]: { type: 'string' } } })

describe('tool round trip: content format', () => {
  const path = '/v1beta/models/gemini-2.5-flash:generateContent'
  const tools = [
    {
      functionDeclarations: [
        { name: 'get_weather', parameters: schema('city') },
        { name: 'get_time', parameters: schema('tz') }
      ]
    }
  ]
  const ask = { role: 'user', parts: [{ text: 'Use get_weather and get_time for Paris' }] }

  it('calls every tool the prompt names, in one turn, and echoes the results that answer them', async () => {
    const first = await call(sb, 'POST', path, { headers: auth, body: { contents: [ask], tools } })
    const calls = first.json.candidates[0].content.parts
      .filter((p: Json) => p.functionCall)
      .map((p: Json) => p.functionCall)
    expect(calls.map((c: Json) => c.name)).toEqual(['get_weather', 'get_time'])
    const model = first.json.candidates[0].content
    const answer = {
      role: 'user',
      parts: [
        { functionResponse: { name: 'get_weather', response: { sky: 'clear' } } },
        { functionResponse: { name: 'get_time', response: { result: '14:05' } } }
      ]
    }
    const second = await call(sb, 'POST', path, { headers: auth, body: { contents: [ask, model, answer], tools } })
    expect(second.status).toBe(200)
    const parts = second.json.candidates[0].content.parts
    expect(parts.some((p: Json) => p.functionCall)).toBe(false)
    expect(parts.map((p: Json) => p.text ?? '').join('')).toContain(
      '- get_weather: {"sky":"clear"}\n- get_time: {"result":"14:05"}'
    )
  })

  it('streams parallel calls whole in the last chunk', async () => {
    const s = await stream(
      sb,
      '/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse',
      { contents: [ask], tools },
      auth
    )
    const last = datas(s.events).at(-1)
    expect(last.candidates[0].content.parts.map((p: Json) => p.functionCall.name)).toEqual(['get_weather', 'get_time'])
    expect(last.candidates[0].finishReason).toBe('STOP')
  })

  it('refuses a functionResponse without a name, without an object response, or naming no call (400)', async () => {
    const model = { role: 'model', parts: [{ functionCall: { name: 'get_weather', args: {} } }] }
    for (const [fr, pattern] of [
      [{ response: { a: 1 } }, /Name cannot be empty/],
      [{ name: 'get_weather', response: 'clear' }, /response: must be a JSON object/],
      [{ name: 'get_tide', response: {} }, /no function call named get_tide/]
    ] as const) {
      const r = await call(sb, 'POST', path, {
        headers: auth,
        body: { contents: [ask, model, { role: 'user', parts: [{ functionResponse: fr }] }], tools }
      })
      expect(r.status).toBe(400)
      expect(r.json.error.type).toBe('invalid_request_error')
      expect(r.json.error.message).toMatch(pattern)
    }
  })
})

describe('tool round trip: messages format', () => {
  const tools = [
    { name: 'get_weather', description: 'w', input_schema: schema('city') },
    { name: 'get_time', description: 't', input_schema: schema('tz') }
  ]
  const base = { model: 'claude-sonnet-4-5', max_tokens: 1024, tools }
  const ask = { role: 'user', content: 'Call get_time please' }

  it('calls the named tool and echoes the tool_result that answers it by tool_use_id', async () => {
    const first = await call(sb, 'POST', '/v1/messages', { headers: mAuth, body: { ...base, messages: [ask] } })
    const uses = first.json.content.filter((b: Json) => b.type === 'tool_use')
    expect(uses.map((u: Json) => u.name)).toEqual(['get_time'])
    expect(first.json.stop_reason).toBe('tool_use')
    const answer = { role: 'user', content: [{ type: 'tool_result', tool_use_id: uses[0].id, content: '14:05 CET' }] }
    const second = await call(sb, 'POST', '/v1/messages', {
      headers: mAuth,
      body: { ...base, messages: [ask, { role: 'assistant', content: first.json.content }, answer] }
    })
    expect(second.status).toBe(200)
    expect(second.json.stop_reason).toBe('end_turn')
    expect(second.json.content.find((b: Json) => b.type === 'text').text).toContain('- get_time: "14:05 CET"')
  })

  it('refuses a tool_result with an unknown tool_use_id, and a tool_use left unanswered, in the messages error shape', async () => {
    const assistant = { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_1', name: 'get_time', input: {} }] }
    const wrong = await call(sb, 'POST', '/v1/messages', {
      headers: mAuth,
      body: {
        ...base,
        messages: [
          ask,
          assistant,
          { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_9', content: 'x' }] }
        ]
      }
    })
    expect(wrong.status).toBe(400)
    expect(wrong.json.type).toBe('error')
    expect(wrong.json.error.type).toBe('invalid_request_error')
    expect(wrong.json.error.message).toMatch(/unexpected `tool_use_id` found in `tool_result` blocks: toolu_9/)
    const unanswered = await call(sb, 'POST', '/v1/messages', {
      headers: mAuth,
      body: { ...base, messages: [ask, assistant, { role: 'user', content: 'hello?' }] }
    })
    expect(unanswered.status).toBe(400)
    expect(unanswered.json.error.message).toMatch(/without `tool_result` blocks immediately after: toolu_1/)
  })
})

describe('tool round trip: general chat', () => {
  const tools = [
    { type: 'function', function: { name: 'get_weather', parameters: schema('city') } },
    { type: 'function', function: { name: 'get_time', parameters: schema('tz') } }
  ]
  const ask = { role: 'user', content: 'get_weather and get_time in Paris' }

  it('streams one tool_calls entry per named tool and echoes the tool messages that answer them', async () => {
    const s = await stream(
      sb,
      '/v1/chat/completions',
      { model: 'gpt-4o-mini', messages: [ask], tools, stream: true },
      auth
    )
    const deltas = datas(s.events).flatMap((c: Json) => c.choices?.[0]?.delta?.tool_calls ?? [])
    const heads = deltas.filter((t: Json) => t.id)
    expect(heads.map((t: Json) => [t.index, t.function.name])).toEqual([
      [0, 'get_weather'],
      [1, 'get_time']
    ])
    const assistant = {
      role: 'assistant',
      content: null,
      tool_calls: heads.map((t: Json) => ({
        id: t.id,
        type: 'function',
        function: { name: t.function.name, arguments: '{}' }
      }))
    }
    const results = [
      { role: 'tool', tool_call_id: heads[0].id, content: '{"sky":"clear"}' },
      { role: 'tool', tool_call_id: heads[1].id, content: '14:05' }
    ]
    const r = await call(sb, 'POST', '/v1/chat/completions', {
      headers: auth,
      body: { model: 'gpt-4o-mini', messages: [ask, assistant, ...results], tools }
    })
    expect(r.status).toBe(200)
    expect(r.json.choices[0].finish_reason).toBe('stop')
    expect(r.json.choices[0].message.content).toContain('- get_weather: {"sky":"clear"}\n- get_time: "14:05"')
  })

  it('refuses a tool message that answers no call, and calls left unanswered (400, OpenAI shape)', async () => {
    const assistant = {
      role: 'assistant',
      content: null,
      tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'get_time', arguments: '{}' } }]
    }
    const stray = await call(sb, 'POST', '/v1/chat/completions', {
      headers: auth,
      body: { model: 'gpt-4o-mini', messages: [ask, { role: 'tool', tool_call_id: 'call_1', content: 'x' }] }
    })
    expect(stray.status).toBe(400)
    expect(stray.json.error.type).toBe('invalid_request_error')
    expect(stray.json.error.message).toMatch(/must be a response to a preceeding message with 'tool_calls'/)
    const open = await call(sb, 'POST', '/v1/chat/completions', {
      headers: auth,
      body: { model: 'gpt-4o-mini', messages: [ask, assistant, { role: 'user', content: 'hm' }] }
    })
    expect(open.status).toBe(400)
    expect(open.json.error.message).toMatch(/did not have response messages: call_1/)
  })
})
