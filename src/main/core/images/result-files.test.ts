import { mkdtempSync, readdirSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { imageBytes } from '../files/testing/images'
import { allowLoopbackResultOrigin } from '../gateway/result-address'
import { scriptedServer } from '../testing/scripted-server'
import { decodeBase64Image, downloadResult, writeResultBytes } from './result-files'

type Server = Awaited<ReturnType<typeof scriptedServer>>

describe('result downloads', () => {
  let png: Buffer
  let cdn: Server
  let gateway: Server
  beforeAll(async () => {
    png = await imageBytes('png', 30, 20)
    const serve = (req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => {
      const path = req.url ?? ''
      if (path === '/ok.png')
        return res.writeHead(200, { 'content-type': 'image/png', 'content-length': png.length }).end(png)
      if (path === '/html') return res.writeHead(200, { 'content-type': 'text/html' }).end('<html>error</html>')
      if (path === '/empty') return res.writeHead(200, { 'content-length': 0 }).end()
      if (path === '/short') {
        res.writeHead(200, { 'content-length': png.length + 100 })
        res.write(png)
        return setTimeout(() => res.destroy(), 20)
      }
      if (path === '/expired')
        return res.writeHead(403, { 'content-type': 'application/xml' }).end('<Error><Code>AccessDenied</Code></Error>')
      if (path === '/redirect') return res.writeHead(302, { location: `${cdn.url}/ok.png` }).end()
      if (path === '/stall') {
        res.writeHead(200, { 'content-length': png.length })
        return res.write(png.subarray(0, 10))
      }
      res.writeHead(404).end()
    }
    cdn = await scriptedServer(serve)
    gateway = await scriptedServer(serve)
    // The sandbox's case: a loopback gateway whose results come from its own file server.
    allowLoopbackResultOrigin(cdn.url)
  })
  afterAll(async () => {
    await cdn.close()
    await gateway.close()
  })

  const dir = () => mkdtempSync(join(tmpdir(), 'results-'))
  const conn = () => ({ baseUrl: gateway.url, key: 'sk-test-key-123456' })
  const get = (url: string, d = dir(), timing = {}) =>
    downloadResult({ fetch: (i, init) => fetch(i, init), url, gateway: conn(), dir: d, id: 'r1', timing })

  it('streams a verified image to <id>.<ext> with its header size, leaving no .part', async () => {
    const d = dir()
    const saved = await get(`${cdn.url}/ok.png`, d)
    expect(saved).toMatchObject({ name: 'r1.png', format: 'png', width: 30, height: 20, bytes: png.length })
    expect(readFileSync(saved.path).equals(png)).toBe(true)
    expect(readdirSync(d)).toEqual(['r1.png'])
  })

  it('sends the key only to the gateway origin, never to another origin', async () => {
    const before = cdn.requests.length
    await get(`${cdn.url}/ok.png`)
    expect(cdn.requests[before].headers.authorization).toBeUndefined()
    const g = gateway.requests.length
    await get(`${gateway.url}/ok.png`)
    expect(gateway.requests[g].headers.authorization).toBe('Bearer sk-test-key-123456')
  })

  it('follows a redirect only when no key is attached', async () => {
    await expect(get(`${cdn.url}/redirect`)).resolves.toMatchObject({ format: 'png' })
    await expect(get(`${gateway.url}/redirect`)).rejects.toMatchObject({ details: { reason: 'status' } })
  })

  it.each([
    ['/html', 'wrong-bytes', /not a PNG, JPEG or WebP/],
    ['/empty', 'empty', /empty \(0 bytes\)/],
    ['/short', 'network', /connection failed or was cut/],
    ['/expired', 'expired', /expired/],
    ['/missing', 'gone', /no longer at its address \(404\)/]
  ])('%s: refused with reason %s and nothing left on disk', async (path, reason, message) => {
    const d = dir()
    const err = await get(`${cdn.url}${path}`, d).catch((e: unknown) => e as { details?: unknown; message: string })
    expect(err).toMatchObject({ code: 'GATEWAY_ERROR', details: { reason } })
    expect((err as Error).message).toMatch(message)
    expect(readdirSync(d)).toEqual([])
  })

  it('gives up on a download that stalls, and removes the .part', async () => {
    const d = dir()
    await expect(get(`${cdn.url}/stall`, d, { idleMs: 300 })).rejects.toThrow(/stopped answering/)
    expect(readdirSync(d)).toEqual([])
  })

  it('refuses addresses that are not http(s)', async () => {
    await expect(get('file:///etc/passwd')).rejects.toMatchObject({ details: { reason: 'bad-url' } })
  })
})

describe('inline (b64_json) results', () => {
  it('decodes and writes verified bytes', async () => {
    const d = mkdtempSync(join(tmpdir(), 'results-'))
    const webp = await imageBytes('webp', 12, 9)
    const saved = await writeResultBytes(d, 'b1', decodeBase64Image(webp.toString('base64')))
    expect(saved).toMatchObject({ name: 'b1.webp', format: 'webp', width: 12, height: 9 })
  })

  it('refuses text that is not Base64, and bytes that are not an image', async () => {
    expect(() => decodeBase64Image('not base64!')).toThrow(/not Base64/)
    const d = mkdtempSync(join(tmpdir(), 'results-'))
    await expect(writeResultBytes(d, 'b2', Buffer.from('hello world, not an image'))).rejects.toMatchObject({
      details: { reason: 'wrong-bytes' }
    })
    expect(readdirSync(d)).toEqual([])
  })
})
