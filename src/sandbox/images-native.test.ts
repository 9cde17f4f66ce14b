import { describe, expect, it } from 'vitest'
import { sniffImage } from './media/index.js'
import { type Json, bearer, call, keysOf, sandboxForFile } from './testing/util.js'

const KEY = 'sk-img-key'
const sb = await sandboxForFile({ keys: [{ key: KEY, name: 'img' }] })
const auth = bearer(KEY)

async function download(url: string): Promise<Buffer> {
  const r = await fetch(url)
  expect(r.status).toBe(200)
  return Buffer.from(await r.arrayBuffer())
}

function expectValidation(r: { status: number; json: Json }, pattern: RegExp) {
  expect(r.status).toBe(500)
  expect(r.json.error).toMatchObject({ code: 'invalid_request', type: 'new_api_error', param: '' })
  expect(r.json.error.message).toMatch(pattern)
}

describe('native image task', () => {
  const submit = '/imgnative?Action=CVSync2AsyncSubmitTask&Version=2022-08-31'
  const result = '/imgnative?Action=CVSync2AsyncGetResult&Version=2022-08-31'
  const body = {
    req_key: 'imagegen_t2i_v40',
    model: 'imagegen-4.0',
    prompt: 'a harbour at dusk',
    width: 1024,
    height: 1024
  }

  it('submits with code/status 10000 and every field of the submission result', async () => {
    const r = await call(sb, 'POST', submit, { headers: auth, body })
    expect(r.status).toBe(200)
    expect(keysOf(r.json)).toEqual(['code', 'data', 'message', 'request_id', 'status', 'time_elapsed'])
    expect(r.json.code).toBe(10000)
    expect(r.json.status).toBe(10000)
    expect(r.json.data).toEqual({ task_id: expect.stringMatching(/^\d{19}$/), status: 'submitted' })
    expect(typeof r.json.message).toBe('string')
    expect(typeof r.json.request_id).toBe('string')
    expect(r.json.time_elapsed).toMatch(/^\d+ms$/)
  })

  it('answers generating, then success with image_urls (return_url) or base64', async () => {
    // Speed 1: the task stays "generating" until the test advances time, however busy the machine is.
    const sb = await sandboxForFile({ speed: 1, keys: [{ key: KEY, name: 'img' }] })
    const s = await call(sb, 'POST', submit, { headers: auth, body })
    const task_id = s.json.data.task_id
    const q = { req_key: 'imagegen_t2i_v40', task_id, req_json: '{"return_url":true}' }
    const early = await call(sb, 'POST', result, { headers: auth, body: q })
    expect(early.json).toMatchObject({
      code: 10000,
      status: 10000,
      message: 'Success',
      data: { binary_data_base64: [], image_urls: null, status: 'generating' }
    })
    sb.advance(60)
    const done = await call(sb, 'POST', result, { headers: auth, body: q })
    expect(done.json.data.status).toBe('success')
    expect(done.json.data.binary_data_base64).toEqual([])
    expect(sniffImage(await download(done.json.data.image_urls[0]))).toEqual({
      format: 'jpeg',
      width: 1024,
      height: 1024
    })
    const b64 = await call(sb, 'POST', result, { headers: auth, body: { req_key: 'imagegen_t2i_v40', task_id } })
    expect(b64.json.data.image_urls).toBeNull()
    expect(sniffImage(Buffer.from(b64.json.data.binary_data_base64[0], 'base64'))).toMatchObject({ width: 1024 })
  })

  it('fails tasks on request (sandbox:fail) and refunds the charge', async () => {
    sb.addKey({ key: 'sk-img-fail', quota: 1_000_000 })
    const s = await call(sb, 'POST', submit, {
      headers: bearer('sk-img-fail'),
      body: { ...body, prompt: 'x sandbox:fail' }
    })
    expect(sb.account('sk-img-fail')?.used).toBe(15_000)
    sb.advance(60)
    const r = await call(sb, 'POST', result, {
      headers: bearer('sk-img-fail'),
      body: { req_key: 'imagegen_t2i_v40', task_id: s.json.data.task_id }
    })
    expect(r.json.data.status).toBe('failed')
    expect(sb.account('sk-img-fail')?.used).toBe(0)
  })

  it('validates Action, Version, req_key, prompt, image_urls count and area', async () => {
    expectValidation(
      await call(sb, 'POST', '/imgnative?Action=CVSync2AsyncSubmitTask&Version=2023-01-01', { headers: auth, body }),
      /Version/
    )
    expectValidation(
      await call(sb, 'POST', '/imgnative?Action=Nope&Version=2022-08-31', { headers: auth, body }),
      /Action/
    )
    expectValidation(await call(sb, 'POST', submit, { headers: auth, body: { ...body, req_key: 'other' } }), /req_key/)
    expectValidation(
      await call(sb, 'POST', submit, { headers: auth, body: { ...body, prompt: undefined } }),
      /prompt is required/
    )
    expectValidation(
      await call(sb, 'POST', submit, {
        headers: auth,
        body: { ...body, image_urls: Array(11).fill('https://x/y.png') }
      }),
      /image_urls/
    )
    expectValidation(
      await call(sb, 'POST', submit, { headers: auth, body: { ...body, width: 512, height: 512 } }),
      /width \* height/
    )
    expectValidation(await call(sb, 'POST', submit, { headers: auth, body: { ...body, size: 100 } }), /size/)
    expectValidation(
      await call(sb, 'POST', submit, { headers: auth, body: { ...body, resolution: '8k' } }),
      /resolution/
    )
    const gone = await call(sb, 'POST', result, {
      headers: auth,
      body: { req_key: 'imagegen_t2i_v40', task_id: '123' }
    })
    expect(gone.status).toBe(400)
    expect(gone.json).toEqual({ code: 'task_not_exist', message: 'task_not_exist', data: null })
  })
})
