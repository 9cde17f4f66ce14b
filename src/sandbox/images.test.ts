import sharp from 'sharp'
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

async function rgba(bytes: Buffer) {
  const { data, info } = await sharp(bytes).ensureAlpha().raw().toBuffer({ resolveWithObject: true })
  return { data, width: info.width, height: info.height }
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

describe('image edits', () => {
  const W = 48
  const H = 32
  let source: Buffer
  let mask: Buffer

  async function fixtures() {
    source ??= await sharp({
      create: { width: W, height: H, channels: 4, background: { r: 10, g: 120, b: 200, alpha: 1 } }
    })
      .png()
      .toBuffer()
    if (!mask) {
      const raw = Buffer.alloc(W * H * 4)
      for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) raw[(y * W + x) * 4 + 3] = x < W / 2 ? 0 : 255
      mask = await sharp(raw, { raw: { width: W, height: H, channels: 4 } })
        .png()
        .toBuffer()
    }
  }

  function form(fields: Record<string, string>, files: Array<[string, Buffer, string]>): FormData {
    const fd = new FormData()
    for (const [k, v] of Object.entries(fields)) fd.append(k, v)
    for (const [k, b, name] of files) fd.append(k, new Blob([new Uint8Array(b)], { type: 'image/png' }), name)
    return fd
  }

  async function expectMaskHonoured(bytes: Buffer) {
    const before = await rgba(source)
    const after = await rgba(bytes)
    expect([after.width, after.height]).toEqual([W, H])
    let changedKept = 0
    let changedPainted = 0
    for (let y = 0; y < H; y++)
      for (let x = 0; x < W; x++) {
        const o = (y * W + x) * 4
        const diff = before.data.subarray(o, o + 4).compare(after.data.subarray(o, o + 4)) !== 0
        if (x < W / 2) changedPainted += diff ? 1 : 0
        else changedKept += diff ? 1 : 0
      }
    expect(changedKept).toBe(0)
    expect(changedPainted).toBeGreaterThan((W * H) / 4)
  }

  for (const path of ['/v1/images/edits', '/v1/edits']) {
    it(`${path} multipart repaints only the transparent area of the mask`, async () => {
      await fixtures()
      const res = await fetch(sb.url + path, {
        method: 'POST',
        headers: auth,
        body: form({ model: 'image-model-1', prompt: 'paint a sun' }, [
          ['image', source, 'in.png'],
          ['mask', mask, 'mask.png']
        ])
      })
      const j = (await res.json()) as Json
      expect(res.status).toBe(200)
      expect(keysOf(j)).toEqual(['created', 'data'])
      await expectMaskHonoured(await download(j.data[0].url))
    })
  }

  it('takes image[] files and JSON bodies with base64, data URLs and our own URLs', async () => {
    await fixtures()
    const res = await fetch(sb.url + '/v1/images/edits', {
      method: 'POST',
      headers: auth,
      body: form({ model: 'image-model-1', prompt: 'p', response_format: 'b64_json' }, [
        ['image[]', source, 'a.png'],
        ['image[]', source, 'b.png'],
        ['mask', mask, 'm.png']
      ])
    })
    const j = (await res.json()) as Json
    await expectMaskHonoured(Buffer.from(j.data[0].b64_json, 'base64'))
    const viaJson = await call(sb, 'POST', '/v1/images/edits', {
      headers: auth,
      body: {
        model: 'image-model-1',
        prompt: 'p',
        image: `data:image/png;base64,${source.toString('base64')}`,
        mask: mask.toString('base64')
      }
    })
    expect(viaJson.status).toBe(200)
    await expectMaskHonoured(await download(viaJson.json.data[0].url))
    const gen = await call(sb, 'POST', '/v1/images/generations', {
      headers: auth,
      body: { model: 'image-model-2', prompt: 'base', size: '1024x1024' }
    })
    const viaUrl = await call(sb, 'POST', '/v1/edits', {
      headers: auth,
      body: { model: 'image-model-1', prompt: 'p', image: { url: gen.json.data[0].url }, n: 2 }
    })
    expect(viaUrl.json.data).toHaveLength(2)
    expect(sniffImage(await download(viaUrl.json.data[1].url))).toMatchObject({ width: 1024, height: 1024 })
  })

  it('without a mask repaints everything', async () => {
    await fixtures()
    const r = await call(sb, 'POST', '/v1/images/edits', {
      headers: auth,
      body: { model: 'image-model-1', prompt: 'all', image: source.toString('base64'), response_format: 'b64_json' }
    })
    const a = await rgba(source)
    const b = await rgba(Buffer.from(r.json.data[0].b64_json, 'base64'))
    expect(a.data.equals(b.data)).toBe(false)
  })

  it('validates: model (400), image, prompt, non-images, mask size, native single file, enums', async () => {
    await fixtures()
    const noModel = await fetch(sb.url + '/v1/images/edits', {
      method: 'POST',
      headers: auth,
      body: form({ prompt: 'p' }, [['image', source, 'a.png']])
    })
    expect(noModel.status).toBe(400)
    expect(((await noModel.json()) as Json).error.message).toMatch(/Model name not specified/)
    const b64 = source.toString('base64')
    expectValidation(
      await call(sb, 'POST', '/v1/images/edits', { headers: auth, body: { model: 'image-model-1', prompt: 'p' } }),
      /image is required/
    )
    expectValidation(
      await call(sb, 'POST', '/v1/images/edits', { headers: auth, body: { model: 'image-model-1', image: b64 } }),
      /prompt is required/
    )
    expectValidation(
      await call(sb, 'POST', '/v1/images/edits', {
        headers: auth,
        body: { model: 'image-model-1', prompt: 'p', image: Buffer.from('GIF89a....').toString('base64') }
      }),
      /png, jpeg or webp/
    )
    const smallMask = await sharp({
      create: { width: 8, height: 8, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } }
    })
      .png()
      .toBuffer()
    expectValidation(
      await call(sb, 'POST', '/v1/images/edits', {
        headers: auth,
        body: { model: 'image-model-1', prompt: 'p', image: b64, mask: smallMask.toString('base64') }
      }),
      /mask/
    )
    const two = await fetch(sb.url + '/v1/images/edits', {
      method: 'POST',
      headers: auth,
      body: form({ model: 'imagegen-4.0', prompt: 'p' }, [
        ['image[]', source, 'a.png'],
        ['image[]', source, 'b.png']
      ])
    })
    expect(two.status).toBe(500)
    expectValidation(
      await call(sb, 'POST', '/v1/images/edits', {
        headers: auth,
        body: { model: 'imagegen-4.0', prompt: 'p', image: b64, resolution: '3k' }
      }),
      /resolution/
    )
    expectValidation(
      await call(sb, 'POST', '/v1/images/edits', {
        headers: auth,
        body: { model: 'image-model-1', prompt: 'p', image: b64, quality: 'ultra' }
      }),
      /quality/
    )
    const na = await call(sb, 'POST', '/v1/images/edits', {
      headers: auth,
      body: { model: 'image-model-2', prompt: 'p', image: b64 }
    })
    expect(na.status).toBe(503)
  })
})

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
