import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { MediaLibrary } from '../core/files/media'
import { installMediaProtocol, mediaIdOf, type MediaAccess } from './media-protocol'

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
    ['an opaque origin (sandboxed frame, data: page)', 'null'],
    ['a wildcard', '*'],
    ['the dev server, in a build that does not trust it', 'http://localhost:5173'],
    ['the media scheme itself', 'studio-media://m'],
    ['a different case', 'APP://BUNDLE']
  ])('refuses %s with 403, no CORS grant and no byte of the file, before the media table is asked', async (_what, origin) => {
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
