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

describe('POST /v1/images/generations, first family', () => {
  it('renders n real JPEGs at the <w>*<h> size, served from the CDN origin without auth', async () => {
    const r = await call(sb, 'POST', '/v1/images/generations', {
      headers: auth,
      body: { model: 'imagegen-4.0', prompt: 'a red fox', n: 2, size: '320*200' }
    })
    expect(r.status).toBe(200)
    expect(keysOf(r.json)).toEqual(['created', 'data'])
    expect(Math.abs(r.json.created - Date.now() / 1000)).toBeLessThan(5)
    expect(r.json.data).toHaveLength(2)
    for (const d of r.json.data) {
      expect(d.url.startsWith(sb.cdnUrl + '/files/')).toBe(true)
      const bytes = await download(d.url)
      expect(sniffImage(bytes)).toEqual({ format: 'jpeg', width: 320, height: 200 })
    }
    expect(r.json.data[0].url).not.toBe(r.json.data[1].url)
  })

  it('derives the size from ratio and resolution, and honours output_format', async () => {
    const r = await call(sb, 'POST', '/v1/images/generations', {
      headers: auth,
      body: { model: 'imagegen-4.5', prompt: 'x', n: 1, ratio: '16:9', resolution: '1k', output_format: 'webp' }
    })
    const s = sniffImage(await download(r.json.data[0].url))!
    expect(s.format).toBe('webp')
    expect(s.width / s.height).toBeCloseTo(16 / 9, 1)
    expect(s.width * s.height).toBeGreaterThan(0.9 * 1024 * 1024)
  })

  it('is deterministic from prompt and seed', async () => {
    const body = { model: 'imagegen-4.0', prompt: 'same', n: 1, size: '64*64', seed: 7 }
    const a = await download(
      (await call(sb, 'POST', '/v1/images/generations', { headers: auth, body })).json.data[0].url
    )
    const b = await download(
      (await call(sb, 'POST', '/v1/images/generations', { headers: auth, body })).json.data[0].url
    )
    const c = await download(
      (await call(sb, 'POST', '/v1/images/generations', { headers: auth, body: { ...body, seed: 8 } })).json.data[0].url
    )
    expect(a.equals(b)).toBe(true)
    expect(a.equals(c)).toBe(false)
  })

  it('requires prompt and n, and checks size, ratio and resolution', async () => {
    const base = { model: 'imagegen-4.0', prompt: 'x', n: 1 }
    expectValidation(
      await call(sb, 'POST', '/v1/images/generations', { headers: auth, body: { model: 'imagegen-4.0', n: 1 } }),
      /prompt is required/
    )
    expectValidation(
      await call(sb, 'POST', '/v1/images/generations', { headers: auth, body: { model: 'imagegen-4.0', prompt: 'x' } }),
      /n is required/
    )
    expectValidation(
      await call(sb, 'POST', '/v1/images/generations', { headers: auth, body: { ...base, size: '1024x1024' } }),
      /size/
    )
    expectValidation(
      await call(sb, 'POST', '/v1/images/generations', { headers: auth, body: { ...base, ratio: '5:4' } }),
      /ratio/
    )
    expectValidation(
      await call(sb, 'POST', '/v1/images/generations', { headers: auth, body: { ...base, resolution: '8k' } }),
      /resolution/
    )
    expectValidation(
      await call(sb, 'POST', '/v1/images/generations', { headers: auth, body: { ...base, image: ['not a url'] } }),
      /image/
    )
  })
})

describe('POST /v1/images/generations, second family', () => {
  it('returns b64_json PNGs at the tier size, and 0 or absent n becomes 1', async () => {
    const r = await call(sb, 'POST', '/v1/images/generations', {
      headers: auth,
      body: { model: 'image-model-2', prompt: 'a cat', n: 0, size: '1024x1536', response_format: 'b64_json' }
    })
    expect(r.json.data).toHaveLength(1)
    expect(r.json.data[0].url).toBeUndefined()
    expect(sniffImage(Buffer.from(r.json.data[0].b64_json, 'base64'))).toEqual({
      format: 'png',
      width: 1024,
      height: 1536
    })
  })

  it('maps ratio presets and moves odd sizes to the nearest tier with the intent in revised_prompt', async () => {
    const p = await call(sb, 'POST', '/v1/images/generations', {
      headers: auth,
      body: { model: 'image-model-2', prompt: 'p', ratio: '16:9' }
    })
    expect(sniffImage(await download(p.json.data[0].url))).toMatchObject({ width: 1920, height: 1080 })
    const o = await call(sb, 'POST', '/v1/images/generations', {
      headers: auth,
      body: { model: 'image-model-2', prompt: 'wide', size: '2000x1000' }
    })
    expect(o.json.data[0].revised_prompt).toBe('wide (aspect ratio 2000:1000)')
    expect(sniffImage(await download(o.json.data[0].url))).toMatchObject({ width: 1920, height: 1080 })
  })

  it('validates response_format, size and watermark', async () => {
    const base = { model: 'image-model-2', prompt: 'x' }
    expectValidation(
      await call(sb, 'POST', '/v1/images/generations', { headers: auth, body: { ...base, response_format: 'png' } }),
      /response_format/
    )
    expectValidation(
      await call(sb, 'POST', '/v1/images/generations', { headers: auth, body: { ...base, size: '1024*1024' } }),
      /size/
    )
    expectValidation(
      await call(sb, 'POST', '/v1/images/generations', { headers: auth, body: { ...base, watermark: 'no' } }),
      /watermark/
    )
    expectValidation(
      await call(sb, 'POST', '/v1/images/generations', { headers: auth, body: { model: 'image-model-2' } }),
      /prompt is required/
    )
  })

  it('charges per image and logs the create as paid', async () => {
    sb.addKey({ key: 'sk-img-acct', quota: 100_000 })
    sb.clearLog()
    await call(sb, 'POST', '/v1/images/generations', {
      headers: bearer('sk-img-acct'),
      body: { model: 'image-model-2', prompt: 'x', n: 2 }
    })
    expect(sb.account('sk-img-acct')).toMatchObject({ used: 40_000, quotaRemaining: 60_000 })
    expect(sb.log()[0]).toMatchObject({ route: 'image.generate', paid: true })
    const r = await call(sb, 'POST', '/v1/images/generations', {
      headers: bearer('sk-img-acct'),
      body: { model: 'image-model-2', prompt: 'x', n: 4 }
    })
    expect(r.status).toBe(403)
    expect(r.json.error.code).toBe('insufficient_user_quota')
    expect(sb.account('sk-img-acct')?.used).toBe(40_000)
    expect(sb.log().at(-1)).toMatchObject({ paid: false, status: 403 })
  })
})
