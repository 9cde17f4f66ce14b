import { describe, expect, it } from 'vitest'
import { startSandbox } from './index.js'
import { bearer, call, sandboxForFile } from './testing/util.js'

const KEY = 'sk-conf-key'
const sb = await sandboxForFile({ speed: 1, keys: [{ key: KEY, name: 'conf' }] })

/** Every route of the issue, with a body good enough to pass auth and reach its handler. */
const ROUTES: Array<[string, string, unknown?]> = [
  ['GET', '/v1beta/models'],
  ['POST', '/v1beta/models/gemini-2.5-flash:generateContent', { contents: [{ role: 'user', parts: [{ text: 'x' }] }] }],
  [
    'POST',
    '/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse',
    { contents: [{ role: 'user', parts: [{ text: 'x' }] }] }
  ],
  ['POST', '/v1/messages', { model: 'claude-haiku-4-5', max_tokens: 10, messages: [{ role: 'user', content: 'x' }] }],
  ['POST', '/v1/completions', { model: 'gpt-4o-mini', prompt: 'x' }],
  ['POST', '/v1/chat/completions', { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'x' }] }],
  ['POST', '/v1/images/generations', { model: 'image-model-2', prompt: 'x' }],
  ['POST', '/v1/images/edits', {}],
  ['POST', '/v1/edits', {}],
  ['POST', '/imgnative?Action=CVSync2AsyncSubmitTask&Version=2022-08-31', {}],
  ['POST', '/imgnative?Action=CVSync2AsyncGetResult&Version=2022-08-31', {}],
  ['POST', '/v1/video/create', { model: 'vidq1', images: [] }],
  ['GET', '/v1/video/query?id=x'],
  ['POST', '/v1/video/remix', {}],
  ['POST', '/v1/videos', { model: 'Kl-2.5', prompt: 'x' }],
  ['GET', '/v1/videos/x'],
  ['GET', '/v1/videos/x/content'],
  ['POST', '/v1/videos/x/remix', {}],
  ['POST', '/v1/vendor/asset/CreateAssetGroup', { Name: 'g' }],
  ['POST', '/v1/vendor/asset/CreateAsset', {}],
  ['POST', '/v1/vendor/asset/GetAsset', {}],
  ['GET', '/dashboard/billing/subscription'],
  ['GET', '/v1/dashboard/billing/subscription'],
  ['GET', '/dashboard/billing/usage'],
  ['GET', '/v1/dashboard/billing/usage'],
  ['GET', '/v1/models']
]

describe('auth on every route', () => {
  for (const [method, path, body] of ROUTES) {
    it(`${method} ${path}: 401 new_api_error without a key, not 401 with Bearer`, async () => {
      const none = await call(sb, method, path, { body })
      expect(none.status).toBe(401)
      expect(none.json).toEqual({
        error: {
          message: expect.stringMatching(/^Invalid token \(request id: \d+\)$/),
          type: 'new_api_error',
          code: ''
        }
      })
      const ok = await call(sb, method, path, { headers: bearer(KEY), body })
      expect(ok.status).not.toBe(401)
      expect(ok.text).not.toContain('Invalid URL')
      expect(ok.headers.get('x-oneapi-request-id')).toMatch(/^\d{23}$/)
    })
  }

  it('the usage route has its own {success:false} bodies', async () => {
    expect((await call(sb, 'GET', '/api/usage/token/')).json).toEqual({
      success: false,
      message: 'No Authorization header'
    })
  })

  it('accepts the raw key without "Bearer " (the gateway strips the prefix if present)', async () => {
    expect((await call(sb, 'GET', '/v1/dashboard/billing/usage', { headers: { authorization: KEY } })).status).toBe(200)
  })

  it('x-vendor-api-key and key= only on the content-format routes; x-api-key only on messages (and /v1/models)', async () => {
    const content = ROUTES.filter(([, p]) => p.startsWith('/v1beta'))
    for (const [m, p, b] of content) {
      expect((await call(sb, m, p, { headers: { 'x-vendor-api-key': KEY }, body: b })).status).toBe(200)
      expect((await call(sb, m, `${p}${p.includes('?') ? '&' : '?'}key=${KEY}`, { body: b })).status).toBe(200)
      expect((await call(sb, m, p, { headers: { 'x-api-key': KEY }, body: b })).status).toBe(401)
    }
    const messages = ROUTES.find(([, p]) => p === '/v1/messages')!
    expect(
      (
        await call(sb, 'POST', '/v1/messages', {
          headers: { 'x-api-key': KEY, 'vendor-version': '2023-06-01' },
          body: messages[2]
        })
      ).status
    ).toBe(200)
    expect((await call(sb, 'POST', '/v1/messages?key=' + KEY, { body: messages[2] })).status).toBe(401)
    expect((await call(sb, 'GET', '/v1/models', { headers: { 'x-api-key': KEY } })).status).toBe(200)
    for (const [m, p, b] of ROUTES.filter(
      ([, p]) => !p.startsWith('/v1beta') && p !== '/v1/messages' && p !== '/v1/models'
    )) {
      expect(
        (await call(sb, m, p, { headers: { 'x-api-key': KEY, 'x-vendor-api-key': KEY }, body: b })).status,
        p
      ).toBe(401)
      expect((await call(sb, m, `${p}${p.includes('?') ? '&' : '?'}key=${KEY}`, { body: b })).status, p).toBe(401)
    }
  })
})

/** The spec's status vocabulary per route and family, plus the additions of docs/GATEWAY.md §5. */
const VOCAB = {
  vidq: ['processing', 'failed', 'completed'],
  unified2: ['queued', 'processing', 'completed', 'failed', 'cancelled', 'pending'],
  kl: ['queued', 'in_progress', 'completed', 'failed'],
  gk: ['queued', 'processing', 'completed', 'failed', 'cancelled'],
  remix: ['processing', 'completed', 'failed']
}

async function statuses(path: string, auth: Record<string, string>): Promise<string[]> {
  const seen: string[] = []
  for (let i = 0; i < 400; i++) {
    const s = (await call(sb, 'GET', path, { headers: auth })).json.status
    if (seen.at(-1) !== s) seen.push(s)
    if (['completed', 'failed', 'cancelled'].includes(s)) return seen
    // Every stage lasts longer than a step except the queue, and the first poll always sees the queue.
    sb.advance(5)
  }
  throw new Error(`${path} never finished: ${seen}`)
}

describe('status vocabularies', () => {
  const auth = bearer(KEY)
  const u2 = { images: [], orientation: 'portrait', prompt: 'p', size: '720x1280', duration: 8, aspect_ratio: '9:16' }
  const cases: Array<[keyof typeof VOCAB, string, string, unknown, string]> = [
    ['vidq', 'POST', '/v1/video/create', { model: 'vidq2-turbo', images: [], prompt: 'p' }, '/v1/video/query?id='],
    ['unified2', 'POST', '/v1/video/create', { model: 'vo3.1-components', ...u2 }, '/v1/video/query?id='],
    ['unified2', 'POST', '/v1/video/create', { model: 'jm-video-3.0', ...u2 }, '/v1/video/query?id='],
    ['kl', 'POST', '/v1/videos', { model: 'Kl-3.0-Omni', prompt: 'p' }, '/v1/videos/'],
    ['gk', 'POST', '/v1/videos', { model: 'gk-video-3-max', prompt: 'p' }, '/v1/videos/']
  ]
  for (const [family, method, path, body, poll] of cases) {
    for (const ending of ['ok', 'task-fail', 'task-cancel']) {
      it(`${family} ${(body as { model: string }).model} (${ending}) stays inside its vocabulary`, async () => {
        const h = ending === 'ok' ? auth : { ...auth, 'x-sandbox-fault': ending }
        const c = await call(sb, method, path, { headers: h, body })
        expect(c.status).toBe(200)
        expect(VOCAB[family]).toContain(c.json.status)
        const id = c.json.task_id && family === 'vidq' ? c.json.task_id : c.json.id
        const seen = await statuses(poll + encodeURIComponent(id), auth)
        seen.forEach((s) => expect(VOCAB[family]).toContain(s))
        const end = seen.at(-1)
        if (ending === 'ok') expect(end).toBe('completed')
        else if (ending === 'task-cancel' && VOCAB[family].includes('cancelled')) expect(end).toBe('cancelled')
        else expect(end).toBe('failed')
      })
    }
  }

  for (const ending of ['ok', 'task-fail']) {
    it(`remix (${ending}) stays inside processing/completed/failed`, async () => {
      const src = await call(sb, 'POST', '/v1/videos', { headers: auth, body: { model: 'gk-video-3', prompt: 'p' } })
      const h = ending === 'ok' ? auth : { ...auth, 'x-sandbox-fault': ending }
      const r = await call(sb, 'POST', `/v1/videos/${src.json.id}/remix`, {
        headers: h,
        body: { model: 'gk-video-3', prompt: 'q', size: '720P', aspect_ratio: '1:1' }
      })
      const seen = await statuses(`/v1/videos/${encodeURIComponent(r.json.id)}`, auth)
      seen.forEach((s) => expect(VOCAB.remix).toContain(s))
      expect(seen.at(-1)).toBe(ending === 'ok' ? 'completed' : 'failed')
    })
  }
})

describe('determinism', () => {
  it('the same seed and the same requests give the same ids, text and bytes', async () => {
    const run = async () => {
      const s = await startSandbox({ seed: 99, speed: 1000, keys: [{ key: 'k' }] })
      try {
        const chat = await call(s, 'POST', '/v1/messages', {
          headers: bearer('k'),
          body: { model: 'claude-haiku-4-5', max_tokens: 500, messages: [{ role: 'user', content: 'same' }] }
        })
        const vid = await call(s, 'POST', '/v1/videos', {
          headers: bearer('k'),
          body: { model: 'Kl-2.5', prompt: 'same' }
        })
        const img = await call(s, 'POST', '/v1/images/generations', {
          headers: bearer('k'),
          body: { model: 'image-model-2', prompt: 'same', response_format: 'b64_json', size: '1024x1024' }
        })
        return { id: chat.json.id, text: chat.json.content[0].text, vid: vid.json.id, img: img.json.data[0].b64_json }
      } finally {
        await s.close()
      }
    }
    const [a, b] = [await run(), await run()]
    expect(a).toEqual(b)
  })
})
