import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { MediaLibrary } from '../core/files/media'
import { registerAppScheme } from './app-protocol'
import { initiatorOf, installMediaProtocol, mediaIdOf, type MediaAccess } from './media-protocol'
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

/**
 * A Request as protocol.handle delivers it: Electron sets `initiatorOrigin` beside the standard fields
 * ("absent for requests the browser started itself"; Electron 45.4 docs, testing/protocol.ts).
 */
function initiatedBy(initiator: string | undefined, url: string, init?: RequestInit): Request {
  const request = new Request(url, init)
  if (initiator !== undefined) Object.defineProperty(request, 'initiatorOrigin', { value: initiator, enumerable: true })
  return request
}
/** A load by our own app:// page. */
const ours = (url: string, init?: RequestInit) => initiatedBy('app://bundle', url, init)

describe('the studio-media:// handler', () => {
  it('streams a registered file with its content type, nosniff and Accept-Ranges', async () => {
    const { serve, url } = installed()
    expect(url).toMatch(/^studio-media:\/\/m\/[A-Za-z0-9_-]{22}$/)
    const res = await serve(ours(url))
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('image/webp')
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    expect(res.headers.get('accept-ranges')).toBe('bytes')
    expect(res.headers.get('content-length')).toBe('4096')
    expect(Buffer.from(await res.arrayBuffer())).toEqual(bytes)
  })

  it('answers Range requests with 206 so video elements can seek', async () => {
    const { serve, url } = installed()
    const res = await serve(ours(url, { headers: { Range: 'bytes=1000-1999' } }))
    expect(res.status).toBe(206)
    expect(res.headers.get('content-range')).toBe('bytes 1000-1999/4096')
    expect(Buffer.from(await res.arrayBuffer())).toEqual(bytes.subarray(1000, 2000))
    expect((await serve(ours(url, { headers: { Range: 'bytes=5000-' } }))).status).toBe(416)
    const head = await serve(ours(url, { method: 'HEAD' }))
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
    const res = await serve(ours(url))
    expect(res.status).toBe(404)
    expect(await res.text()).not.toContain('sk-canary')
  })

  it('answers 404 for a registered id after it is unregistered, and 405 for writes', async () => {
    const { serve, url, media, id } = installed()
    expect((await serve(ours(url, { method: 'POST', body: 'x' }))).status).toBe(405)
    media.unregister(id)
    expect((await serve(ours(url))).status).toBe(404)
  })

  it('reads only the id from a media URL, ignoring a query or fragment', () => {
    expect(mediaIdOf('studio-media://m/abc?x=1#y')).toBe('abc')
    expect(mediaIdOf('studio-media://m/a/b')).toBeNull()
    expect(mediaIdOf('app://bundle/index.html')).toBeNull()
  })
})

describe('who may read studio-media bytes: the initiator Electron reports, which the page cannot set', () => {
  it('answers our own page with exactly its origin in Access-Control-Allow-Origin, Range included', async () => {
    const { serve, url } = installed()
    const res = await serve(ours(url))
    expect(res.status).toBe(200)
    expect(res.headers.get('access-control-allow-origin')).toBe('app://bundle')
    expect(Buffer.from(await res.arrayBuffer())).toEqual(bytes)
    const part = await serve(ours(url, { headers: { Range: 'bytes=0-99' } }))
    expect(part.status).toBe(206)
    expect(part.headers.get('access-control-allow-origin')).toBe('app://bundle')
  })

  it.each([
    ['no initiator (a load the browser started, or an Electron that reports none)', undefined],
    ['an opaque initiator (a sandboxed frame, a data: page)', 'null'],
    ['an empty initiator', ''],
    ['a web site', 'https://evil.example'],
    ['a look-alike host', 'app://bundle.evil'],
    ['another app host', 'app://evil'],
    ['another port', 'app://bundle:81'],
    ['a wildcard', '*'],
    ['the dev server, in a build that does not trust it', 'http://localhost:5173'],
    ['the media scheme itself', 'studio-media://m'],
    ['a different case', 'APP://BUNDLE']
  ])(
    'refuses %s with 403, no CORS grant and no byte of the file, before the media table is asked',
    async (_what, initiator) => {
      const { serve, url, media } = installed()
      const resolve = vi.spyOn(media, 'resolve')
      const res = await serve(initiatedBy(initiator, url))
      expect(res.status).toBe(403)
      expect(res.headers.get('access-control-allow-origin')).toBeNull()
      expect(Buffer.from(await res.arrayBuffer()).includes(bytes.subarray(0, 64))).toBe(false)
      expect(resolve).not.toHaveBeenCalled()
    }
  )

  it('decides on the initiator alone: an Origin header or a referrer naming our page does not let a stranger in', async () => {
    const { serve, url } = installed()
    const dressedUp = { headers: { Origin: 'app://bundle' }, referrer: 'https://bundle.invalid/' }
    expect((await serve(initiatedBy('https://evil.example', url, dressedUp))).status).toBe(403)
    expect((await serve(initiatedBy(undefined, url, dressedUp))).status).toBe(403)
    // And our page is served whatever those say (custom-scheme loads carry neither, testing/protocol.ts).
    expect((await serve(ours(url, { headers: { Origin: 'https://evil.example' } }))).status).toBe(200)
  })

  it("grants the dev server's origin only when the shell trusts it (an unpackaged build), never as a wildcard", async () => {
    const { serve, url } = installed({ trusted: ['app://bundle', 'http://localhost:5173'] })
    const dev = await serve(initiatedBy('http://localhost:5173', url))
    expect(dev.status).toBe(200)
    expect(dev.headers.get('access-control-allow-origin')).toBe('http://localhost:5173')
    expect((await serve(initiatedBy('http://localhost:5174', url))).status).toBe(403)
  })

  it('refuses an opaque initiator even if a misconfigured trust list names "null"', async () => {
    const { serve, url } = installed({ trusted: ['app://bundle', 'null'] })
    expect((await serve(initiatedBy('null', url))).status).toBe(403)
  })

  it('serves nothing, to anyone, while one of our windows shows a page that is not ours', async () => {
    let stranger = false
    const { serve, url } = installed({ trusted: ['app://bundle'], strangerShown: () => stranger })
    expect((await serve(ours(url))).status).toBe(200)
    stranger = true
    const res = await serve(ours(url))
    expect(res.status).toBe(403)
    expect(res.headers.get('access-control-allow-origin')).toBeNull()
  })
})

describe('studio-media as Electron 45 delivers page loads to protocol.handle (testing/protocol.ts: initiatorOrigin from the docs; which headers Chromium sends is read from its source, only a real-Electron run proves it)', () => {
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

  it("our page's plain <img> and <video> loads are served: they carry neither Origin nor referrer from app://, but Electron names the page as their initiator (docs)", async () => {
    const { protocol, url } = electronLike()
    const delivered = protocol.requestAsDelivered(url, { pageUrl: 'app://bundle/index.html#/images' })
    expect(delivered.headers.get('origin')).toBeNull()
    expect(delivered.referrer).toBe('')
    expect(initiatorOf(delivered)).toBe('app://bundle')
    expect(
      initiatorOf(protocol.requestAsDelivered(url, { pageUrl: 'app://bundle/index.html', startedBy: 'browser' }))
    ).toBeNull()
    const out = await protocol.load(url, { pageUrl: 'app://bundle/index.html#/images', mode: 'no-cors' })
    expect(out.kind === 'response' && out.response.status).toBe(200)
  })

  it.each([
    ['a foreign https page', { pageUrl: 'https://evil.example/page.html', mode: 'no-cors' }],
    ['a foreign https page reading with fetch()', { pageUrl: 'https://evil.example/page.html', mode: 'cors' }],
    [
      'a foreign page that sends no referrer (electron#14747 made it look like ours before)',
      { pageUrl: 'https://evil.example/page.html', mode: 'cors', noReferrer: true }
    ],
    ['a plain-http page', { pageUrl: 'http://192.168.1.10/x.html', mode: 'no-cors' }],
    [
      'a sandboxed frame on our own URL (an opaque origin)',
      { pageUrl: 'app://bundle/index.html', mode: 'cors', sandboxed: true }
    ],
    ['a data: page', { pageUrl: 'data:text/html,<video>', mode: 'no-cors' }],
    [
      'a load the browser started itself (loadURL, a download: no initiator)',
      { pageUrl: 'app://bundle/index.html', startedBy: 'browser' }
    ],
    ['the dev server in a build that does not trust it', { pageUrl: 'http://localhost:5173/', mode: 'cors' }]
  ] as const)('refuses %s', async (_what, req) => {
    const { protocol, url, media } = electronLike()
    const resolve = vi.spyOn(media, 'resolve')
    const out = await protocol.load(url, req)
    expect(out.kind === 'response' && out.response.status).toBe(403)
    expect(resolve).not.toHaveBeenCalled()
  })

  it("serves the dev server's page when the unpackaged shell trusts it", async () => {
    const { protocol, url } = electronLike({ trusted: ['app://bundle', 'http://localhost:5173'] })
    const out = await protocol.load(url, { pageUrl: 'http://localhost:5173/index.html', mode: 'cors' })
    expect(out.kind === 'response' && out.response.status).toBe(200)
  })

  it('needs corsEnabled on studio-media: without it Electron fails the Extract-frame load before the handler runs (electron#51152; unproven without a binary)', async () => {
    const protocol = new FakeProtocol()
    protocol.registerSchemesAsPrivileged([
      { scheme: 'studio-media', privileges: { standard: true, secure: true, supportFetchAPI: true, stream: true } }
    ])
    const media = new MediaLibrary('studio-media://m/')
    installMediaProtocol(protocol, media)
    const url = media.urlFor(media.register(path, 'image/webp'))
    expect(await protocol.load(url, { pageUrl: 'app://bundle/index.html', mode: 'cors' })).toEqual({
      kind: 'error',
      error: 'CORS: scheme not corsEnabled'
    })
  })
})

describe('the Electron this shell is built with documents request.initiatorOrigin (the decision above rests on it)', () => {
  it('electron.d.ts of the installed electron declares it on protocol.handle and ProtocolRequest, not controlled by the page', () => {
    const dts = readFileSync(
      join(import.meta.dirname, '..', '..', '..', 'node_modules', 'electron', 'electron.d.ts'),
      'utf8'
    )
    const handleDoc =
      /In addition to the standard `Request` fields, `request\.initiatorOrigin` is set[\s\S]{0,400}?not controlled by\s+\*?\s*the requesting page/
    expect(dts).toMatch(handleDoc)
    expect(dts).toMatch(/interface ProtocolRequest \{[\s\S]*?initiatorOrigin\?: string;[\s\S]*?\}/)
  })
})
