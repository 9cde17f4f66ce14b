import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { ALT_NAMING, modelNames, namesPlaying, STANDIN_NAMING, startSandbox, type SandboxNaming } from './index.js'
import { type Json, bearer, call, sandboxForFile } from './testing/util.js'

const KEY = 'sk-alt-names'
// Speed 1: tasks move only when the test advances task time.
const sb = await sandboxForFile({ speed: 1, naming: 'alt', keys: [{ key: KEY, name: 'alt' }] })
const std = await sandboxForFile({ speed: 1, keys: [{ key: KEY, name: 'standin' }] })
const auth = bearer(KEY)

/** The alt name that plays a stand-in model's part. */
function alt(standin: string): string {
  const [name] = namesPlaying(ALT_NAMING, standin)
  if (!name) throw new Error(`no alt model plays ${standin}`)
  return name
}

function expectNoChannel(r: { status: number; json: Json }, model: string) {
  expect(r.status).toBe(503)
  expect(r.json.error.code).toBe('model_not_found')
  expect(r.json.error.message).toContain(`model ${model} under group`)
}

function expectNoRoute(r: { status: number; json: Json }, method: string, path: string) {
  expect(r.status).toBe(404)
  expect(r.json.error.message).toBe(`Invalid URL (${method} ${path})`)
}

async function download(url: string): Promise<Buffer> {
  const r = await fetch(url)
  expect(r.status).toBe(200)
  return Buffer.from(await r.arrayBuffer())
}

describe('the naming table', () => {
  it('the two namings share no model, path or header, and every alt model plays a stand-in of its own family', () => {
    const standin = new Set(modelNames(STANDIN_NAMING))
    expect(modelNames(ALT_NAMING).filter((n) => standin.has(n))).toEqual([])
    for (const k of [
      'nativeModel',
      'nativeReqKey',
      'nativePath',
      'assetPrefix',
      'versionHeader',
      'contentKeyHeader'
    ] as const)
      expect(ALT_NAMING[k]).not.toBe(STANDIN_NAMING[k])
    for (const [family, list] of Object.entries(ALT_NAMING.models)) {
      const own = STANDIN_NAMING.models[family as keyof SandboxNaming['models']]
      for (const m of list)
        expect(own, `${family}: ${JSON.stringify(m)}`).toContain(typeof m === 'string' ? m : m.plays)
    }
    expect(sb.naming.id).toBe('alt')
    expect(std.naming.id).toBe('standin')
  })

  it('a naming with a mistake is refused at start, not as a 404 later', async () => {
    const bad: SandboxNaming = { ...ALT_NAMING, id: 'bad', nativeModel: 'not-listed', assetPrefix: '/no-slash' }
    await expect(startSandbox({ naming: bad, quiet: true })).rejects.toThrow(
      /nativeModel not-listed must be one of models.imageGen1.*assetPrefix/
    )
  })

  it('a model that plays no stand-in gets its family defaults', async () => {
    const own: SandboxNaming = {
      ...ALT_NAMING,
      id: 'own',
      models: { ...ALT_NAMING.models, videoMultipart: ['tapestry'] }
    }
    const s = await startSandbox({ naming: own, speed: 1, quiet: true, keys: [{ key: KEY }] })
    try {
      const fd = new FormData()
      for (const [k, v] of Object.entries({ model: 'tapestry', prompt: 'p', seconds: '4' })) fd.append(k, v)
      const j = (await (await fetch(`${s.url}/v1/videos`, { method: 'POST', headers: auth, body: fd })).json()) as Json
      expect(j.seconds).toBe('4')
      expect(s.account(KEY)?.used).toBe(4 * 20_000)
    } finally {
      await s.close()
    }
  })
})

describe('alt naming: images', () => {
  it('generates in the first family (`<w>*<h>`) and the second (`<w>x<h>`, b64)', async () => {
    const first = await call(sb, 'POST', '/v1/images/generations', {
      headers: auth,
      body: { model: 'pixa-2', prompt: 'a fox', n: 1, size: '64*48' }
    })
    expect(first.status).toBe(200)
    expect(first.json.data[0].size).toBe('64x48')
    expect((await sharp(await download(first.json.data[0].url)).metadata()).width).toBe(64)
    const second = await call(sb, 'POST', '/v1/images/generations', {
      headers: auth,
      body: { model: 'canvas-x', prompt: 'a fox', size: '1024x1024', response_format: 'b64_json' }
    })
    expect(second.status).toBe(200)
    expect(second.json.data[0].b64_json.length).toBeGreaterThan(100)
    // Each body keeps to its family: the second family's size form is refused by the first.
    expect(
      (
        await call(sb, 'POST', '/v1/images/generations', {
          headers: auth,
          body: { model: 'pixa-2-hd', prompt: 'x', n: 1, size: '64x48' }
        })
      ).json.error.message
    ).toMatch(/<width>\*<height>/)
  })

  it('runs the native task at its own path with its own req_key, and refuses the stand-in ones', async () => {
    const path = ALT_NAMING.nativePath
    const submit = await call(sb, 'POST', `${path}?Action=CVSync2AsyncSubmitTask&Version=2022-08-31`, {
      headers: auth,
      body: {
        req_key: ALT_NAMING.nativeReqKey,
        model: ALT_NAMING.nativeModel,
        prompt: 'a lighthouse',
        resolution: '1k'
      }
    })
    expect(submit.json).toMatchObject({ code: 10000, status: 10000, data: { status: 'submitted' } })
    sb.advance(60)
    const result = await call(sb, 'POST', `${path}?Action=CVSync2AsyncGetResult&Version=2022-08-31`, {
      headers: auth,
      body: { req_key: ALT_NAMING.nativeReqKey, task_id: submit.json.data.task_id, req_json: '{"return_url":true}' }
    })
    expect(result.json.data.status).toBe('success')
    expect((await download(result.json.data.image_urls[0])).length).toBeGreaterThan(100)

    const wrongKey = await call(sb, 'POST', `${path}?Action=CVSync2AsyncSubmitTask&Version=2022-08-31`, {
      headers: auth,
      body: { req_key: STANDIN_NAMING.nativeReqKey, model: 'pixa-2', prompt: 'x' }
    })
    expect(wrongKey.json.error.message).toMatch(
      new RegExp(`^field req_key must be ${ALT_NAMING.nativeReqKey} \\(request id`)
    )
    const wrongModel = await call(sb, 'POST', `${path}?Action=CVSync2AsyncSubmitTask&Version=2022-08-31`, {
      headers: auth,
      body: { req_key: ALT_NAMING.nativeReqKey, model: 'pixa-2-hd', prompt: 'x' }
    })
    expect(wrongModel.json.error.message).toMatch(/^field model must be pixa-2 \(request id/)
    expectNoRoute(
      await call(sb, 'POST', '/imgnative?Action=CVSync2AsyncSubmitTask&Version=2022-08-31', {
        headers: auth,
        body: {}
      }),
      'POST',
      '/imgnative'
    )
    expectNoRoute(
      await call(std, 'POST', `${path}?Action=CVSync2AsyncSubmitTask&Version=2022-08-31`, { headers: auth, body: {} }),
      'POST',
      path
    )
  })

  it('edits with a mask: the edit model repaints only the transparent half; the native edit family takes one file', async () => {
    const W = 32
    const H = 16
    const source = await sharp({
      create: { width: W, height: H, channels: 4, background: { r: 10, g: 120, b: 200, alpha: 1 } }
    })
      .png()
      .toBuffer()
    const raw = Buffer.alloc(W * H * 4)
    for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) raw[(y * W + x) * 4 + 3] = x < W / 2 ? 0 : 255
    const mask = await sharp(raw, { raw: { width: W, height: H, channels: 4 } })
      .png()
      .toBuffer()
    const form = (model: string, images: number) => {
      const fd = new FormData()
      fd.append('model', model)
      fd.append('prompt', 'paint a sun')
      for (let i = 0; i < images; i++)
        fd.append('image[]', new Blob([new Uint8Array(source)], { type: 'image/png' }), `in${i}.png`)
      fd.append('mask', new Blob([new Uint8Array(mask)], { type: 'image/png' }), 'mask.png')
      return fd
    }
    const res = await fetch(`${sb.url}/v1/images/edits`, {
      method: 'POST',
      headers: auth,
      body: form(alt('image-model-1'), 2)
    })
    expect(res.status).toBe(200)
    const out = await sharp(await download(((await res.json()) as Json).data[0].url))
      .ensureAlpha()
      .raw()
      .toBuffer()
    const before = await sharp(source).ensureAlpha().raw().toBuffer()
    const changed = (from: number, to: number) => {
      let n = 0
      for (let y = 0; y < H; y++)
        for (let x = from; x < to; x++)
          n += before
            .subarray((y * W + x) * 4, (y * W + x) * 4 + 4)
            .compare(out.subarray((y * W + x) * 4, (y * W + x) * 4 + 4))
            ? 1
            : 0
      return n
    }
    expect(changed(W / 2, W)).toBe(0)
    expect(changed(0, W / 2)).toBeGreaterThan((W * H) / 4)
    const native = await fetch(`${sb.url}/v1/images/edits`, {
      method: 'POST',
      headers: auth,
      body: form(alt('imagegen-4.0'), 2)
    })
    expect(((await native.json()) as Json).error.message).toMatch(/single image file/)
  })
})

describe('alt naming: assets, text and headers', () => {
  it('imports an asset under its own prefix to Active; the stand-in prefix is an unknown path', async () => {
    const P = ALT_NAMING.assetPrefix
    const g = await call(sb, 'POST', `${P}CreateAssetGroup`, { headers: auth, body: { Name: 'refs' } })
    const a = await call(sb, 'POST', `${P}CreateAsset`, {
      headers: auth,
      body: { GroupId: g.json.data.Id, URL: 'https://example.com/ref.png', AssetType: 'Image', Name: 'ref' }
    })
    expect(a.json.state).toBe(1)
    sb.advance(60)
    const got = await call(sb, 'POST', `${P}GetAsset`, { headers: auth, body: { task_id: a.json.data.task_id } })
    expect(got.json.data.Status).toBe('Active')
    expectNoRoute(
      await call(sb, 'POST', '/v1/vendor/asset/CreateAssetGroup', { headers: auth, body: { Name: 'x' } }),
      'POST',
      '/v1/vendor/asset/CreateAssetGroup'
    )
    expectNoRoute(
      await call(std, 'POST', `${P}CreateAssetGroup`, { headers: auth, body: { Name: 'x' } }),
      'POST',
      `${P}CreateAssetGroup`
    )
  })

  it('messages: reads its own version header, and ignores the stand-in one as any unknown header', async () => {
    const body = { model: alt('claude-haiku-4-5'), max_tokens: 20, messages: [{ role: 'user', content: 'hi' }] }
    const ok = await call(sb, 'POST', '/v1/messages', {
      headers: { 'x-api-key': KEY, [ALT_NAMING.versionHeader]: '2023-06-01' },
      body
    })
    expect(ok.status).toBe(200)
    expect(ok.json.model).toBe(body.model)
    const bad = await call(sb, 'POST', '/v1/messages', {
      headers: { 'x-api-key': KEY, [ALT_NAMING.versionHeader]: 'latest' },
      body
    })
    expect(bad.status).toBe(500)
    expect(bad.json.error.message).toContain(`header ${ALT_NAMING.versionHeader} must be a version date`)
    expect(
      (await call(sb, 'POST', '/v1/messages', { headers: { 'x-api-key': KEY, 'vendor-version': 'latest' }, body }))
        .status
    ).toBe(200)
    const standinBody = { ...body, model: 'claude-haiku-4-5' }
    expect(
      (
        await call(std, 'POST', '/v1/messages', {
          headers: { 'x-api-key': KEY, 'vendor-version': 'latest' },
          body: standinBody
        })
      ).status
    ).toBe(500)
    expect(
      (
        await call(std, 'POST', '/v1/messages', {
          headers: { 'x-api-key': KEY, [ALT_NAMING.versionHeader]: 'latest' },
          body: standinBody
        })
      ).status
    ).toBe(200)
  })

  it('the content format takes its own key header, not the stand-in one; thinking follows the part a model plays', async () => {
    const path = `/v1beta/models/${alt('gemini-2.5-flash-thinking')}:generateContent`
    const body = { contents: [{ role: 'user', parts: [{ text: 'hi' }] }] }
    const ok = await call(sb, 'POST', path, { headers: { [ALT_NAMING.contentKeyHeader]: KEY }, body })
    expect(ok.status).toBe(200)
    expect(ok.json.candidates[0].content.parts.some((p: Json) => p.thought === true)).toBe(true)
    expect((await call(sb, 'POST', path, { headers: { 'x-vendor-api-key': KEY }, body })).status).toBe(401)
    expect(
      (
        await call(std, 'POST', '/v1beta/models/gemini-2.5-flash:generateContent', {
          headers: { [ALT_NAMING.contentKeyHeader]: KEY },
          body
        })
      ).status
    ).toBe(401)
  })
})

describe('refusals of the other naming', () => {
  const routes: Array<{
    family: keyof SandboxNaming['models']
    send: (s: { url: string }, model: string) => Promise<{ status: number; json: Json }>
  }> = [
    {
      family: 'chat',
      send: (s, model) =>
        call(s, 'POST', '/v1/chat/completions', {
          headers: auth,
          body: { model, messages: [{ role: 'user', content: 'x' }] }
        })
    },
    {
      family: 'imageGen1',
      send: (s, model) =>
        call(s, 'POST', '/v1/images/generations', { headers: auth, body: { model, prompt: 'x', n: 1 } })
    },
    {
      family: 'imageGen2',
      send: (s, model) => call(s, 'POST', '/v1/images/generations', { headers: auth, body: { model, prompt: 'x' } })
    },
    {
      family: 'imageEdit',
      send: (s, model) => call(s, 'POST', '/v1/images/edits', { headers: auth, body: { model, prompt: 'x' } })
    },
    {
      family: 'videoUnified1',
      send: (s, model) => call(s, 'POST', '/v1/video/create', { headers: auth, body: { model, images: [] } })
    },
    {
      family: 'videoUnified2',
      send: (s, model) => call(s, 'POST', '/v1/video/create', { headers: auth, body: { model, images: [] } })
    },
    {
      family: 'videoJson',
      send: (s, model) => call(s, 'POST', '/v1/videos', { headers: auth, body: { model, prompt: 'x' } })
    },
    {
      family: 'videoMultipart',
      send: (s, model) => call(s, 'POST', '/v1/videos', { headers: auth, body: { model, prompt: 'x' } })
    }
  ]
  for (const { family, send } of routes) {
    it(`${family}: every stand-in name is unknown to the alt sandbox, and every alt name to the stand-in one`, async () => {
      for (const m of STANDIN_NAMING.models[family]) expectNoChannel(await send(sb, m as string), m as string)
      for (const m of ALT_NAMING.models[family]) {
        const name = typeof m === 'string' ? m : m.name
        expectNoChannel(await send(std, name), name)
      }
      expect(
        sb
          .log()
          .filter((e) => e.status === 503)
          .every((e) => !e.paid)
      ).toBe(true)
    })
  }
})
