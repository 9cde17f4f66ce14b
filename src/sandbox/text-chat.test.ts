import { describe, expect, it } from 'vitest'
import { type Json, bearer, call, datas, keysOf, sandboxForFile, stream } from './testing/util.js'

const KEY = 'sk-text-key'
const sb = await sandboxForFile({
  keys: [
    { key: KEY, name: 'text' },
    { key: 'sk-text-limited', modelLimits: { 'gpt-4o-mini': true } }
  ]
})
const auth = bearer(KEY)
const ERR_KEYS = ['code', 'message', 'param', 'type']

function expectOpenAiValidation(r: { status: number; json: Json }, pattern: RegExp) {
  expect(r.status).toBe(500)
  expect(keysOf(r.json.error)).toEqual(ERR_KEYS)
  expect(r.json.error.code).toBe('invalid_request')
  expect(r.json.error.type).toBe('new_api_error')
  expect(r.json.error.param).toBe('')
  expect(r.json.error.message).toMatch(pattern)
}

describe('legacy completions', () => {
  const body = { model: 'gpt-3.5-turbo-instruct', prompt: 'Once upon a time', max_tokens: 200 }

  it('answers the completion result field by field', async () => {
    const r = await call(sb, 'POST', '/v1/completions', { headers: auth, body })
    expect(keysOf(r.json)).toEqual(['choices', 'created', 'id', 'model', 'object', 'usage'])
    expect(r.json.object).toBe('text_completion')
    expect(Math.abs(r.json.created - Date.now() / 1000)).toBeLessThan(5)
    expect(r.json.choices[0]).toMatchObject({ index: 0, text: expect.any(String) })
    expect(['stop', 'length']).toContain(r.json.choices[0].finish_reason)
    const u = r.json.usage
    expect(u.total_tokens).toBe(u.prompt_tokens + u.completion_tokens)
  })

  it('streams text_completion chunks, a chat.completion.chunk usage chunk with choices [], then [DONE]', async () => {
    const s = await stream(sb, '/v1/completions', { ...body, stream: true }, auth)
    const d = datas(s.events)
    expect(d.at(-1)).toBe('[DONE]')
    const usage = d.at(-2)
    expect(usage).toMatchObject({ object: 'chat.completion.chunk', choices: [] })
    expect(keysOf(usage.usage)).toEqual(['completion_tokens', 'prompt_tokens', 'total_tokens'])
    const chunks = d.slice(0, -2)
    chunks.forEach((c) => expect(c.object).toBe('text_completion'))
    chunks.slice(0, -1).forEach((c) => expect(c.choices[0].finish_reason).toBeNull())
    expect(chunks.at(-1).choices[0].finish_reason).not.toBeNull()
    const none = await stream(
      sb,
      '/v1/completions',
      { ...body, stream: true, stream_options: { include_usage: false } },
      auth
    )
    expect(datas(none.events).some((c) => c?.object === 'chat.completion.chunk')).toBe(false)
  })

  it('requires prompt (500 invalid_request) and a model (400)', async () => {
    expectOpenAiValidation(
      await call(sb, 'POST', '/v1/completions', { headers: auth, body: { model: 'gpt-4o-mini' } }),
      /field prompt is required/
    )
    expectOpenAiValidation(
      await call(sb, 'POST', '/v1/completions', { headers: auth, body: { ...body, stop: 5 } }),
      /stop/
    )
    const m = await call(sb, 'POST', '/v1/completions', { headers: auth, body: { prompt: 'x' } })
    expect(m.status).toBe(400)
    expect(m.json.error.message).toMatch(/Model name not specified/)
  })
})

describe('chat completions', () => {
  const body = {
    model: 'gpt-4o-mini',
    messages: [
      { role: 'system', content: 'be brief' },
      { role: 'user', content: 'Hello' }
    ]
  }

  it('answers chat.completion and streams chunks ending in [DONE]', async () => {
    const r = await call(sb, 'POST', '/v1/chat/completions', { headers: auth, body })
    expect(r.json).toMatchObject({
      object: 'chat.completion',
      model: 'gpt-4o-mini',
      choices: [{ index: 0, message: { role: 'assistant' }, finish_reason: 'stop' }]
    })
    const s = await stream(sb, '/v1/chat/completions', { ...body, stream: true }, auth)
    const d = datas(s.events)
    expect(d.at(-1)).toBe('[DONE]')
    expect(d.at(-2).choices).toEqual([])
    expect(d[0].choices[0].delta).toEqual({ role: 'assistant', content: '' })
    const text = d
      .slice(0, -2)
      .map((c) => c.choices[0].delta.content ?? '')
      .join('')
    expect(text).toBe(r.json.choices[0].message.content)
  })

  it('streams tool calls as argument deltas', async () => {
    const tools = [
      {
        type: 'function',
        function: { name: 'find', parameters: { type: 'object', properties: { q: { type: 'string' } } } }
      }
    ]
    const s = await stream(sb, '/v1/chat/completions', { ...body, tools, stream: true }, auth)
    const d = datas(s.events).slice(0, -2)
    const args = d
      .flatMap((c) => c.choices[0].delta.tool_calls ?? [])
      .map((t: Json) => t.function.arguments)
      .join('')
    expect(JSON.parse(args)).toHaveProperty('q')
    expect(d.at(-1).choices[0].finish_reason).toBe('tool_calls')
  })

  it('validates messages', async () => {
    expectOpenAiValidation(
      await call(sb, 'POST', '/v1/chat/completions', { headers: auth, body: { model: 'gpt-4o-mini', messages: [] } }),
      /messages is required/
    )
    expectOpenAiValidation(
      await call(sb, 'POST', '/v1/chat/completions', {
        headers: auth,
        body: { model: 'gpt-4o-mini', messages: [{ role: 'robot', content: 'x' }] }
      }),
      /role/
    )
  })
})

describe('text accounting', () => {
  it('charges by model and marks the log entry paid', async () => {
    sb.addKey({ key: 'sk-text-acct', quota: 1_000_000 })
    sb.clearLog()
    await call(sb, 'POST', '/v1/chat/completions', {
      headers: bearer('sk-text-acct'),
      body: { model: 'gpt-4.1', messages: [{ role: 'user', content: 'hi' }] }
    })
    const a = sb.account('sk-text-acct')!
    expect(a.used).toBeGreaterThan(0)
    expect(a.quotaRemaining + a.used).toBe(1_000_000)
    expect(sb.log()[0]).toMatchObject({ route: 'text.chat', paid: true, status: 200 })
    const r = await call(sb, 'GET', '/api/usage/token/', { headers: bearer('sk-text-acct') })
    expect(r.json.data.total_used).toBe(a.used)
    const u = await call(sb, 'GET', '/dashboard/billing/usage', { headers: bearer('sk-text-acct') })
    expect(u.json.total_usage).toBeCloseTo((a.used / 500_000) * 100, 10)
  })

  it('refuses an exhausted key with 401', async () => {
    sb.addKey({ key: 'sk-text-zero', quota: 0 })
    const r = await call(sb, 'POST', '/v1/completions', {
      headers: bearer('sk-text-zero'),
      body: { model: 'gpt-4o-mini', prompt: 'x' }
    })
    expect(r.status).toBe(401)
  })
})
