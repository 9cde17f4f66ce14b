import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { imageBytes } from '../core/files/testing/images'
import { noKeychain } from '../core/profiles/secret-backend'
import { createStudioCore, type StudioCore } from '../core/studio-core'
import { startHostServer, type HostServer } from './server'
import {
  fakeCore,
  httpSend,
  makeRendererDir,
  oldTokenCookie,
  tokenHeader,
  tokenOf,
  type FakeCore
} from './testing/support'

/**
 * The browser host's upload and media routes over the real core: what the end-to-end tests (and
 * the chat attachments in the page) rely on. A real PNG goes up through POST /upload, and the
 * grant's previewUrl serves the same bytes back.
 */
describe('POST /upload and GET /media/<id> over the real core', () => {
  const renderer = makeRendererDir()
  const dataDir = mkdtempSync(join(tmpdir(), 'studio-host-files-'))
  let core: StudioCore
  let server: HostServer
  let page: Record<string, string>
  /** What a browser sends for the page's own <img> or <video>: no token, Sec-Fetch-Site same-origin. */
  const element = { 'sec-fetch-site': 'same-origin' }
  let png: Buffer

  beforeAll(async () => {
    core = await createStudioCore({
      shell: 'browser',
      secrets: noKeychain,
      dataDir,
      appVersion: '1.0.0',
      platform: 'linux',
      sandbox: { enabled: false }
    })
    server = await startHostServer({ core, rendererDir: renderer.dir })
    // What the page sends with its upload fetch: our Origin (the browser adds it) and the token header.
    page = { origin: server.origin, 'sec-fetch-site': 'same-origin', ...tokenHeader(tokenOf(server.url)) }
    png = await imageBytes('png', 64, 48)
  })
  afterAll(async () => {
    await server.close()
    await core.dispose()
    renderer.cleanup()
    rmSync(dataDir, { recursive: true, force: true })
  })

  const post = (query: string, body: Uint8Array | AsyncIterable<Uint8Array>, headers: Record<string, string> = page) =>
    httpSend(server.port, `/upload?${query}`, {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream', ...headers },
      body
    })

  it('uploads a real PNG and serves the same bytes at its previewUrl', async () => {
    const res = await post('purpose=chat-attachment&name=cat.png', png)
    expect(res.status).toBe(200)
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8')
    const result = res.json() as { ok: true; value: { fileId: string; previewUrl: string } }
    expect(result).toMatchObject({
      ok: true,
      value: { name: 'cat.png', mimeType: 'image/png', width: 64, height: 48, bytes: png.length }
    })
    expect(result.value.previewUrl).toMatch(/^\/media\/[A-Za-z0-9_-]{22}$/)
    expect(JSON.stringify(result)).not.toContain(dataDir)

    const media = await httpSend(server.port, result.value.previewUrl, { headers: element })
    expect(media.status).toBe(200)
    expect(media.headers['content-type']).toBe('image/png')
    expect(media.headers['x-content-type-options']).toBe('nosniff')
    expect(media.bytes).toEqual(png)
    // The grant is usable by host code (gateway clients) under its id.
    expect(Buffer.from(await core.files.readBytes(result.value.fileId))).toEqual(png)
  })

  it('serves byte ranges with 206, and 416 past the end', async () => {
    const { value } = (await post('purpose=image-edit&name=a.png', png)).json() as { value: { previewUrl: string } }
    const part = await httpSend(server.port, value.previewUrl, { headers: { ...element, range: 'bytes=8-23' } })
    expect(part.status).toBe(206)
    expect(part.headers['content-range']).toBe(`bytes 8-23/${png.length}`)
    expect(part.bytes).toEqual(png.subarray(8, 24))
    expect(
      (await httpSend(server.port, value.previewUrl, { headers: { ...element, range: `bytes=${png.length}-` } })).status
    ).toBe(416)
    const head = await httpSend(server.port, value.previewUrl, { method: 'HEAD', headers: element })
    expect(head.status).toBe(200)
    expect(head.headers['content-length']).toBe(String(png.length))
  })

  it('answers 403 for media asked by another site or port (even with the old cookie), and 404 for unknown ids and traversal', async () => {
    const { value } = (await post('purpose=chat-attachment&name=b.png', png)).json() as {
      value: { previewUrl: string }
    }
    const cookie = oldTokenCookie(server.port, tokenOf(server.url))
    // A page on another port of 127.0.0.1 is same-site, not same-origin.
    for (const site of ['same-site', 'cross-site'])
      expect(
        (await httpSend(server.port, value.previewUrl, { headers: { 'sec-fetch-site': site, cookie } })).status,
        site
      ).toBe(403)
    expect(
      (await httpSend(server.port, value.previewUrl, { headers: { ...element, origin: 'http://evil.example' } })).status
    ).toBe(403)
    expect(
      (
        await httpSend(server.port, value.previewUrl, {
          headers: { ...element, origin: `http://127.0.0.1:${server.port + 1}` }
        })
      ).status
    ).toBe(403)
    for (const path of [
      '/media/AAAAAAAAAAAAAAAAAAAAAA',
      '/media/../package.json',
      '/media/%2e%2e/%2e%2e/etc/passwd',
      `/media/${encodeURIComponent(dataDir)}`,
      '/media/',
      `${value.previewUrl}/..`
    ]) {
      const res = await httpSend(server.port, path, { headers: element })
      expect(res.status, path).toBe(404)
    }
  })

  it('forgets the preview when the grant is released', async () => {
    const { value } = (await post('purpose=chat-attachment&name=c.png', png)).json() as {
      value: { fileId: string; previewUrl: string }
    }
    expect(await core.dispatch('files:release', { fileId: value.fileId }, { shell: 'browser' })).toEqual({
      ok: true,
      value: {}
    })
    expect((await httpSend(server.port, value.previewUrl, { headers: element })).status).toBe(404)
  })

  it('refuses a text file named .png with a coded answer at the file field', async () => {
    const res = await post('purpose=image-edit&name=notes.png', Buffer.from('not an image at all'))
    expect(res.status).toBe(400)
    expect(res.json()).toMatchObject({
      ok: false,
      error: { code: 'INVALID_INPUT', field: 'file', details: { reason: 'wrong-type' } }
    })
  })

  it('refuses an oversized body: by its declared length, and while streaming when none is declared', async () => {
    const limit = 20 * 1024 * 1024
    const declared = await httpSend(server.port, '/upload?purpose=chat-attachment&name=big.png', {
      method: 'POST',
      // The length is a lie (nothing follows), so this connection must not be reused.
      headers: { ...page, 'content-length': String(limit + 1), connection: 'close' },
      body: (async function* () {})() // the host answers before reading; nothing needs to follow
    }).catch((e: unknown) => e)
    expect(declared).toMatchObject({ status: 413 })
    expect((declared as { json(): unknown }).json()).toMatchObject({
      ok: false,
      error: { field: 'file', details: { reason: 'too-large', bytes: limit + 1 } }
    })

    async function* chunked() {
      yield png
      for (let sent = 0; sent <= limit; sent += 1024 * 1024) yield new Uint8Array(1024 * 1024)
    }
    const streamed = await post('purpose=chat-attachment&name=stream.png', chunked())
    expect(streamed.status).toBe(413)
    expect(streamed.json()).toMatchObject({ ok: false, error: { details: { reason: 'too-large', limitBytes: limit } } })
  })

  it('refuses bad meta with 400 and the field', async () => {
    expect((await post('purpose=wallpaper&name=x.png', png)).json()).toMatchObject({
      ok: false,
      error: { code: 'INVALID_INPUT', field: 'purpose' }
    })
    expect((await post('purpose=chat-attachment&name=x.png&path=/etc/passwd', png)).status).toBe(400)
  })
})

describe('the upload route access rules', () => {
  const renderer = makeRendererDir()
  let core: FakeCore
  let server: HostServer
  let auth: Record<string, string>
  let cookie: string

  beforeAll(async () => {
    core = fakeCore()
    server = await startHostServer({ core, rendererDir: renderer.dir })
    auth = tokenHeader(tokenOf(server.url))
    cookie = oldTokenCookie(server.port, tokenOf(server.url))
  })
  afterAll(async () => {
    await server.close()
    renderer.cleanup()
  })

  const send = (headers: Record<string, string>, method = 'POST') =>
    httpSend(server.port, '/upload?purpose=chat-attachment&name=a.png', {
      method,
      headers,
      body: method === 'POST' ? Buffer.from('abc') : undefined
    })

  it('needs the token header and our Origin; a cookie opens nothing, a POST without Origin is refused', async () => {
    const origin = server.origin
    expect((await send({ ...auth })).status).toBe(403)
    expect((await send({ origin })).status).toBe(403)
    expect((await send({ origin, cookie })).status).toBe(403)
    expect(
      (await send({ origin: `http://127.0.0.1:${server.port + 1}`, cookie, 'sec-fetch-site': 'same-site' })).status
    ).toBe(403)
    expect((await send({ origin: 'http://evil.example', ...auth })).status).toBe(403)
    expect((await send({ origin, ...auth, host: 'evil.example' })).status).toBe(403)
    expect((await send({ origin, ...auth, 'sec-fetch-site': 'same-site' })).status).toBe(403)
    const refused = await send({ origin, cookie })
    expect(refused.json()).toMatchObject({ ok: false, error: { code: 'FORBIDDEN_SENDER' } })
    expect(core.uploads).toEqual([])
    const ok = await send({ origin, ...auth })
    expect(ok.status).toBe(200)
    expect(core.uploads).toEqual([
      { channel: 'files:upload', meta: { purpose: 'chat-attachment', name: 'a.png' }, bytes: 3, shell: 'browser' }
    ])
  })

  it('takes only POST on /upload, and nothing but GET/HEAD elsewhere', async () => {
    const get = await send({ origin: server.origin, ...auth }, 'GET')
    expect(get.status).toBe(405)
    expect(get.headers.allow).toBe('POST')
    const elsewhere = await httpSend(server.port, '/media/x', {
      method: 'POST',
      headers: { origin: server.origin, ...auth },
      body: Buffer.from('x')
    })
    expect(elsewhere.status).toBe(405)
  })

  it('never passes the launch token along as upload meta', async () => {
    const token = tokenOf(server.url)
    const res = await httpSend(server.port, `/upload?purpose=chat-attachment&name=b.png&token=${token}`, {
      method: 'POST',
      headers: { origin: server.origin, ...auth },
      body: Buffer.from('x')
    })
    expect(res.status).toBe(200)
    expect(core.uploads.at(-1)?.meta).toEqual({ purpose: 'chat-attachment', name: 'b.png' })
  })
})
