import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { classifyFetchFailure, sendGateway } from '../core/gateway/http'
import { streamedMultipart } from '../core/images/edit-multipart'
import { downloadResult } from '../core/images/result-files'
import { scriptedServer } from '../core/testing/scripted-server'
import { FakeNet } from './testing/net'

vi.mock('electron', () => ({ net: {} }))

const { createNetFetch, withNodeCode } = await import('./net-fetch')

interface Seen {
  method: string
  url: string
  headers: IncomingMessage['headers']
  body: Buffer
}

/** Everything the loopback server received, with its body; answers by path. */
let server: Awaited<ReturnType<typeof scriptedServer>>
const seen: Seen[] = []
const dir = mkdtempSync(join(tmpdir(), 'studio-net-fetch-'))

function answer(req: IncomingMessage, res: ServerResponse, body: Buffer): void {
  const path = new URL(req.url ?? '/', 'http://x').pathname
  if (path === '/redirect') return void res.writeHead(302, { location: '/elsewhere', 'set-cookie': 'a=1' }).end()
  if (path === '/cookie')
    return void res.writeHead(200, { 'set-cookie': 'sid=new', 'cache-control': 'max-age=600' }).end('ok')
  if (path === '/big') {
    res.writeHead(200, { 'content-type': 'application/octet-stream' })
    const more = () => {
      while (res.write(Buffer.alloc(64 * 1024, 1)));
    }
    res.on('drain', more)
    more()
    return
  }
  res.writeHead(200, { 'content-type': 'application/json', 'x-twice': 'a' }).end(JSON.stringify({ got: body.length }))
}

beforeAll(async () => {
  server = await scriptedServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const body = Buffer.concat(chunks)
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body })
      answer(req, res, body)
    })
  })
})
afterAll(async () => {
  await server.close()
  rmSync(dir, { recursive: true, force: true })
})

describe('the Electron FetchLike over net.request (fake net as Electron documents it)', () => {
  it('sends method, headers and a string body whole, and answers with status, headers and body', async () => {
    const net = new FakeNet()
    const res = await createNetFetch(net)(`${server.url}/json`, {
      method: 'POST',
      headers: { 'x-studio': '1', 'content-type': 'application/json' },
      body: '{"a":1}'
    })
    expect(res.status).toBe(200)
    expect(res.headers.get('x-twice')).toBe('a')
    expect(await res.json()).toEqual({ got: 7 })
    const got = seen.at(-1)!
    expect(got).toMatchObject({ method: 'POST', url: '/json' })
    expect(got.headers).toMatchObject({ 'x-studio': '1', 'content-type': 'application/json', 'content-length': '7' })
    expect(net.requests.at(-1)).toMatchObject({ chunkedEncoding: false, bodyPieces: 1 })
  })

  it('polls and downloads share no cookies or HTTP cache with the default session (credentials omit, cache no-store)', async () => {
    const net = new FakeNet({ sessionCookies: { '127.0.0.1': 'sid=from-session' } })
    // The fake does send the session's cookies when a request asks for them (docs: useSessionCookies)…
    const control = net.request({ url: `${server.url}/cookie`, useSessionCookies: true })
    await new Promise<void>((resolve) =>
      control.on('response', (r) => (r.resume(), r.on('end', () => resolve()))).end()
    )
    expect(seen.at(-1)!.headers.cookie).toBe('sid=from-session')
    // …and the adapter's requests do not.
    const res = await createNetFetch(net)(`${server.url}/cookie`)
    await res.text()
    expect(seen.at(-1)!.headers.cookie).toBeUndefined()
    expect(res.headers.get('set-cookie')).toBeNull()
    expect(net.requests.at(-1)!.options).toMatchObject({
      credentials: 'omit',
      useSessionCookies: false,
      cache: 'no-store'
    })
  })

  it("answers a manual redirect with its status and resolved Location and sends nothing to the next address (net.fetch's cancel, electron#43715, no longer reached)", async () => {
    const net = new FakeNet()
    const before = seen.length
    const res = await createNetFetch(net)(`${server.url}/redirect`, { redirect: 'manual' })
    expect(res.status).toBe(302)
    expect(res.headers.get('location')).toBe(`${server.url}/elsewhere`)
    expect(res.headers.get('set-cookie')).toBeNull()
    expect(seen.slice(before).map((s) => s.url)).toEqual(['/redirect'])
    expect(net.requests.at(-1)!.urls).toEqual([`${server.url}/redirect`])
  })

  it('net.fetch itself rejects a manual redirect with "Redirect was cancelled" (electron#43715): why the adapter does not use it', async () => {
    await expect(new FakeNet().fetch(`${server.url}/redirect`, { redirect: 'manual' })).rejects.toThrow(
      'Redirect was cancelled'
    )
  })

  it('a gateway call that carries the key refuses the redirect, and the key goes nowhere else', async () => {
    const before = seen.length
    const e = await sendGateway(
      createNetFetch(new FakeNet()),
      { baseUrl: server.url, key: 'sk-net-fetch-key' },
      { method: 'GET', path: '/redirect', timeoutMs: 5000 }
    ).catch((x: unknown) => x)
    expect(e).toMatchObject({ code: 'REDIRECT_REFUSED', status: 302 })
    expect(seen.slice(before).map((s) => s.url)).toEqual(['/redirect'])
  })

  it('streams an edit upload in chunks through its direct writer, never holding the whole body (net.fetch would buffer it)', async () => {
    const file = join(dir, 'source.png')
    const bytes = Buffer.alloc(5 * 1024 * 1024 + 17, 7)
    writeFileSync(file, bytes)
    const multipart = await streamedMultipart(
      [['prompt', 'a cat']],
      [{ field: 'image', path: file, filename: 'source.png', contentType: 'image/png' }]
    )
    const net = new FakeNet()
    const res = await createNetFetch(net)(`${server.url}/upload`, {
      method: 'POST',
      headers: multipart.headers,
      body: multipart.body,
      duplex: 'half'
    } as RequestInit)
    expect(await res.json()).toEqual({ got: multipart.length })
    const sent = net.requests.at(-1)!
    expect(sent.chunkedEncoding).toBe(true)
    expect(sent.bodyPieces).toBeGreaterThan(5)
    expect(sent.bufferedBodyBytes).toBeLessThanOrEqual(1024 * 1024 + 1)
    const got = seen.at(-1)!
    expect(got.headers['transfer-encoding']).toBe('chunked')
    expect(got.body.length).toBe(multipart.length)
    expect(got.body.includes(bytes.subarray(0, 4096))).toBe(true)
    // What net.fetch does with a streamed body: one ClientRequest buffer holding it all.
    const again = await streamedMultipart(
      [['prompt', 'a cat']],
      [{ field: 'image', path: file, filename: 'source.png', contentType: 'image/png' }]
    )
    const whole = new Uint8Array(await new Response(again.body).arrayBuffer())
    const viaNetFetch = new FakeNet()
    await (await viaNetFetch.fetch(`${server.url}/upload`, { method: 'POST', body: whole })).text()
    expect(viaNetFetch.requests[0].bufferedBodyBytes).toBe(multipart.length)
  })

  it('streams a FormData body (video references) as the Fetch standard encodes it', async () => {
    const form = new FormData()
    form.set('prompt', 'waves')
    form.set('input_reference', new Blob([Buffer.alloc(300_000, 3)], { type: 'image/png' }), 'ref.png')
    const net = new FakeNet()
    const res = await createNetFetch(net)(`${server.url}/form`, { method: 'POST', body: form })
    expect(res.status).toBe(200)
    const got = seen.at(-1)!
    expect(got.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/)
    const parsed = await new Response(got.body, {
      headers: { 'content-type': String(got.headers['content-type']) }
    }).formData()
    expect(parsed.get('prompt')).toBe('waves')
    expect((parsed.get('input_reference') as File).size).toBe(300_000)
    expect(net.requests.at(-1)!.chunkedEncoding).toBe(true)
  })

  it('an abort after the headers ends the body read and the request', async () => {
    const ctl = new AbortController()
    const res = await createNetFetch(new FakeNet())(`${server.url}/big`, { signal: ctl.signal })
    const reader = res.body!.getReader()
    await reader.read()
    ctl.abort()
    await expect(
      (async () => {
        for (;;) if ((await reader.read()).done) return 'ended'
      })()
    ).rejects.toThrow()
  })

  it('an abort before the answer rejects with the reason', async () => {
    const ctl = new AbortController()
    ctl.abort(new Error('stop'))
    await expect(createNetFetch(new FakeNet())(`${server.url}/json`, { signal: ctl.signal })).rejects.toThrow('stop')
  })

  it('refuses data: addresses (net.request supports http and https only)', async () => {
    await expect(createNetFetch(new FakeNet())('data:,hello')).rejects.toThrow(/http: and https:/)
  })

  it('a refused connection arrives as net::ERR_CONNECTION_REFUSED and is classified as nothing sent', async () => {
    const closed = await scriptedServer(() => {})
    await closed.close()
    const thrown = await createNetFetch(new FakeNet())(`${closed.url}/x`, { method: 'POST', body: '{}' }).catch(
      (e: unknown) => e
    )
    expect((thrown as Error).message).toBe('net::ERR_CONNECTION_REFUSED')
    const err = classifyFetchFailure(thrown, { method: 'POST', paid: true }, false, false)
    expect(err).toMatchObject({ code: 'NETWORK_UNREACHABLE', details: { preSend: true } })
  })

  it("checks result addresses with Chromium's resolver (net.resolveHost), not Node's (whether Chromium then connects to that same answer needs a real binary)", async () => {
    const fetchImpl = createNetFetch(new FakeNet({ hosts: { 'cdn.test': ['10.0.0.5'] } }))
    const gateway = { baseUrl: 'https://gw.example', key: 'k' }
    const e = await downloadResult({
      fetch: fetchImpl,
      url: 'https://cdn.test/a.png',
      gateway,
      dir,
      id: 'resolved'
    }).catch((x: unknown) => x)
    // Node's lookup knows no cdn.test; Chromium's answer is what was judged.
    expect(e).toMatchObject({ details: { reason: 'address-refused', address: '10.0.0.5' } })
    const unknown = await downloadResult({
      fetch: fetchImpl,
      url: 'https://nowhere.test/a.png',
      gateway,
      dir,
      id: 'unresolved'
    }).catch((x: unknown) => x)
    expect(unknown).toMatchObject({
      details: { reason: 'address-refused' },
      message: expect.stringMatching(/could not be looked up/)
    })
  })

  it.each([
    ['net::ERR_CONNECTION_REFUSED', 'NETWORK_UNREACHABLE', true],
    ['net::ERR_NAME_NOT_RESOLVED', 'NETWORK_UNREACHABLE', true],
    ['net::ERR_CERT_AUTHORITY_INVALID', 'TLS', undefined],
    ['net::ERR_SSL_PROTOCOL_ERROR', 'TLS', undefined],
    ['net::ERR_CONNECTION_RESET', 'OUTCOME_UNKNOWN', undefined]
  ])('maps %s so a paid POST is classified as %s', (message, code, preSend) => {
    const err = classifyFetchFailure(withNodeCode(new Error(message)), { method: 'POST', paid: true }, false, false)
    expect(err.code).toBe(code)
    if (preSend) expect(err.details).toMatchObject({ preSend: true })
  })

  it('leaves unknown failures and aborts untouched (the cautious reading)', () => {
    const odd = new Error('net::ERR_SOMETHING_NEW')
    expect(withNodeCode(odd)).toBe(odd)
    const abort = new DOMException('aborted', 'AbortError')
    expect(withNodeCode(abort)).toBe(abort)
    expect(classifyFetchFailure(withNodeCode(odd), { method: 'POST', paid: true }, false, false).code).toBe(
      'OUTCOME_UNKNOWN'
    )
  })
})
