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
