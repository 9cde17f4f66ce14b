import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { buildCsp } from '../security/csp'
import {
  createAppRequestHandler,
  ELECTRON_CSP,
  installAppProtocol,
  registerAppScheme,
  resolveAppFile,
  resolveAppPath
} from './app-protocol'
import { FakeProtocol } from './testing/protocol'

let root: string
let bundle: string

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'studio-app-protocol-'))
  bundle = join(root, 'renderer')
  mkdirSync(join(bundle, 'assets'), { recursive: true })
  writeFileSync(join(bundle, 'index.html'), '<!doctype html><title>Generation Studio</title>')
  writeFileSync(join(bundle, 'assets', 'index-abc.js'), 'console.log(1)')
  writeFileSync(join(bundle, 'assets', 'style.css'), 'body{}')
  writeFileSync(join(bundle, 'assets', 'logo.svg'), '<svg/>')
  writeFileSync(join(bundle, 'assets', 'a file.png'), 'png')
  writeFileSync(join(bundle, 'assets', 'blob.bin'), 'bin')
  // Outside the bundle: what every traversal would like to read.
  writeFileSync(join(root, 'secrets.json'), '{"key":"sk-canary"}')
  mkdirSync(join(root, 'outside'))
  writeFileSync(join(root, 'outside', 'x.js'), 'evil')
  symlinkSync(join(root, 'secrets.json'), join(bundle, 'assets', 'leak.json'))
  symlinkSync(join(root, 'outside'), join(bundle, 'assets', 'linked-dir'))
  symlinkSync(join(bundle, 'assets', 'style.css'), join(bundle, 'assets', 'alias.css'))
})
afterAll(() => rmSync(root, { recursive: true, force: true }))

describe('resolveAppPath', () => {
  it('maps our URLs to path segments, with / meaning index.html', () => {
    expect(resolveAppPath('app://bundle/')).toEqual({ ok: true, segments: ['index.html'] })
    expect(resolveAppPath('app://bundle')).toEqual({ ok: true, segments: ['index.html'] })
    expect(resolveAppPath('app://bundle/assets/index-abc.js?v=2#x')).toEqual({
      ok: true,
      segments: ['assets', 'index-abc.js']
    })
    expect(resolveAppPath('app://bundle/assets/a%20file.png')).toEqual({ ok: true, segments: ['assets', 'a file.png'] })
  })

  it.each([
    ['dot-dot', 'app://bundle/../secrets.json'],
    ['dot-dot deeper', 'app://bundle/assets/../../secrets.json'],
    ['encoded dot-dot', 'app://bundle/%2e%2e/secrets.json'],
    ['upper-case encoded dot-dot', 'app://bundle/%2E%2E/secrets.json'],
    ['half-encoded dot-dot', 'app://bundle/.%2e/secrets.json'],
    ['dot-dot with an encoded slash', 'app://bundle/..%2fsecrets.json'],
    ['an encoded slash', 'app://bundle/assets%2f..%2f..%2fsecrets.json'],
    ['an encoded backslash', 'app://bundle/..%5csecrets.json'],
    ['a raw backslash', 'app://bundle/..\\secrets.json'],
    ['a single dot segment', 'app://bundle/./index.html'],
    ['an absolute path', 'app://bundle//etc/passwd'],
    ['a Windows drive', 'app://bundle/C:/Windows/win.ini'],
    ['an encoded NUL', 'app://bundle/index.html%00.png'],
    ['a raw NUL', 'app://bundle/index.html\0.png'],
    ['broken percent-encoding', 'app://bundle/%E0%A4%A'],
    ['another scheme', 'file:///etc/passwd'],
    ['not a URL', '../../etc/passwd']
  ])('refuses %s with 400', (_what, url) => {
    expect(resolveAppPath(url)).toEqual({ ok: false, status: 400 })
  })

  it.each([
    'app://bundle.evil/index.html',
    'app://evil@bundle/index.html',
    'app://bundle:81/index.html',
    'app://other/index.html'
  ])('refuses another host %s with 404', (url) => {
    expect(resolveAppPath(url)).toEqual({ ok: false, status: 404 })
  })
})

describe('resolveAppFile', () => {
  it('finds files inside the bundle', async () => {
    expect(await resolveAppFile(bundle, 'app://bundle/index.html')).toMatchObject({ ok: true })
    expect(await resolveAppFile(bundle, 'app://bundle/assets/alias.css')).toMatchObject({
      ok: true,
      file: expect.stringMatching(/style\.css$/)
    })
  })

  it.each([
    ['a symlink to a file outside', 'app://bundle/assets/leak.json'],
    ['a file through a symlinked directory outside', 'app://bundle/assets/linked-dir/x.js'],
    ['a directory', 'app://bundle/assets'],
    ['a missing file', 'app://bundle/nope.js']
  ])('answers 404 for %s', async (_what, url) => {
    expect(await resolveAppFile(bundle, url)).toEqual({ ok: false, status: 404 })
  })
})

describe('the app:// request handler', () => {
  const handler = () => createAppRequestHandler(bundle)
  const get = (url: string, method = 'GET') => handler()(new Request(url, { method }))

  it('serves index.html with the CSP header, nosniff and the HTML type', async () => {
    const res = await get('app://bundle/index.html')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8')
    expect(res.headers.get('content-security-policy')).toBe(ELECTRON_CSP)
    expect(res.headers.get('content-security-policy')).toContain("connect-src 'none'")
    // The Electron shell's pages show media from studio-media:// and nothing else remote.
    expect(ELECTRON_CSP).toBe(buildCsp({ media: ['studio-media:'] }))
    expect(ELECTRON_CSP).toContain("img-src 'self' blob: studio-media: data:")
    expect(ELECTRON_CSP).toContain("media-src 'self' blob: studio-media:")
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    expect(await res.text()).toContain('Generation Studio')
  })

  it.each([
    ['assets/index-abc.js', 'text/javascript; charset=utf-8'],
    ['assets/style.css', 'text/css; charset=utf-8'],
    ['assets/logo.svg', 'image/svg+xml'],
    ['assets/a%20file.png', 'image/png'],
    ['assets/blob.bin', 'application/octet-stream']
  ])('serves %s as %s, with the CSP', async (path, type) => {
    const res = await get(`app://bundle/${path}`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe(type)
    expect(res.headers.get('content-security-policy')).toBe(ELECTRON_CSP)
  })

  it.each([
    ['app://bundle/..%2fsecrets.json', 400],
    // The URL parser folds %2e%2e away before the handler runs, so this one looks for /secrets.json inside the bundle.
    ['app://bundle/%2e%2e/secrets.json', 404],
    ['app://bundle/assets/%2e%2e/%2e%2e/secrets.json', 404],
    ['app://bundle/assets/leak.json', 404],
    ['app://bundle/missing.html', 404]
  ])('refuses %s with %i, never leaking the file, and still sends the CSP', async (url, status) => {
    const res = await get(url)
    expect(res.status).toBe(status)
    expect(res.headers.get('content-security-policy')).toBe(ELECTRON_CSP)
    expect(await res.text()).not.toContain('sk-canary')
  })

  it('answers HEAD without a body and refuses other methods', async () => {
    const head = await get('app://bundle/index.html', 'HEAD')
    expect(head.status).toBe(200)
    expect(await head.text()).toBe('')
    expect((await get('app://bundle/index.html', 'POST')).status).toBe(405)
  })
})

describe('scheme registration', () => {
  it('registers app and studio-media in one call as standard, secure and fetch-capable, never bypassing the CSP; only studio-media is CORS-enabled', () => {
    const registerSchemesAsPrivileged = vi.fn()
    registerAppScheme({ registerSchemesAsPrivileged })
    expect(registerSchemesAsPrivileged).toHaveBeenCalledOnce()
    // corsEnabled on studio-media: the page reads a video frame from it (another origin); its handler
    // grants our origin only (media-protocol.test.ts). The app's own files stay closed to other origins.
    expect(registerSchemesAsPrivileged).toHaveBeenCalledWith([
      { scheme: 'app', privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true } },
      {
        scheme: 'studio-media',
        privileges: { standard: true, secure: true, supportFetchAPI: true, stream: true, corsEnabled: true }
      }
    ])
    const [[schemes]] = registerSchemesAsPrivileged.mock.calls as [[{ privileges: Record<string, boolean> }[]]]
    for (const { privileges } of schemes) expect(privileges.bypassCSP).toBeUndefined()
  })

  it('installs the handler for the app scheme', async () => {
    const protocol = new FakeProtocol()
    registerAppScheme(protocol)
    installAppProtocol(protocol, bundle)
    const out = await protocol.load('app://bundle/', { pageUrl: 'app://bundle/index.html' })
    expect(out.kind === 'response' && out.response.status).toBe(200)
  })

  it('registers once: Electron accepts registerSchemesAsPrivileged a single time before ready', () => {
    const protocol = new FakeProtocol()
    registerAppScheme(protocol)
    expect(() => registerAppScheme(protocol)).toThrow(/only once/)
  })

  it("keeps the app's files from other origins: a foreign page's fetch() fails before the handler, its <img> gets an opaque answer (electron#51152 in Electron 45)", async () => {
    const protocol = new FakeProtocol()
    registerAppScheme(protocol)
    installAppProtocol(protocol, bundle)
    expect(await protocol.load('app://bundle/index.html', { pageUrl: 'https://evil.example/', mode: 'cors' })).toEqual({
      kind: 'error',
      error: 'CORS: scheme not corsEnabled'
    })
    expect(
      await protocol.load('app://bundle/assets/logo.svg', { pageUrl: 'https://evil.example/', mode: 'no-cors' })
    ).toMatchObject({ kind: 'response', readable: false })
  })
})

const BUILT = join(import.meta.dirname, '..', '..', '..', 'out', 'renderer')

describe.skipIf(!existsSync(join(BUILT, 'index.html')))(
  'the built renderer (out/renderer) served over app:// (skipped only when nothing is built yet; npm test builds first)',
  () => {
    it('answers its entry and every script, stylesheet and icon it references, each with the CSP', async () => {
      const serve = createAppRequestHandler(BUILT)
      const html = await serve(new Request('app://bundle/index.html'))
      expect(html.status).toBe(200)
      const refs = [...readFileSync(join(BUILT, 'index.html'), 'utf8').matchAll(/(?:src|href)="([^"]+)"/g)].map(
        (m) => m[1]
      )
      expect(refs.length).toBeGreaterThan(0)
      for (const ref of refs) {
        const url = new URL(ref, 'https://bundle.invalid/index.html').pathname
        const res = await serve(new Request(`app://bundle${url}`))
        expect(res.status, ref).toBe(200)
        // The page names scripts, style sheets and the app icon (the favicon), nothing else.
        expect(res.headers.get('content-type'), ref).toMatch(
          /\.png$/.test(url) ? /^image\/png/ : /^(text\/javascript|text\/css)/
        )
        expect(res.headers.get('content-security-policy')).toBe(ELECTRON_CSP)
      }
    })
  }
)
