import { describe, expect, it } from 'vitest'
import { parseFault, parseFaultList } from './faults.js'
import { bearer, call, sandboxForFile } from './testing/util.js'

const KEY = 'sk-fault-key'
const sb = await sandboxForFile({ keys: [{ key: KEY, name: 'faults' }] })
const auth = bearer(KEY)

/** Reads a body to the end, keeping what arrived before an error. */
async function readAll(res: Response): Promise<{ text: string; error?: Error }> {
  const reader = res.body!.getReader()
  const dec = new TextDecoder()
  let text = ''
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) return { text: text + dec.decode() }
      text += dec.decode(value, { stream: true })
    }
  } catch (error) {
    return { text, error: error as Error }
  }
}

const FORMATS = [
  {
    name: 'messages',
    path: '/v1/messages',
    body: { model: 'claude-sonnet-4-5', max_tokens: 2000, stream: true, messages: [{ role: 'user', content: 'hi' }] },
    terminal: 'message_stop'
  },
  {
    name: 'completions',
    path: '/v1/completions',
    body: { model: 'gpt-4o-mini', prompt: 'hi', stream: true },
    terminal: '[DONE]'
  },
  {
    name: 'chat',
    path: '/v1/chat/completions',
    body: { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }], stream: true },
    terminal: '[DONE]'
  },
  {
    name: 'content',
    path: '/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse',
    body: { contents: [{ role: 'user', parts: [{ text: 'hi' }] }] },
    terminal: '"finishReason"'
  }
]

/** Ids and timestamps differ per request; everything else of a stream is deterministic. */
const norm = (s: string) =>
  s
    .replace(/\r\n/g, '\n')
    .replace(/: PING\n\n/g, '')
    .replace(/"(id|created|responseId)":("[^"]*"|\d+)/g, '')

async function post(path: string, body: unknown, fault?: string) {
  const headers: Record<string, string> = { ...auth, 'content-type': 'application/json' }
  if (fault) headers['x-sandbox-fault'] = fault
  return fetch(sb.url + path, { method: 'POST', headers, body: JSON.stringify(body) })
}

describe('fault spec parsing', () => {
  it('reads scope, argument, route filter and count', () => {
    expect(parseFault('result:429=date:7@cdn.file*2')).toMatchObject({
      mode: '429',
      arg: 'date:7',
      route: 'cdn.file',
      remaining: 2,
      result: true
    })
    expect(parseFault('redirect=http://127.0.0.1:9/x')).toMatchObject({
      mode: 'redirect',
      arg: 'http://127.0.0.1:9/x',
      result: false
    })
    expect(parseFaultList(' slicer , crlf ').map((f) => f.mode)).toEqual(['slicer', 'crlf'])
    expect(() => parseFault('nope')).toThrow(/unknown sandbox fault/)
  })
})

describe('stream faults, every format', () => {
  for (const f of FORMATS) {
    it(`${f.name}: the clean stream ends with its terminal event`, async () => {
      const { text, error } = await readAll(await post(f.path, f.body))
      expect(error).toBeUndefined()
      expect(text.trimEnd().split('\n').filter(Boolean).at(-1)).toContain(f.terminal)
    })

    it(`${f.name}: truncate ends cleanly without the terminal event`, async () => {
      const full = (await readAll(await post(f.path, f.body))).text
      const { text, error } = await readAll(await post(f.path, f.body, 'truncate'))
      expect(error).toBeUndefined()
      expect(text.length).toBeGreaterThan(0)
      expect(text.length).toBeLessThan(full.length)
      expect(norm(full).startsWith(norm(text))).toBe(true)
      expect(text.trimEnd().split('\n').filter(Boolean).at(-1)).not.toContain(f.terminal)
    })

    it(`${f.name}: reset and limit-data break the connection mid-body`, async () => {
      const r = await readAll(await post(f.path, f.body, 'reset'))
      expect(r.error).toBeDefined()
      expect(r.text.length).toBeGreaterThan(0)
      expect(r.text).not.toContain(f.terminal === '"finishReason"' ? 'STOP' : f.terminal)
      const l = await readAll(await post(f.path, f.body, 'limit-data=100'))
      expect(l.error).toBeDefined()
      expect(Buffer.byteLength(l.text)).toBeLessThanOrEqual(100)
    })

    it(`${f.name}: error-mid-stream appends a bare JSON error line and ends`, async () => {
      const { text } = await readAll(await post(f.path, f.body, 'error-mid-stream'))
      const last = JSON.parse(text.trimEnd().split('\n').at(-1)!)
      if (f.name === 'messages')
        expect(last).toEqual({ type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } })
      else expect(last.error).toMatchObject({ type: 'upstream_error' })
    })

    it(`${f.name}: malformed inserts one unparsable data line and still finishes`, async () => {
      const { text } = await readAll(await post(f.path, f.body, 'malformed'))
      const bad = text
        .split('\n')
        .filter((l) => l.startsWith('data: ') && l !== 'data: [DONE]')
        .filter((l) => {
          try {
            JSON.parse(l.slice(6))
            return false
          } catch {
            return true
          }
        })
      expect(bad).toHaveLength(1)
      expect(text).toContain(f.terminal)
    })

    it(`${f.name}: stream-error answers the status with a JSON body labelled text/event-stream`, async () => {
      const res = await post(f.path, f.body, 'stream-error=429')
      expect(res.status).toBe(429)
      expect(res.headers.get('content-type')).toBe('text/event-stream')
      const j = JSON.parse(await res.text())
      expect(j.error ?? j.message).toBeDefined()
    })

    it(`${f.name}: slicer, crlf and sse-ping keep the same events`, async () => {
      const plain = (await readAll(await post(f.path, f.body))).text
      const sliced = (await readAll(await post(f.path, f.body, 'slicer'))).text
      expect(norm(sliced)).toBe(norm(plain))
      const crlf = (await readAll(await post(f.path, f.body, 'crlf, sse-ping'))).text
      expect(crlf).toContain('\r\n')
      expect(crlf).not.toMatch(/[^\r]\n/)
      expect(crlf).toContain(': PING\r\n\r\n')
      expect(norm(crlf)).toBe(norm(plain))
    })
  }

  it('huge-event sends one long line without a newline', async () => {
    const { text } = await readAll(await post(FORMATS[1].path, FORMATS[1].body, 'huge-event=200000'))
    const last = text.split('\n').at(-1)!
    expect(last.startsWith('data: ')).toBe(true)
    expect(last.length).toBe(200_006)
  })

  it('stall sends part of the stream, then nothing until the client gives up', async () => {
    const ac = new AbortController()
    const res = await fetch(sb.url + FORMATS[1].path, {
      method: 'POST',
      signal: ac.signal,
      headers: { ...auth, 'x-sandbox-fault': 'stall' },
      body: JSON.stringify(FORMATS[1].body)
    })
    const reader = res.body!.getReader()
    const first = await reader.read()
    expect(first.done).toBe(false)
    setTimeout(() => ac.abort(), 250)
    await expect(
      (async () => {
        for (;;) if ((await reader.read()).done) return 'ended'
      })()
    ).rejects.toThrow()
  })
})

describe('faults on paid creates', () => {
  const img = { model: 'image-model-2', prompt: 'x', size: '1024x1024' }

  it('drop after reading the body: the create happened exactly once and was charged', async () => {
    sb.addKey({ key: 'sk-fault-drop', quota: 1_000_000 })
    sb.clearLog()
    await expect(
      fetch(sb.url + '/v1/images/generations', {
        method: 'POST',
        headers: bearer('sk-fault-drop', { 'x-sandbox-fault': 'drop' }),
        body: JSON.stringify(img)
      })
    ).rejects.toThrow()
    expect(sb.log()).toMatchObject([{ route: 'image.generate', paid: true, status: 0 }])
    expect(sb.account('sk-fault-drop')?.used).toBe(20_000)
  })

  it('429 and 5xx refuse before anything is created or charged', async () => {
    sb.addKey({ key: 'sk-fault-429', quota: 1_000_000, faults: ['429*1', '5xx=503@video.create*1'] })
    sb.clearLog()
    const h = bearer('sk-fault-429')
    expect((await call(sb, 'POST', '/v1/images/generations', { headers: h, body: img })).status).toBe(429)
    const v = await call(sb, 'POST', '/v1/video/create', { headers: h, body: { model: 'vidq1', images: [] } })
    expect(v.status).toBe(503)
    expect(v.json).toMatchObject({ code: 'fail_to_fetch_task', data: null })
    expect(sb.account('sk-fault-429')?.used).toBe(0)
    expect(sb.log().map((e) => e.paid)).toEqual([false, false])
    expect((await call(sb, 'POST', '/v1/images/generations', { headers: h, body: img })).status).toBe(200)
  })

  it('gateway-condition faults answer the gateway bodies', async () => {
    const i = await call(sb, 'POST', '/v1/videos', {
      headers: { ...auth, 'x-sandbox-fault': 'insufficient-quota' },
      body: { model: 'Kl-2.5', prompt: 'x' }
    })
    expect(i.status).toBe(403)
    expect(i.json).toMatchObject({ code: 'insufficient_user_quota', data: null })
    const m = await call(sb, 'POST', '/v1/chat/completions', {
      headers: { ...auth, 'x-sandbox-fault': 'model-unavailable' },
      body: {}
    })
    expect(m.status).toBe(503)
    expect(m.json.error.code).toBe('model_not_found')
    const u = await call(sb, 'GET', '/v1/video/query?id=x', { headers: { ...auth, 'x-sandbox-fault': 'unauthorized' } })
    expect(u.status).toBe(401)
    const t = await call(sb, 'GET', '/v1/videos/anything', {
      headers: { ...auth, 'x-sandbox-fault': 'task-not-exist' }
    })
    expect(t.json).toEqual({ code: 'task_not_exist', message: 'task_not_exist', data: null })
    const sat = await call(sb, 'POST', '/v1/videos', { headers: { ...auth, 'x-sandbox-fault': '429-json' }, body: {} })
    expect(sat).toMatchObject({ status: 429, json: { code: 'fail_to_fetch_task', data: null } })
    const lim = await call(sb, 'POST', '/v1/chat/completions', {
      headers: { ...auth, 'x-sandbox-fault': '429-json' },
      body: {}
    })
    expect(lim).toMatchObject({ status: 429, json: { error: { type: 'new_api_error', code: '' } } })
    expect(lim.headers.get('retry-after')).toBeNull()
  })

  it('odd-status reports another status word on task queries while the task goes on', async () => {
    const c = await call(sb, 'POST', '/v1/videos', { headers: auth, body: { model: 'Kl-2.5', prompt: 'odd' } })
    const q = await call(sb, 'GET', `/v1/videos/${c.json.id}`, {
      headers: { ...auth, 'x-sandbox-fault': 'odd-status' }
    })
    expect(q.json.status).toBe('unknown')
    const v = await call(sb, 'POST', '/v1/video/create', { headers: auth, body: { model: 'vidq1', images: [] } })
    const u = await call(sb, 'GET', `/v1/video/query?id=${v.json.task_id}`, {
      headers: { ...auth, 'x-sandbox-fault': 'odd-status=SUCCESS' }
    })
    expect(u.json.status).toBe('SUCCESS')
    sb.advance(1000)
    expect((await call(sb, 'GET', `/v1/videos/${c.json.id}`, { headers: auth })).json.status).toBe('completed')
  })

  it('unimplemented OpenAI routes answer 501 api_not_implemented', async () => {
    const r = await call(sb, 'POST', '/v1/images/variations', { headers: auth, body: {} })
    expect(r.status).toBe(501)
    expect(r.json.error).toMatchObject({ code: 'api_not_implemented', type: 'new_api_error' })
  })
})

describe('result download faults', () => {
  async function imageUrl(fault?: string): Promise<string> {
    const h: Record<string, string> = { ...auth }
    if (fault) h['x-sandbox-fault'] = fault
    const r = await call(sb, 'POST', '/v1/images/generations', {
      headers: h,
      body: { model: 'imagegen-4.0', prompt: 'cdn', n: 1, size: '64*64' }
    })
    return r.json.data[0].url
  }

  it('a plain result URL works, with no credential needed or logged', async () => {
    const url = await imageUrl()
    sb.clearLog()
    const r = await fetch(url)
    expect(r.status).toBe(200)
    expect(r.headers.get('content-type')).toBe('image/jpeg')
    expect(sb.log()).toMatchObject([{ origin: 'cdn', route: 'cdn.file', status: 200, key: null }])
    expect(sb.log()[0].headers.authorization).toBeUndefined()
  })

  it('expired-url hands out an address that answers 403, and tampering is refused too', async () => {
    const url = await imageUrl('expired-url')
    const r = await fetch(url)
    expect(r.status).toBe(403)
    expect(await r.text()).toContain('<Code>AccessDenied</Code>')
    const good = await imageUrl()
    expect((await fetch(good.replace(/sig=[0-9a-f]+/, 'sig=00'))).status).toBe(403)
    expect((await fetch(good.replace(/expires=\d+/, 'expires=99999999999'))).status).toBe(403)
  })

  it('URLs really expire with task time', async () => {
    const s2 = await (await import('./index.js')).startSandbox({ speed: 1, urlTtlSeconds: 30, keys: [{ key: 'k' }] })
    try {
      const r = await call(s2, 'POST', '/v1/images/generations', {
        headers: bearer('k'),
        body: { model: 'imagegen-4.0', prompt: 'x', n: 1, size: '16*16' }
      })
      expect((await fetch(r.json.data[0].url)).status).toBe(200)
      s2.advance(3600)
      // Expiry is wall-clock based: advancing task time does not age issued URLs.
      expect((await fetch(r.json.data[0].url)).status).toBe(200)
    } finally {
      await s2.close()
    }
  })

  it('result: faults attach to the produced files; *N limits them', async () => {
    const wrong = await imageUrl('result:wrong-bytes*1')
    const b1 = Buffer.from(await (await fetch(wrong)).arrayBuffer())
    expect(b1.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]))).toBe(false)
    const b2 = Buffer.from(await (await fetch(wrong)).arrayBuffer())
    expect(b2.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]))).toBe(true)
    expect(b1.length).toBe(b2.length)
    const html = await fetch(await imageUrl('result:html-200'))
    expect(html.status).toBe(200)
    expect(html.headers.get('content-type')).toMatch(/text\/html/)
    const t = await fetch(await imageUrl('result:truncate'))
    await expect(t.arrayBuffer()).rejects.toThrow()
    const nf = await fetch(await imageUrl('result:not-found'))
    expect(nf.status).toBe(404)
  })

  it('per-key result: faults apply to downloads of that key, and to /content', async () => {
    sb.addKey({ key: 'sk-fault-cdn' })
    const h = bearer('sk-fault-cdn')
    const c = await call(sb, 'POST', '/v1/videos', { headers: h, body: { model: 'Kl-2.5', prompt: 'x' } })
    sb.advance(1000)
    const done = await call(sb, 'GET', `/v1/videos/${c.json.id}`, { headers: h })
    sb.setFaults('sk-fault-cdn', ['result:5xx=502'])
    expect((await fetch(done.json.video_url)).status).toBe(502)
    const content = await fetch(`${sb.url}/v1/videos/${c.json.id}/content`, { headers: h })
    expect(content.status).toBe(502)
    sb.setFaults('sk-fault-cdn', ['result:wrong-bytes@videos.content'])
    expect((await fetch(done.json.video_url)).status).toBe(200)
    const bytes = Buffer.from(
      await (await fetch(`${sb.url}/v1/videos/${c.json.id}/content`, { headers: h })).arrayBuffer()
    )
    expect(bytes.subarray(4, 8).toString('latin1')).not.toBe('ftyp')
    sb.setFaults('sk-fault-cdn', [])
  })

  it('expired-url on a video query gives an expired address; /content still serves the bytes', async () => {
    const c = await call(sb, 'POST', '/v1/videos', { headers: auth, body: { model: 'Kl-2.5', prompt: 'y' } })
    sb.advance(1000)
    const q = await call(sb, 'GET', `/v1/videos/${c.json.id}`, {
      headers: { ...auth, 'x-sandbox-fault': 'expired-url' }
    })
    expect((await fetch(q.json.video_url)).status).toBe(403)
    expect(q.json.expires_at).toBeLessThan(Date.now() / 1000)
    expect((await fetch(`${sb.url}/v1/videos/${c.json.id}/content`, { headers: auth })).status).toBe(200)
  })
})
