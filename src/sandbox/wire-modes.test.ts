import { describe, expect, it } from 'vitest'
import { bearer, call, sandboxForFile } from './testing/util.js'

/** The answer shapes of live gateways the sandbox sends on request (error-200, create-failed, native-code, data-url, no-sse, forbidden). */
const KEY = 'sk-wire-modes'
const sb = await sandboxForFile({ keys: [{ key: KEY, name: 'wire', quota: 100_000_000 }] })
const auth = (fault?: string) => bearer(KEY, fault ? { 'x-sandbox-fault': fault } : {})
const vidq = { model: 'vidq2-pro', images: [], prompt: 'a paper boat', duration: 5 }
const submit = '/imgnative?Action=CVSync2AsyncSubmitTask&Version=2022-08-31'
const native = {
  req_key: 'imagegen_t2i_v40',
  model: 'imagegen-4.0',
  prompt: 'a harbour at dusk',
  width: 1024,
  height: 1024
}

describe('sandbox wire modes', () => {
  it('error-200: status 200 with the upstream error object and its code, nothing executed', async () => {
    const before = sb.log().filter((e) => e.paid).length
    const r = await call(sb, 'POST', '/v1/video/create', { headers: auth('error-200=content_policy'), body: vidq })
    expect(r.status).toBe(200)
    expect(r.json.error).toMatchObject({ type: 'upstream_error', code: 'content_policy' })
    expect(r.json.error.message).toMatch(/refused upstream \(request id: /)
    expect(sb.log().filter((e) => e.paid).length).toBe(before)
  })

  it('create-failed: the create answer says failed with the reason, and so does every query', async () => {
    const r = await call(sb, 'POST', '/v1/video/create', { headers: auth('create-failed=FAILURE'), body: vidq })
    expect(r.json).toMatchObject({ status: 'FAILURE', error: { code: 'upstream_refused' } })
    const q = await call(sb, 'GET', `/v1/video/query?id=${encodeURIComponent(r.json.task_id)}`, { headers: auth() })
    expect(q.json.status).toBe('failed')
  })

  it('native-code: the submit code as a string, or left out, with data.task_id kept', async () => {
    const asString = await call(sb, 'POST', submit, { headers: auth('native-code=10000'), body: native })
    expect(asString.json.code).toBe('10000')
    expect(asString.json.data.task_id).toMatch(/^\d+$/)
    const missing = await call(sb, 'POST', submit, { headers: auth('native-code'), body: native })
    expect(missing.json).not.toHaveProperty('code')
    expect(missing.json.data.task_id).toMatch(/^\d+$/)
  })

  it('data-url: image results inline as data: URLs', async () => {
    const r = await call(sb, 'POST', '/v1/images/generations', {
      headers: auth('data-url'),
      body: { model: 'image-model-2', prompt: 'a lake', size: '1024x1024' }
    })
    expect(r.json.data[0].url).toMatch(/^data:image\/png;base64,iVBOR/)
  })

  it('no-sse: a stream request answered with one JSON object, or the array of its chunks', async () => {
    const messages = await call(sb, 'POST', '/v1/messages', {
      headers: auth('no-sse'),
      body: { model: 'claude-sonnet-4-5', max_tokens: 200, stream: true, messages: [{ role: 'user', content: 'hi' }] }
    })
    expect(messages.headers.get('content-type')).toMatch(/application\/json/)
    expect(messages.json).toMatchObject({ type: 'message', stop_reason: expect.any(String) })
    const path = '/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse'
    const body = { contents: [{ role: 'user', parts: [{ text: 'hi' }] }] }
    expect((await call(sb, 'POST', path, { headers: auth('no-sse'), body })).json.candidates[0].finishReason).toBe(
      'STOP'
    )
    const array = await call(sb, 'POST', path, { headers: auth('no-sse=array'), body })
    expect(Array.isArray(array.json)).toBe(true)
    expect(array.json.at(-1).candidates[0].finishReason).toBe('STOP')
  })

  it('forbidden: 403 with the gateway’s access refusal', async () => {
    const r = await call(sb, 'GET', '/v1/video/query?id=nope', { headers: auth('forbidden') })
    expect(r.status).toBe(403)
    expect(r.json.error.message).toMatch(/no access/)
  })
})
