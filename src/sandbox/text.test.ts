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

describe('content format', () => {
  const path = '/v1beta/models/gemini-2.5-flash:generateContent'
  const body = { contents: [{ role: 'user', parts: [{ text: 'Describe a lighthouse' }] }] }

  it('GET /v1beta/models lists bare names with null metadata', async () => {
    const r = await call(sb, 'GET', '/v1beta/models', { headers: auth })
    expect(r.status).toBe(200)
    expect(keysOf(r.json)).toEqual(['models', 'nextPageToken'])
    expect(r.json.nextPageToken).toBeNull()
    const m = r.json.models.find((x: Json) => x.name === 'gemini-2.5-flash')
    expect(m).toEqual({
      name: 'gemini-2.5-flash',
      baseModelId: null,
      version: null,
      displayName: 'gemini-2.5-flash',
      description: null,
      inputTokenLimit: null,
      outputTokenLimit: null,
      supportedGenerationMethods: null,
      thinking: null,
      temperature: null,
      maxTemperature: null,
      topP: null,
      topK: null
    })
    expect(r.json.models.every((x: Json) => !x.name.startsWith('models/'))).toBe(true)
    for (const id of [
      'imagegen-4.0',
      'image-model-2',
      'vidq2-pro',
      'Kl-2.6',
      'gk-video-3',
      'vo3.1-fast-components',
      'claude-sonnet-4-5'
    ]) {
      expect(r.json.models.map((x: Json) => x.name)).toContain(id)
    }
    const lim = await call(sb, 'GET', '/v1beta/models?key=sk-text-limited')
    expect(lim.json.models.map((x: Json) => x.name)).toEqual(['gpt-4o-mini'])
  })

  it('answers the content-generation result field by field', async () => {
    const r = await call(sb, 'POST', path, { headers: auth, body })
    expect(r.status).toBe(200)
    const c = r.json.candidates[0]
    expect(c.content.role).toBe('model')
    expect(typeof c.content.parts[0].text).toBe('string')
    expect(c.content.parts[0].text).toMatch(/```ts[\s\S]*```/)
    expect(c.finishReason).toBe('STOP')
    expect(c.safetyRatings.map((s: Json) => s.category)).toEqual([
      'HARM_CATEGORY_HARASSMENT',
      'HARM_CATEGORY_HATE_SPEECH',
      'HARM_CATEGORY_SEXUALLY_EXPLICIT',
      'HARM_CATEGORY_DANGEROUS_CONTENT'
    ])
    expect(c.safetyRatings.every((s: Json) => s.probability === 'NEGLIGIBLE')).toBe(true)
    const u = r.json.usageMetadata
    expect(Number.isInteger(u.promptTokenCount) && Number.isInteger(u.candidatesTokenCount)).toBe(true)
    expect(u.totalTokenCount).toBe(u.promptTokenCount + u.candidatesTokenCount)
  })

  it('accepts Bearer, x-vendor-api-key and key=, and refuses without a key', async () => {
    expect((await call(sb, 'POST', path, { headers: { 'x-vendor-api-key': KEY }, body })).status).toBe(200)
    expect((await call(sb, 'POST', `${path}?key=${KEY}`, { body })).status).toBe(200)
    const none = await call(sb, 'POST', path, { body })
    expect(none.status).toBe(401)
    expect(none.json.error.type).toBe('new_api_error')
    // x-api-key belongs to the messages route only.
    expect((await call(sb, 'POST', path, { headers: { 'x-api-key': KEY }, body })).status).toBe(401)
  })

  it('streams SSE chunks without [DONE], finishReason and full usage only on the last, same text as plain', async () => {
    const plain = await call(sb, 'POST', path, { headers: auth, body })
    const s = await stream(sb, '/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse', body, auth)
    expect(s.res.headers.get('content-type')).toBe('text/event-stream')
    expect(s.raw).not.toContain('[DONE]')
    expect(s.raw).not.toMatch(/^event:/m)
    const chunks = datas(s.events)
    expect(chunks.length).toBeGreaterThan(5)
    chunks.slice(0, -1).forEach((c) => expect(c.candidates[0].finishReason).toBeUndefined())
    expect(chunks.at(-1).candidates[0].finishReason).toBe('STOP')
    expect(chunks.at(-1).usageMetadata).toEqual(plain.json.usageMetadata)
    expect(chunks.map((c) => c.candidates[0].content.parts[0].text).join('')).toBe(
      plain.json.candidates[0].content.parts[0].text
    )
  })

  it('matches a percent-encoded colon in the action', async () => {
    expect(
      (await call(sb, 'POST', '/v1beta/models/gemini-2.5-flash%3AgenerateContent', { headers: auth, body })).status
    ).toBe(200)
  })

  it('streams on :generateContent?alt=sse as newer gateways do', async () => {
    const s = await stream(sb, `${path}?alt=sse`, body, auth)
    expect(s.events.length).toBeGreaterThan(5)
  })

  it('honours maxOutputTokens with MAX_TOKENS, and answers function calls', async () => {
    const r = await call(sb, 'POST', path, {
      headers: auth,
      body: { ...body, generationConfig: { maxOutputTokens: 5 } }
    })
    expect(r.json.candidates[0].finishReason).toBe('MAX_TOKENS')
    expect(r.json.usageMetadata.candidatesTokenCount).toBeLessThanOrEqual(5)
    const f = await call(sb, 'POST', path, {
      headers: auth,
      body: {
        ...body,
        tools: [
          {
            functionDeclarations: [
              { name: 'lookup', parameters: { type: 'object', properties: { q: { type: 'string' } } } }
            ]
          }
        ]
      }
    })
    const call0 = f.json.candidates[0].content.parts.find((p: Json) => p.functionCall)
    expect(call0.functionCall.name).toBe('lookup')
    expect(typeof call0.functionCall.args.q).toBe('string')
  })

  it('validates contents, parts, roles and safety enums with 500 invalid_request', async () => {
    expectOpenAiValidation(await call(sb, 'POST', path, { headers: auth, body: {} }), /contents is required/)
    expectOpenAiValidation(
      await call(sb, 'POST', path, { headers: auth, body: { contents: [{ role: 'user' }] } }),
      /parts is required/
    )
    expectOpenAiValidation(
      await call(sb, 'POST', path, { headers: auth, body: { contents: [{ role: 'system', parts: [{ text: 'x' }] }] } }),
      /role/
    )
    expectOpenAiValidation(
      await call(sb, 'POST', path, {
        headers: auth,
        body: { ...body, safetySettings: [{ category: 'HARM_CATEGORY_NOPE', threshold: 'BLOCK_NONE' }] }
      }),
      /category/
    )
    expectOpenAiValidation(
      await call(sb, 'POST', path, {
        headers: auth,
        body: { ...body, safetySettings: [{ category: 'HARM_CATEGORY_HARASSMENT', threshold: 'BLOCK_SOME' }] }
      }),
      /threshold/
    )
    expectOpenAiValidation(await call(sb, 'POST', path, { headers: auth, raw: '{"contents": [' }), /invalid character/)
    const ok = await call(sb, 'POST', path, {
      headers: auth,
      body: { ...body, safetySettings: [{ category: 'HARM_CATEGORY_HATE_SPEECH', threshold: 'BLOCK_ONLY_HIGH' }] }
    })
    expect(ok.status).toBe(200)
  })

  it('answers 503 model_not_found for an unknown model and 403 for a model outside the key allow-list', async () => {
    const r = await call(sb, 'POST', '/v1beta/models/no-such-model:generateContent', { headers: auth, body })
    expect(r.status).toBe(503)
    expect(r.json.error.code).toBe('model_not_found')
    expect(r.json.error.type).toBe('new_api_error')
    expect(r.json.error.message).toMatch(
      /^No available channel for model no-such-model under group default \(distributor\) \(request id: \d+\)$/
    )
    const l = await call(sb, 'POST', path, { headers: bearer('sk-text-limited'), body })
    expect(l.status).toBe(403)
    expect(l.json.error.message).toMatch(/This token has no access to model gemini-2.5-flash/)
  })
})

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
