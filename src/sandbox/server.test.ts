import { request } from 'node:http'
import { describe, expect, it } from 'vitest'
import { startSandbox } from './index.js'
import { bearer, call, sandboxForFile } from './testing/util.js'

const sb = await sandboxForFile({
  keys: [
    { key: 'sk-srv-a', name: 'a' },
    { key: 'sk-srv-b', name: 'b' }
  ]
})
const usage = '/v1/dashboard/billing/usage'

function rawGet(
  url: string,
  headers: Record<string, string>
): Promise<{ error?: NodeJS.ErrnoException; status?: number; body: string }> {
  return new Promise((resolve) => {
    const req = request(url, { headers }, (res) => {
      let body = ''
      res.setEncoding('utf8')
      res.on('data', (c: string) => (body += c))
      res.on('end', () => resolve({ status: res.statusCode, body }))
      res.on('error', (error) => resolve({ error, status: res.statusCode, body }))
    })
    req.on('error', (error) => resolve({ error, body: '' }))
    req.end()
  })
}

describe('startSandbox', () => {
  it('binds 127.0.0.1 only, with a random sk-sandbox key by default, and a CDN origin on another port', async () => {
    const s = await startSandbox({ quiet: true })
    try {
      expect(s.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
      expect(s.cdnUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
      expect(s.cdnUrl).not.toBe(s.url)
      expect(s.key).toMatch(/^sk-sandbox-[0-9a-f]{24}$/)
      expect(s.account(s.key)).toEqual({
        name: 'sandbox',
        quotaRemaining: 50_000_000,
        used: 0,
        unlimited: false,
        expiresAt: 0
      })
      expect((await call(s, 'GET', usage, { headers: bearer(s.key) })).status).toBe(200)
    } finally {
      await s.close()
    }
    await expect(fetch(s.url + usage)).rejects.toThrow()
  })

  it('addKey / updateKey / account reflect key state immediately', async () => {
    sb.addKey({ key: 'sk-srv-new', quota: 10, expiresAt: 0 })
    expect(sb.account('sk-srv-new')?.quotaRemaining).toBe(10)
    expect((await call(sb, 'GET', usage, { headers: bearer('sk-srv-new') })).status).toBe(200)
    sb.updateKey('sk-srv-new', { expiresAt: Math.floor(Date.now() / 1000) - 5 })
    expect((await call(sb, 'GET', usage, { headers: bearer('sk-srv-new') })).status).toBe(401)
    sb.updateKey('sk-srv-new', { expiresAt: 0, disabled: true })
    expect((await call(sb, 'GET', usage, { headers: bearer('sk-srv-new') })).status).toBe(401)
    expect(sb.account('sk-nope')).toBeUndefined()
  })

  it('answers unknown routes with the gateway 404 Invalid URL body', async () => {
    const r = await call(sb, 'POST', '/v1/nothing/here', { headers: bearer('sk-srv-a'), body: {} })
    expect(r.status).toBe(404)
    expect(r.json).toEqual({
      error: { message: 'Invalid URL (POST /v1/nothing/here)', type: 'invalid_request_error', param: '', code: '' }
    })
  })
})

describe('request log', () => {
  it('records method, path, query, headers, body digest, key, status and route', async () => {
    sb.clearLog()
    await call(sb, 'GET', `${usage}?x=1`, { headers: bearer('sk-srv-a', { 'x-extra': 'yes' }) })
    await call(sb, 'GET', usage, { headers: bearer('sk-unknown') })
    const log = sb.log()
    expect(log).toHaveLength(2)
    expect(log[0]).toMatchObject({
      method: 'GET',
      path: usage,
      query: { x: '1' },
      key: 'sk-srv-a',
      status: 200,
      route: 'billing.usage',
      paid: false,
      origin: 'gateway'
    })
    expect(log[0].headers['x-extra']).toBe('yes')
    expect(log[0].headers.authorization).toBe('Bearer sk-srv-a')
    expect(log[0].bodyBytes).toBe(0)
    expect(log[0].bodyDigest).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855')
    expect(log[1]).toMatchObject({ status: 401, key: 'sk-unknown' })
    expect(log[1].id).toBeGreaterThan(log[0].id)
  })

  it('is readable over GET /__sandbox/log and is not changed by reading it', async () => {
    sb.clearLog()
    await call(sb, 'GET', usage, { headers: bearer('sk-srv-a') })
    const r1 = await call(sb, 'GET', '/__sandbox/log')
    const r2 = await call(sb, 'GET', '/__sandbox/log')
    expect(r1.status).toBe(200)
    expect(r1.json.entries).toHaveLength(1)
    expect(r2.json.entries).toEqual(r1.json.entries)
    await call(sb, 'DELETE', '/__sandbox/log')
    expect(sb.log()).toHaveLength(0)
  })

  it('returns copies', () => {
    const a = sb.log()
    a.push({} as never)
    expect(sb.log().length).toBe(a.length - 1)
  })
})

describe('fault header basics', () => {
  const h = (fault: string) => bearer('sk-srv-a', { 'x-sandbox-fault': fault })

  it('429 with an empty body and no Retry-After', async () => {
    const r = await call(sb, 'GET', usage, { headers: h('429') })
    expect(r.status).toBe(429)
    expect(r.text).toBe('')
    expect(r.headers.get('retry-after')).toBeNull()
  })

  it('429 with Retry-After seconds and as an HTTP-date', async () => {
    const r = await call(sb, 'GET', usage, { headers: h('429=7') })
    expect(r.headers.get('retry-after')).toBe('7')
    const d = await call(sb, 'GET', usage, { headers: h('429=date:30') })
    const when = Date.parse(d.headers.get('retry-after') ?? '')
    expect(when - Date.now()).toBeGreaterThan(25_000)
    expect(when - Date.now()).toBeLessThan(35_000)
  })

  it('5xx answers the upstream error shape', async () => {
    const r = await call(sb, 'GET', usage, { headers: h('5xx=503') })
    expect(r.status).toBe(503)
    expect(r.json.error).toMatchObject({ type: 'upstream_error', code: 'bad_response_status_code', param: '' })
  })

  it('html-200 answers an HTML page with status 200', async () => {
    const r = await call(sb, 'GET', usage, { headers: h('html-200') })
    expect(r.status).toBe(200)
    expect(r.headers.get('content-type')).toMatch(/^text\/html/)
    expect(r.text).toMatch(/^<!DOCTYPE html>/)
  })

  it('redirect answers 302 to the other origin, which logs whatever arrives', async () => {
    const r = await call(sb, 'GET', `${usage}?a=b`, { headers: h('redirect') })
    expect(r.status).toBe(302)
    expect(r.headers.get('location')).toBe(`${sb.cdnUrl}${usage}?a=b`)
    sb.clearLog()
    await fetch(r.headers.get('location')!)
    expect(sb.log()).toMatchObject([{ origin: 'cdn', route: 'cdn.other', status: 404 }])
    expect(sb.log()[0].headers.authorization).toBeUndefined()
  })

  it('slow-first-byte delays the status line', async () => {
    const t0 = Date.now()
    const r = await call(sb, 'GET', usage, { headers: h('slow-first-byte=300') })
    expect(r.status).toBe(200)
    expect(Date.now() - t0).toBeGreaterThanOrEqual(280)
  })

  it('drop closes the socket without a response, and the log shows status 0', async () => {
    sb.clearLog()
    const r = await rawGet(sb.url + usage, h('drop'))
    expect(r.error).toBeDefined()
    expect(r.status).toBeUndefined()
    expect(sb.log()[0]).toMatchObject({ status: 0, faults: ['drop'] })
  })

  it('truncate sends fewer bytes than Content-Length on a plain body', async () => {
    const r = await rawGet(sb.url + '/api/usage/token/', bearer('sk-srv-a', { 'x-sandbox-fault': 'truncate' }))
    expect(r.status).toBe(200)
    expect(r.error).toBeDefined()
    expect(() => JSON.parse(r.body)).toThrow()
  })

  it('hang never answers (the client has to give up)', async () => {
    const ac = new AbortController()
    const t = setTimeout(() => ac.abort(), 300)
    await expect(fetch(sb.url + usage, { headers: h('hang'), signal: ac.signal })).rejects.toThrow(/abort/i)
    clearTimeout(t)
  })

  it('refuses an unknown fault name with a 400 sandbox error', async () => {
    const r = await call(sb, 'GET', usage, { headers: h('explode') })
    expect(r.status).toBe(400)
    expect(r.json.error.message).toMatch(/unknown sandbox fault 'explode'/)
  })

  it('per-key faults apply to every request of that key, and *N limits them', async () => {
    sb.setFaults('sk-srv-b', ['429=1*2'])
    const codes = []
    for (let i = 0; i < 3; i++) codes.push((await call(sb, 'GET', usage, { headers: bearer('sk-srv-b') })).status)
    expect(codes).toEqual([429, 429, 200])
    expect((await call(sb, 'GET', usage, { headers: bearer('sk-srv-a') })).status).toBe(200)
    sb.setFaults('sk-srv-b', ['5xx@billing.subscription'])
    expect((await call(sb, 'GET', usage, { headers: bearer('sk-srv-b') })).status).toBe(200)
    expect((await call(sb, 'GET', '/dashboard/billing/subscription', { headers: bearer('sk-srv-b') })).status).toBe(502)
    sb.setFaults('sk-srv-b', [])
    expect(() => sb.setFaults('sk-srv-b', ['bogus'])).toThrow(/unknown sandbox fault/)
  })
})
