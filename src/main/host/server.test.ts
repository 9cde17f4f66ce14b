import { readFileSync, writeFileSync } from 'node:fs'
import { request as httpRequest } from 'node:http'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildCsp } from '../security/csp'
import { startHostServer, splitTarget, type HostServer } from './server'
import { bridgeScriptTag, contentVersion } from './static-files'
import {
  APP_SCRIPT,
  fakeCore,
  httpGet,
  httpSend,
  makeRendererDir,
  oldTokenCookie,
  openAuthed,
  tokenHeader,
  tokenOf
} from './testing/support'

describe('the browser host HTTP server', () => {
  const renderer = makeRendererDir()
  let server: HostServer
  let port: number
  let token: string

  beforeAll(async () => {
    server = await startHostServer({ core: fakeCore(), rendererDir: renderer.dir })
    port = server.port
    token = tokenOf(server.url)
  })
  afterAll(async () => {
    await server.close()
    renderer.cleanup()
  })

  it('listens on loopback only and prints the token in the fragment of an address on its own origin', () => {
    expect(server.origin).toBe(`http://127.0.0.1:${port}`)
    expect(server.url).toMatch(
      new RegExp(`^http://127\\.0\\.0\\.1:${port}/\\?launch=[A-Za-z0-9_-]{16}#token=${token}$`)
    )
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/)
  })

  it('serves the built page without a token (it holds no secret) and never sets a cookie', async () => {
    for (const path of ['/', '/assets/app.js', `/?token=${token}`]) {
      const res = await httpGet(port, path)
      expect(res.status, path).toBe(200)
      expect(res.headers['set-cookie'], path).toBeUndefined()
    }
    expect((await httpGet(port, '/assets/app.js')).body).toBe('console.log("app")\n')
  })

  it('gives nothing to a fetch from a page on another port or site, even with the old token cookie', async () => {
    const cookie = oldTokenCookie(port, token)
    for (const site of ['same-site', 'cross-site']) {
      for (const path of ['/', '/assets/app.js', '/bridge.js']) {
        const res = await httpGet(port, path, {
          cookie,
          'sec-fetch-site': site,
          'sec-fetch-mode': 'cors',
          origin: `http://127.0.0.1:${port + 1}`
        })
        expect(res.status, `${site} ${path}`).toBe(403)
        expect(
          (await httpGet(port, path, { cookie, 'sec-fetch-site': site, 'sec-fetch-mode': 'no-cors' })).status,
          `${site} ${path}`
        ).toBe(403)
      }
    }
    // Following a link to the studio is fine: a navigation cannot read anything back.
    expect((await httpGet(port, '/', { 'sec-fetch-site': 'same-site', 'sec-fetch-mode': 'navigate' })).status).toBe(200)
  })

  it('refuses a Host that is not ours (DNS rebinding)', async () => {
    for (const host of [
      'evil.example',
      `evil.example:${port}`,
      `127.0.0.1:${port + 1}`,
      `[::1]:${port}`,
      `127.0.0.1`
    ]) {
      expect((await httpGet(port, '/', { host })).status, host).toBe(403)
    }
    expect((await httpGet(port, '/', { host: `localhost:${port}` })).status).toBe(200)
  })

  it('refuses a foreign or null Origin', async () => {
    for (const origin of ['http://evil.example', `http://localhost:${port}`, `https://127.0.0.1:${port}`, 'null']) {
      expect((await httpGet(port, '/', { origin })).status, origin).toBe(403)
    }
    expect((await httpGet(port, '/', { origin: `http://127.0.0.1:${port}` })).status).toBe(200)
  })

  it('never serves a file outside the renderer build', async () => {
    for (const path of [
      '/../package.json',
      '/assets/../../etc/passwd',
      '/%2e%2e/%2e%2e/etc/passwd',
      '/assets/..%2f..%2fetc%2fpasswd',
      '/..\\..\\etc\\passwd',
      '/%00',
      '/%E0%A4%A',
      '/nope.js',
      '/assets'
    ]) {
      expect((await httpGet(port, path)).status, path).toBe(404)
    }
  })

  it('puts the exact CSP and the hardening headers on every answer, even refusals', async () => {
    const csp = buildCsp({ connect: ["'self'", `ws://127.0.0.1:${port}`, `ws://localhost:${port}`] })
    for (const res of [
      await httpGet(port, '/'),
      await httpGet(port, '/', { host: 'evil.example' }),
      await httpGet(port, '/nope')
    ]) {
      expect(res.headers['content-security-policy']).toBe(csp)
      expect(res.headers['x-content-type-options']).toBe('nosniff')
      expect(res.headers['referrer-policy']).toBe('no-referrer')
      expect(res.headers['cache-control']).toBe('no-store')
    }
    expect(csp).toContain(`connect-src 'self' ws://127.0.0.1:${port} ws://localhost:${port};`)
  })

  it('serves index.html with the bridge script first in <head>, before the app script', async () => {
    const res = await httpGet(port, '/')
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8')
    const tag = bridgeScriptTag(contentVersion(readFileSync(join(renderer.dir, 'bridge.js'))))
    const bridgeAt = res.body.indexOf(tag)
    expect(bridgeAt).toBeGreaterThan(res.body.indexOf('<head>'))
    expect(bridgeAt).toBeLessThan(res.body.indexOf(APP_SCRIPT))
    expect(res.body.split(tag)).toHaveLength(2)
    expect(Number(res.headers['content-length'])).toBe(Buffer.byteLength(res.body))
    expect((await httpGet(port, '/index.html')).body).toBe(res.body)
  })

  it('lets the browser keep nothing: hashed assets and the bridge at its versioned address are no-store too (a loopback address is not ours between launches)', async () => {
    writeFileSync(join(renderer.dir, 'assets', 'index-B2x9_kQz.js'), 'export {}\n')
    const versioned = /<script type="module" src="(\/bridge\.js\?v=[\w-]+)"><\/script>/.exec(
      (await httpGet(port, '/')).body
    )?.[1]
    expect(versioned).toBe(`/bridge.js?v=${contentVersion(readFileSync(join(renderer.dir, 'bridge.js')))}`)
    for (const path of [
      '/',
      '/index.html',
      '/bridge.js',
      versioned!,
      '/assets/app.js',
      '/assets/index-B2x9_kQz.js',
      '/nope'
    ]) {
      const res = await httpGet(port, path)
      expect(res.headers['cache-control'], path).toBe('no-store')
      expect(res.headers['cache-control'], path).not.toMatch(/immutable|max-age/)
    }
    const refused = await httpGet(port, '/assets/index-B2x9_kQz.js', {
      'sec-fetch-site': 'cross-site',
      'sec-fetch-mode': 'no-cors'
    })
    expect(refused.status).toBe(403)
    expect(refused.headers['cache-control']).toBe('no-store')
  })

  it('refuses every service worker script fetch, whatever file it names', async () => {
    for (const path of ['/bridge.js', '/assets/app.js', '/', '/nope.js']) {
      const res = await httpGet(port, path, {
        'service-worker': 'script',
        'sec-fetch-dest': 'serviceworker',
        'sec-fetch-site': 'same-origin'
      })
      expect(res.status, path).toBe(403)
      expect(res.body).not.toContain('console.log')
      expect(res.headers['service-worker-allowed'], path).toBeUndefined()
    }
    expect((await httpGet(port, '/assets/app.js')).status).toBe(200)
  })

  it('clears the site data on the first page asked for with an unused launch address, once, and never on other answers', async () => {
    const launchOf = (url: string) => new URL(url).searchParams.get('launch')!
    const printed = launchOf(server.url)
    expect(printed).toMatch(/^[A-Za-z0-9_-]{16}$/)
    const opened = launchOf(server.launchUrl())
    expect(opened).not.toBe(printed)
    expect((await httpGet(port, '/assets/app.js?launch=' + printed)).headers['clear-site-data']).toBeUndefined()
    expect((await httpGet(port, '/?launch=AAAAAAAAAAAAAAAA')).headers['clear-site-data']).toBeUndefined()
    expect((await httpGet(port, '/')).headers['clear-site-data']).toBeUndefined()
    for (const nonce of [printed, opened]) {
      const first = await httpGet(port, `/?launch=${nonce}`)
      expect(first.status).toBe(200)
      expect(first.headers['clear-site-data']).toBe('"cache", "storage"')
      // A reload of the same address keeps what the page stored since (the token for the reload).
      expect((await httpGet(port, `/?launch=${nonce}`)).headers['clear-site-data']).toBeUndefined()
    }
  })
  it('answers HEAD without a body and refuses other methods', async () => {
    const head = await httpGet(port, '/assets/style.css', {}, 'HEAD')
    expect(head.status).toBe(200)
    expect(head.headers['content-type']).toBe('text/css; charset=utf-8')
    expect(head.body).toBe('')
    const post = await httpGet(port, '/', {}, 'POST')
    expect(post.status).toBe(405)
    expect(post.headers.allow).toBe('GET, HEAD')
  })

  it('answers a plain GET of the bridge path with 426 (it is a WebSocket)', async () => {
    expect((await httpGet(port, '/bridge')).status).toBe(426)
  })

  it('splits the request target without normalising dot segments', () => {
    expect(splitTarget('/a/../b?x=1&challenge=abc')).toMatchObject({ pathname: '/a/../b' })
    expect(splitTarget('/a/../b?x=1&challenge=abc').query.get('challenge')).toBe('abc')
    expect(splitTarget('/').pathname).toBe('/')
    expect(splitTarget(undefined).pathname).toBe('/')
  })
})

describe('the one-time launch address', () => {
  it('the opened address holds a code, not the token; the page exchanges it once for the token', async () => {
    const renderer = makeRendererDir()
    const server = await startHostServer({ core: fakeCore(), rendererDir: renderer.dir })
    const token = tokenOf(server.url)
    const launch = server.launchUrl()
    expect(launch).toMatch(
      new RegExp(`^http://127\\.0\\.0\\.1:${server.port}/\\?launch=[A-Za-z0-9_-]{16}#code=[A-Za-z0-9_-]{22}$`)
    )
    expect(launch).not.toContain(token)
    const code = new URLSearchParams(new URL(launch).hash.slice(1)).get('code')!
    const exchange = (headers: Record<string, string>, body = code) =>
      httpSend(server.port, '/session', { method: 'POST', headers, body: Buffer.from(body) })
    const page = { origin: server.origin, 'sec-fetch-site': 'same-origin' }
    // Another port's page, or no Origin: refused, and the code is not spent by it.
    expect(
      (await exchange({ origin: `http://127.0.0.1:${server.port + 1}`, 'sec-fetch-site': 'same-site' })).status
    ).toBe(403)
    expect((await exchange({})).status).toBe(403)
    const first = await exchange(page)
    expect(first.status).toBe(200)
    expect(first.json()).toEqual({ token })
    const again = await exchange(page)
    expect(again.status).toBe(403)
    expect(again.bytes.toString()).toMatch(/already used or has expired/)
    expect((await exchange(page, 'x'.repeat(10_000))).status).toBe(403)
    expect((await httpSend(server.port, '/session', { headers: page })).status).toBe(405)
    await server.close()
    renderer.cleanup()
  })
})

describe('a launch code used twice', () => {
  it('replaces the token, drops every socket, revokes unused codes and gives the new address', async () => {
    const renderer = makeRendererDir()
    const replaced: string[] = []
    let redeemed = 0
    const server = await startHostServer({
      core: fakeCore(),
      rendererDir: renderer.dir,
      onTokenReplaced: (url) => replaced.push(url),
      onCodeRedeemed: () => redeemed++
    })
    const oldToken = tokenOf(server.url)
    const codeOf = (launch: string) => new URLSearchParams(new URL(launch).hash.slice(1)).get('code')!
    const code = codeOf(server.launchUrl())
    const unused = codeOf(server.launchUrl())
    const page = { origin: server.origin, 'sec-fetch-site': 'same-origin' }
    const exchange = (c: string) =>
      httpSend(server.port, '/session', { method: 'POST', headers: page, body: Buffer.from(c) })
    // The racer (or the browser) that came first has the token and a live socket.
    expect((await exchange(code)).json()).toEqual({ token: oldToken })
    expect(redeemed).toBe(1)
    const socket = await openAuthed(server.port, oldToken)
    const closed = new Promise((r) => socket.once('close', r))
    expect(replaced).toEqual([])

    expect((await exchange(code)).status).toBe(403)
    await closed
    expect(replaced).toHaveLength(1)
    expect(replaced[0]).toBe(server.url)
    const newToken = tokenOf(server.url)
    expect(newToken).not.toBe(oldToken)
    expect((await exchange(unused)).status).toBe(403)
    // The old token opens nothing any more; the new one does.
    const upload = (t: string) =>
      httpSend(server.port, '/upload?purpose=chat-attachment&name=a.png', {
        method: 'POST',
        headers: { ...page, ...tokenHeader(t) },
        body: Buffer.from('x')
      })
    expect((await upload(oldToken)).status).toBe(403)
    expect((await upload(newToken)).status).toBe(200)
    ;(await openAuthed(server.port, newToken)).close()
    expect(redeemed).toBe(1)
    await server.close()
    renderer.cleanup()
  })

  it('an expired or unknown code is refused without replacing the token', async () => {
    const renderer = makeRendererDir()
    const replaced: string[] = []
    const server = await startHostServer({
      core: fakeCore(),
      rendererDir: renderer.dir,
      onTokenReplaced: (url) => replaced.push(url)
    })
    const before = server.url
    const page = { origin: server.origin, 'sec-fetch-site': 'same-origin' }
    for (const body of ['A'.repeat(22), 'A'.repeat(22), '']) {
      expect(
        (await httpSend(server.port, '/session', { method: 'POST', headers: page, body: Buffer.from(body) })).status
      ).toBe(403)
    }
    expect(replaced).toEqual([])
    expect(server.url).toBe(before)
    await server.close()
    renderer.cleanup()
  })
})

describe('a launch on its own loopback address', () => {
  // Linux routes all of 127.0.0.0/8 to the loopback interface; main.ts falls back to 127.0.0.1 elsewhere.
  it.runIf(process.platform === 'linux')(
    'serves its own origin: only its address in Host, Origin and the CSP, not 127.0.0.1 nor localhost',
    async () => {
      const renderer = makeRendererDir()
      const server = await startHostServer({ core: fakeCore(), rendererDir: renderer.dir, host: '127.83.4.9' })
      const own = `127.83.4.9:${server.port}`
      expect(server.origin).toBe(`http://${own}`)
      expect(server.url.startsWith(`http://${own}/?launch=`)).toBe(true)
      const get = (headers: Record<string, string>) =>
        new Promise<{ status: number; csp: string }>((resolve, reject) => {
          const req = httpRequest({ host: '127.83.4.9', port: server.port, path: '/', headers }, (res) => {
            res.resume()
            resolve({ status: res.statusCode ?? 0, csp: String(res.headers['content-security-policy']) })
          })
          req.on('error', reject)
          req.end()
        })
      const ok = await get({ host: own, origin: `http://${own}` })
      expect(ok.status).toBe(200)
      expect(ok.csp).toContain(`connect-src 'self' ws://${own};`)
      expect(ok.csp).not.toMatch(/127\.0\.0\.1|localhost/)
      for (const host of [`127.0.0.1:${server.port}`, `localhost:${server.port}`])
        expect((await get({ host })).status, host).toBe(403)
      expect((await get({ host: own, origin: `http://127.0.0.1:${server.port}` })).status).toBe(403)
      await expect(httpGet(server.port, '/')).rejects.toThrow(/ECONNREFUSED/) // nothing on 127.0.0.1
      await server.close()
      renderer.cleanup()
    }
  )

  it('refuses any address that is not loopback', async () => {
    const renderer = makeRendererDir()
    for (const host of ['0.0.0.0', '10.0.0.1', '127.0.0', '127.0.0.256', '::1', 'localhost', '127.0.0.01']) {
      await expect(startHostServer({ core: fakeCore(), rendererDir: renderer.dir, host }), host).rejects.toThrow(
        /loopback addresses only/
      )
    }
    renderer.cleanup()
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
    await expect(startHostServer({ core: fakeCore(), rendererDir: renderer.dir, port: a.port })).rejects.toMatchObject({
      code: 'EADDRINUSE'
    })
    await a.close()
    renderer.cleanup()
  })
})
