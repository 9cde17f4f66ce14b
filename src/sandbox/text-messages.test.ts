import { describe, expect, it } from 'vitest'
import { bearer, call, datas, keysOf, sandboxForFile, stream } from './testing/util.js'

const KEY = 'sk-text-key'
const sb = await sandboxForFile({
  keys: [
    { key: KEY, name: 'text' },
    { key: 'sk-text-limited', modelLimits: { 'gpt-4o-mini': true } }
  ]
})
const auth = bearer(KEY)
describe('messages format', () => {
  const body = { model: 'claude-sonnet-4-5', max_tokens: 1024, messages: [{ role: 'user', content: 'Write a haiku' }] }
  const mAuth = { 'x-api-key': KEY, 'vendor-version': '2023-06-01' }

  it('answers the message result field by field', async () => {
    const r = await call(sb, 'POST', '/v1/messages', { headers: mAuth, body })
    expect(r.status).toBe(200)
    expect(keysOf(r.json)).toEqual(['content', 'id', 'model', 'role', 'stop_reason', 'stop_sequence', 'type', 'usage'])
    expect(r.json.id).toMatch(/^msg_/)
    expect(r.json).toMatchObject({
      type: 'message',
      role: 'assistant',
      model: 'claude-sonnet-4-5',
      stop_reason: 'end_turn',
      stop_sequence: null
    })
    expect(r.json.content).toEqual([{ type: 'text', text: expect.any(String) }])
    expect(Number.isInteger(r.json.usage.input_tokens) && Number.isInteger(r.json.usage.output_tokens)).toBe(true)
  })

  it('accepts x-api-key with or without vendor-version, and Bearer', async () => {
    expect((await call(sb, 'POST', '/v1/messages', { headers: { 'x-api-key': KEY }, body })).status).toBe(200)
    expect((await call(sb, 'POST', '/v1/messages', { headers: auth, body })).status).toBe(200)
    const bad = await call(sb, 'POST', '/v1/messages', { headers: { 'x-api-key': 'sk-wrong' }, body })
    expect(bad.status).toBe(401)
    // Middleware errors are OpenAI-shaped even here.
    expect(bad.json.error.type).toBe('new_api_error')
  })

  it('streams every event type in order, with ping, and no [DONE]', async () => {
    const s = await stream(sb, '/v1/messages', { ...body, stream: true }, mAuth)
    const types = s.events.map((e) => e.event)
    expect(types[0]).toBe('message_start')
    expect(types[1]).toBe('ping')
    expect(types.at(-1)).toBe('message_stop')
    expect(types.at(-2)).toBe('message_delta')
    expect(types).toContain('content_block_start')
    expect(types).toContain('content_block_stop')
    s.events.forEach((e) => expect(JSON.parse(e.data).type).toBe(e.event))
    expect(s.raw).not.toContain('[DONE]')
    const d = datas(s.events)
    expect(d[0].message).toMatchObject({ type: 'message', role: 'assistant', content: [], stop_reason: null })
    const text = d
      .filter((x) => x.delta?.type === 'text_delta')
      .map((x) => x.delta.text)
      .join('')
    const plain = await call(sb, 'POST', '/v1/messages', { headers: mAuth, body })
    expect(text).toBe(plain.json.content[0].text)
    expect(d.at(-2)).toMatchObject({
      delta: { stop_reason: 'end_turn' },
      usage: { output_tokens: plain.json.usage.output_tokens }
    })
  })

  it('emits thinking_delta and signature_delta for thinking, and tool input as input_json_delta', async () => {
    const s = await stream(
      sb,
      '/v1/messages',
      {
        ...body,
        stream: true,
        thinking: { type: 'enabled', budget_tokens: 2048 },
        tools: [
          {
            name: 'weather',
            description: 'w',
            input_schema: { type: 'object', properties: { city: { type: 'string' }, days: { type: 'integer' } } }
          }
        ]
      },
      mAuth
    )
    const d = datas(s.events)
    const starts = d.filter((x) => x.type === 'content_block_start').map((x) => x.content_block.type)
    expect(starts).toEqual(['thinking', 'text', 'tool_use'])
    const thinking = d.filter((x) => x.delta?.type === 'thinking_delta')
    expect(thinking.length).toBeGreaterThan(1)
    const sigIdx = d.findIndex((x) => x.delta?.type === 'signature_delta')
    expect(d[sigIdx + 1]).toEqual({ type: 'content_block_stop', index: 0 })
    const json = d
      .filter((x) => x.delta?.type === 'input_json_delta')
      .map((x) => x.delta.partial_json)
      .join('')
    const input = JSON.parse(json)
    expect(typeof input.city).toBe('string')
    expect(Number.isInteger(input.days)).toBe(true)
    expect(d.find((x) => x.type === 'message_delta').delta.stop_reason).toBe('tool_use')
    const think = await call(sb, 'POST', '/v1/messages', {
      headers: mAuth,
      body: { ...body, model: 'claude-sonnet-4-5-think' }
    })
    expect(think.json.content[0]).toMatchObject({
      type: 'thinking',
      thinking: expect.any(String),
      signature: expect.any(String)
    })
  })

  it('stops at max_tokens and stop sequences', async () => {
    const r = await call(sb, 'POST', '/v1/messages', { headers: mAuth, body: { ...body, max_tokens: 4 } })
    expect(r.json.stop_reason).toBe('max_tokens')
    const s = await call(sb, 'POST', '/v1/messages', { headers: mAuth, body: { ...body, stop_sequences: ['```'] } })
    expect(s.json).toMatchObject({ stop_reason: 'stop_sequence', stop_sequence: '```' })
    expect(s.json.content[0].text).not.toContain('```')
  })

  it('validates with the Claude error shape and HTTP 500 invalid_request', async () => {
    for (const [b, pattern] of [
      [{ model: 'claude-sonnet-4-5' }, /field messages is required/],
      [{ ...body, messages: [{ role: 'system', content: 'x' }] }, /role/],
      [{ ...body, max_tokens: 'lots' }, /max_tokens/],
      [{ ...body, thinking: { type: 'enabled' } }, /budget_tokens/],
      [{ ...body, tools: [{ description: 'no name' }] }, /name/]
    ] as const) {
      const r = await call(sb, 'POST', '/v1/messages', { headers: mAuth, body: b })
      expect(r.status).toBe(500)
      expect(keysOf(r.json)).toEqual(['error', 'type'])
      expect(r.json.type).toBe('error')
      expect(r.json.error.type).toBe('new_api_error')
      expect(r.json.error.message).toMatch(pattern)
    }
  })
})
