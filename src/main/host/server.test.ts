import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildCsp } from '../security/csp'
import { cookieName } from './access'
import { startHostServer, splitTarget, type HostServer } from './server'
import { BRIDGE_SCRIPT_TAG } from './static-files'
import { APP_SCRIPT, authCookie, fakeCore, httpGet, makeRendererDir, tokenOf, wrongToken } from './test-support'

describe('the browser host HTTP server', () => {
  const renderer = makeRendererDir()
  let server: HostServer
  let port: number
  let token: string
  let cookie: string

  beforeAll(async () => {
    server = await startHostServer({ core: fakeCore(), rendererDir: renderer.dir })
    port = server.port
    token = tokenOf(server.url)
    cookie = authCookie(port, token)
  })
  afterAll(async () => {
    await server.close()
    renderer.cleanup()
  })

  it('listens on loopback only and prints a token URL on its own origin', () => {
    expect(server.origin).toBe(`http://127.0.0.1:${port}`)
    expect(server.url).toBe(`http://127.0.0.1:${port}/?token=${token}`)
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/)
  })

  it('refuses a request without the token', async () => {
    const res = await httpGet(port, '/')
    expect(res.status).toBe(403)
    expect(res.body).toMatch(/^Forbidden/)
    expect(res.headers['set-cookie']).toBeUndefined()
  })

  it('refuses a wrong token, in the query or in the cookie', async () => {
    const wrong = wrongToken(token)
    expect((await httpGet(port, `/?token=${wrong}`)).status).toBe(403)
    expect((await httpGet(port, '/', { cookie: authCookie(port, wrong) })).status).toBe(403)
    expect((await httpGet(port, '/?token=')).status).toBe(403)
  })

  it('ignores a token cookie that belongs to another port', async () => {
    expect((await httpGet(port, '/', { cookie: `${cookieName(port + 1)}=${token}` })).status).toBe(403)
  })

  it('serves the token URL and sets a strict HttpOnly session cookie for this port', async () => {
    const res = await httpGet(port, `/?token=${token}`)
    expect(res.status).toBe(200)
    expect(res.headers['set-cookie']).toEqual([`${cookieName(port)}=${token}; Path=/; HttpOnly; SameSite=Strict`])
  })

  it('accepts the cookie alone, among other cookies', async () => {
    const res = await httpGet(port, '/assets/app.js', { cookie: `theme=dark; ${cookie}; x=1` })
    expect(res.status).toBe(200)
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8')
    expect(res.body).toBe('console.log("app")\n')
    expect(res.headers['set-cookie']).toBeUndefined()
  })

  it('refuses a Host that is not ours (DNS rebinding), even with the token', async () => {
    for (const host of ['evil.example', `evil.example:${port}`, `127.0.0.1:${port + 1}`, `[::1]:${port}`, `127.0.0.1`]) {
      expect((await httpGet(port, '/', { host, cookie })).status, host).toBe(403)
    }
    expect((await httpGet(port, '/', { host: `localhost:${port}`, cookie })).status).toBe(200)
  })

  it('refuses a foreign or null Origin, even with the token', async () => {
    for (const origin of ['http://evil.example', `http://localhost:${port}`, `https://127.0.0.1:${port}`, 'null']) {
      expect((await httpGet(port, '/', { origin, cookie })).status, origin).toBe(403)
    }
    expect((await httpGet(port, '/', { origin: `http://127.0.0.1:${port}`, cookie })).status).toBe(200)
  })

  it('never serves a file outside the renderer build', async () => {
    for (const path of ['/../package.json', '/assets/../../etc/passwd', '/%2e%2e/%2e%2e/etc/passwd', '/assets/..%2f..%2fetc%2fpasswd', '/..\\..\\etc\\passwd', '/%00', '/%E0%A4%A', '/nope.js', '/assets']) {
      expect((await httpGet(port, path, { cookie })).status, path).toBe(404)
    }
  })

  it('puts the exact CSP and the hardening headers on every answer, even refusals', async () => {
    const csp = buildCsp({ connect: ["'self'", `ws://127.0.0.1:${port}`, `ws://localhost:${port}`] })
    for (const res of [await httpGet(port, '/', { cookie }), await httpGet(port, '/'), await httpGet(port, '/nope', { cookie })]) {
      expect(res.headers['content-security-policy']).toBe(csp)
      expect(res.headers['x-content-type-options']).toBe('nosniff')
      expect(res.headers['referrer-policy']).toBe('no-referrer')
      expect(res.headers['cache-control']).toBe('no-store')
    }
    expect(csp).toContain(`connect-src 'self' ws://127.0.0.1:${port} ws://localhost:${port};`)
  })

  it('serves index.html with the bridge script first in <head>, before the app script', async () => {
    const res = await httpGet(port, '/', { cookie })
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8')
    const bridgeAt = res.body.indexOf(BRIDGE_SCRIPT_TAG)
    expect(bridgeAt).toBeGreaterThan(res.body.indexOf('<head>'))
    expect(bridgeAt).toBeLessThan(res.body.indexOf(APP_SCRIPT))
    expect(res.body.split(BRIDGE_SCRIPT_TAG)).toHaveLength(2)
    expect(Number(res.headers['content-length'])).toBe(Buffer.byteLength(res.body))
    expect((await httpGet(port, '/index.html', { cookie })).body).toBe(res.body)
  })

  it('lets the browser keep content-hashed assets for good, and nothing else (T1-warm)', async () => {
    writeFileSync(join(renderer.dir, 'assets', 'index-B2x9_kQz.js'), 'export {}\n')
    const hashed = await httpGet(port, '/assets/index-B2x9_kQz.js', { cookie })
    expect(hashed.status).toBe(200)
    expect(hashed.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    for (const path of ['/', '/index.html', '/bridge.js', '/assets/app.js', '/nope']) {
      expect((await httpGet(port, path, { cookie })).headers['cache-control'], path).toBe('no-store')
    }
    // A refusal is never cached, even for an asset's name.
    expect((await httpGet(port, '/assets/index-B2x9_kQz.js')).headers['cache-control']).toBe('no-store')
  })

  it('answers HEAD without a body and refuses other methods', async () => {
    const head = await httpGet(port, '/assets/style.css', { cookie }, 'HEAD')
    expect(head.status).toBe(200)
    expect(head.headers['content-type']).toBe('text/css; charset=utf-8')
    expect(head.body).toBe('')
    const post = await httpGet(port, '/', { cookie }, 'POST')
    expect(post.status).toBe(405)
    expect(post.headers.allow).toBe('GET, HEAD')
  })

  it('answers a plain GET of the bridge path with 426 (it is a WebSocket)', async () => {
    expect((await httpGet(port, '/bridge', { cookie })).status).toBe(426)
  })

  it('splits the request target without normalising dot segments', () => {
    expect(splitTarget('/a/../b?x=1&token=abc')).toEqual({ pathname: '/a/../b', queryToken: 'abc' })
    expect(splitTarget('/')).toEqual({ pathname: '/', queryToken: null })
    expect(splitTarget(undefined)).toEqual({ pathname: '/', queryToken: null })
  })
})

describe('the browser host lifecycle', () => {
  it('gets a new token every launch, and close() frees the port', async () => {
    const renderer = makeRendererDir()
    const a = await startHostServer({ core: fakeCore(), rendererDir: renderer.dir })
    const b = await startHostServer({ core: fakeCore(), rendererDir: renderer.dir })
    expect(tokenOf(a.url)).not.toBe(tokenOf(b.url))
    await a.close()
    await b.close()
    await expect(httpGet(a.port, '/')).rejects.toThrow(/ECONNREFUSED/)
    renderer.cleanup()
  })

  it('rejects a busy port instead of picking another one', async () => {
    const renderer = makeRendererDir()
    const a = await startHostServer({ core: fakeCore(), rendererDir: renderer.dir })
    await expect(startHostServer({ core: fakeCore(), rendererDir: renderer.dir, port: a.port })).rejects.toMatchObject({ code: 'EADDRINUSE' })
    await a.close()
    renderer.cleanup()
  })
})
