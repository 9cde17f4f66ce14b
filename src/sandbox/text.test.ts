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
