import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { MediaLibrary } from '../core/files/media'
import { registerAppScheme } from './app-protocol'
import { installMediaProtocol, mediaIdOf, type MediaAccess } from './media-protocol'
import { FakeProtocol } from './testing/protocol'

const dir = mkdtempSync(join(tmpdir(), 'studio-media-protocol-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))
const bytes = Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7) & 255))
const path = join(dir, 'render.webp')
writeFileSync(path, bytes)
writeFileSync(join(dir, 'secrets.json'), '{"key":"sk-canary"}')

/** The handler exactly as Electron would get it from protocol.handle. */
function installed(access?: MediaAccess) {
  const media = new MediaLibrary('studio-media://m/')
  const id = media.register(path, 'image/webp')
  const handle = vi.fn()
  installMediaProtocol({ handle }, media, access)
  expect(handle).toHaveBeenCalledWith('studio-media', expect.any(Function))
  const serve = handle.mock.calls[0][1] as (r: Request) => Promise<Response>
  return { media, id, serve, url: media.urlFor(id) }
}

describe('the studio-media:// handler', () => {
  it('streams a registered file with its content type, nosniff and Accept-Ranges', async () => {
    const { serve, url } = installed()
    expect(url).toMatch(/^studio-media:\/\/m\/[A-Za-z0-9_-]{22}$/)
    const res = await serve(new Request(url))
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('image/webp')
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    expect(res.headers.get('accept-ranges')).toBe('bytes')
    expect(res.headers.get('content-length')).toBe('4096')
    expect(Buffer.from(await res.arrayBuffer())).toEqual(bytes)
  })

  it('answers Range requests with 206 so video elements can seek', async () => {
    const { serve, url } = installed()
    const res = await serve(new Request(url, { headers: { Range: 'bytes=1000-1999' } }))
    expect(res.status).toBe(206)
    expect(res.headers.get('content-range')).toBe('bytes 1000-1999/4096')
    expect(Buffer.from(await res.arrayBuffer())).toEqual(bytes.subarray(1000, 2000))
    expect((await serve(new Request(url, { headers: { Range: 'bytes=5000-' } }))).status).toBe(416)
    const head = await serve(new Request(url, { method: 'HEAD' }))
    expect(head.status).toBe(200)
    expect(await head.text()).toBe('')
  })

  it.each([
    ['an unknown id', 'studio-media://m/AAAAAAAAAAAAAAAAAAAAAA'],
    ['a path', `studio-media://m/${encodeURIComponent(join(dir, 'secrets.json'))}`],
    ['a traversal', 'studio-media://m/..%2fsecrets.json'],
    ['an encoded traversal', 'studio-media://m/%2e%2e/%2e%2e/etc/passwd'],
    ['another host', 'studio-media://evil/AAAAAAAAAAAAAAAAAAAAAA'],
    ['nothing', 'studio-media://m/']
  ])('answers 404 for %s, leaking nothing', async (_what, url) => {
    const { serve } = installed()
    const res = await serve(new Request(url))
    expect(res.status).toBe(404)
    expect(await res.text()).not.toContain('sk-canary')
  })

  it('answers 404 for a registered id after it is unregistered, and 405 for writes', async () => {
    const { serve, url, media, id } = installed()
    expect((await serve(new Request(url, { method: 'POST', body: 'x' }))).status).toBe(405)
    media.unregister(id)
    expect((await serve(new Request(url))).status).toBe(404)
  })

  it('reads only the id from a media URL, ignoring a query or fragment', () => {
    expect(mediaIdOf('studio-media://m/abc?x=1#y')).toBe('abc')
    expect(mediaIdOf('studio-media://m/a/b')).toBeNull()
    expect(mediaIdOf('app://bundle/index.html')).toBeNull()
  })
})

describe('who may read studio-media bytes (the page reads video frames across origins)', () => {
  const withOrigin = (url: string, origin: string, headers: Record<string, string> = {}) => new Request(url, { headers: { Origin: origin, ...headers } })

  it('answers the app\'s own origin with exactly that origin in Access-Control-Allow-Origin, Range included', async () => {
    const { serve, url } = installed()
    const res = await serve(withOrigin(url, 'app://bundle'))
    expect(res.status).toBe(200)
    expect(res.headers.get('access-control-allow-origin')).toBe('app://bundle')
    expect(res.headers.get('vary')).toBe('Origin')
    expect(Buffer.from(await res.arrayBuffer())).toEqual(bytes)
    const part = await serve(withOrigin(url, 'app://bundle', { Range: 'bytes=0-99' }))
    expect(part.status).toBe(206)
    expect(part.headers.get('access-control-allow-origin')).toBe('app://bundle')
  })

  it('serves a request without Origin (an <img>, a <video> without crossOrigin) with no CORS grant', async () => {
    const { serve, url } = installed()
    const res = await serve(new Request(url))
    expect(res.status).toBe(200)
    expect(res.headers.get('access-control-allow-origin')).toBeNull()
    expect(res.headers.get('vary')).toBe('Origin')
  })

  it.each([
    ['a web site', 'https://evil.example'],
    ['a look-alike host', 'app://bundle.evil'],
    ['another app host', 'app://evil'],
    ['another port', 'app://bundle:81'],
    ['a wildcard', '*'],
    ['the dev server, in a build that does not trust it', 'http://localhost:5173'],
    ['the media scheme itself', 'studio-media://m'],
    ['a different case', 'APP://BUNDLE']
  ])('if an Origin arrives, refuses %s with 403, no CORS grant and no byte of the file, before the media table is asked', async (_what, origin) => {
    const { serve, url, media } = installed()
    const resolve = vi.spyOn(media, 'resolve')
    const res = await serve(withOrigin(url, origin))
    expect(res.status).toBe(403)
    expect(res.headers.get('access-control-allow-origin')).toBeNull()
    expect(Buffer.from(await res.arrayBuffer()).includes(bytes.subarray(0, 64))).toBe(false)
    expect(resolve).not.toHaveBeenCalled()
  })

  it('grants the dev server\'s origin only when the shell trusts it (an unpackaged build), never as a wildcard', async () => {
    const { serve, url } = installed({ trusted: ['app://bundle', 'http://localhost:5173'] })
    const dev = await serve(withOrigin(url, 'http://localhost:5173'))
    expect(dev.status).toBe(200)
    expect(dev.headers.get('access-control-allow-origin')).toBe('http://localhost:5173')
    expect((await serve(withOrigin(url, 'http://localhost:5174'))).status).toBe(403)
  })

  it('serves nothing, to anyone, while one of our windows shows a page that is not ours', async () => {
    let stranger = false
    const { serve, url } = installed({ trusted: ['app://bundle'], strangerShown: () => stranger })
    expect((await serve(withOrigin(url, 'app://bundle'))).status).toBe(200)
    stranger = true
    for (const req of [withOrigin(url, 'app://bundle'), new Request(url)]) {
      const res = await serve(req)
      expect(res.status).toBe(403)
      expect(res.headers.get('access-control-allow-origin')).toBeNull()
    }
  })
})

describe('studio-media as Electron 45 delivers page loads to protocol.handle (testing/protocol.ts; which headers Chromium sends is read from its source, only a real-Electron run proves it)', () => {
  /** The shell's real registration and media handler on the protocol fake. */
  function electronLike(access?: MediaAccess) {
    const protocol = new FakeProtocol()
    registerAppScheme(protocol)
    const media = new MediaLibrary('studio-media://m/')
    const id = media.register(path, 'image/webp')
    installMediaProtocol(protocol, media, access)
    return { protocol, media, url: media.urlFor(id) }
  }

  it('Extract frame: our page reads the pixels of a crossOrigin="anonymous" load (cors mode, corsEnabled scheme)', async () => {
    const { protocol, url } = electronLike()
    const out = await protocol.load(url, { pageUrl: 'app://bundle/index.html', mode: 'cors' })
    expect(out).toMatchObject({ kind: 'response', readable: true })
    if (out.kind !== 'response') throw new Error('no response')
    expect(out.response.status).toBe(200)
    expect(Buffer.from(await out.response.arrayBuffer())).toEqual(bytes)
  })

  it('our page\'s plain <img> and <video> loads are served (they carry neither Origin nor referrer from app://: from the sources, unproven without a binary)', async () => {
    const { protocol, url } = electronLike()
    const out = await protocol.load(url, { pageUrl: 'app://bundle/index.html#/images', mode: 'no-cors' })
    expect(out.kind === 'response' && out.response.status).toBe(200)
  })

  it('an Origin: null (sandboxed frame, data: page) never reaches the handler as such: Electron deletes it (the handler cannot refuse on it)', () => {
    const { protocol, url } = electronLike()
    const delivered = protocol.requestAsDelivered(url, { pageUrl: 'app://bundle/index.html', headers: { Origin: 'null' } })
    expect(delivered.headers.get('origin')).toBeNull()
  })

  it.each([
    ['a foreign https page', 'https://evil.example/page.html', 'no-cors'],
    ['a foreign https page reading with fetch()', 'https://evil.example/page.html', 'cors'],
    ['a plain-http page', 'http://192.168.1.10/x.html', 'no-cors'],
    ['the dev server in a build that does not trust it', 'http://localhost:5173/', 'cors']
  ] as const)('refuses %s, named by the referrer Chromium sets (not by script)', async (_what, pageUrl, mode) => {
    const { protocol, url, media } = electronLike()
    const resolve = vi.spyOn(media, 'resolve')
    const out = await protocol.load(url, { pageUrl, mode })
    expect(out.kind === 'response' && out.response.status).toBe(403)
    expect(resolve).not.toHaveBeenCalled()
  })

  it('serves the dev server\'s page when the unpackaged shell trusts it', async () => {
    const { protocol, url } = electronLike({ trusted: ['app://bundle', 'http://localhost:5173'] })
    const out = await protocol.load(url, { pageUrl: 'http://localhost:5173/index.html', mode: 'cors' })
    expect(out.kind === 'response' && out.response.status).toBe(200)
  })

  it('needs corsEnabled on studio-media: without it Electron fails the Extract-frame load before the handler runs (electron#51152; unproven without a binary)', async () => {
    const protocol = new FakeProtocol()
    protocol.registerSchemesAsPrivileged([{ scheme: 'studio-media', privileges: { standard: true, secure: true, supportFetchAPI: true, stream: true } }])
    const media = new MediaLibrary('studio-media://m/')
    installMediaProtocol(protocol, media)
    const url = media.urlFor(media.register(path, 'image/webp'))
    expect(await protocol.load(url, { pageUrl: 'app://bundle/index.html', mode: 'cors' })).toEqual({ kind: 'error', error: 'CORS: scheme not corsEnabled' })
  })
})
