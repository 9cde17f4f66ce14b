import type { IncomingHttpHeaders } from 'node:http'
import { afterEach, describe, expect, it } from 'vitest'
import { EMPTY_PAGE, hostPageHeaders, servePages } from '../bench/lib/static-server'
import { startHostServer } from '../src/main/host/server'
import { browserHeaders, fakeCore, httpGet, makeRendererDir } from '../src/main/host/testing/support'

/** Headers of the connection and the body, which say nothing about the page's policy. */
const TRANSPORT = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive', 'transfer-encoding'])

function policyHeaders(headers: IncomingHttpHeaders): Record<string, string> {
  return Object.fromEntries(
    Object.entries(headers)
      .filter(([k]) => !TRANSPORT.has(k))
      .map(([k, v]) => [k, String(v)])
  )
}

function lowerCased(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]))
}

const cleanups: Array<() => Promise<void> | void> = []
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c()
})

describe("T1-warm's baseline page carries the browser host's page headers", () => {
  it('hostPageHeaders is exactly what the host sends with index.html', async () => {
    const renderer = makeRendererDir()
    cleanups.push(renderer.cleanup)
    const server = await startHostServer({ core: fakeCore(), rendererDir: renderer.dir })
    cleanups.push(() => server.close())
    for (const path of ['/', '/index.html']) {
      const res = await httpGet(server.port, path, browserHeaders(server.port))
      expect(res.status).toBe(200)
      expect(res.headers['content-type']).toMatch(/^text\/html/)
      expect({ path, headers: policyHeaders(res.headers) }).toEqual({
        path,
        headers: lowerCased(hostPageHeaders(server.port))
      })
    }
  })

  it('the empty page is served with them, for its own port, and nothing else', async () => {
    const pages = await servePages({ '/empty': EMPTY_PAGE }, hostPageHeaders)
    cleanups.push(() => pages.close())
    const port = Number(new URL(pages.url).port)
    const res = await httpGet(port, '/empty')
    expect(res.body).toBe(EMPTY_PAGE)
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(policyHeaders(res.headers)).toEqual(lowerCased(hostPageHeaders(port)))
  })
})
