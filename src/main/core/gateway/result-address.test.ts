import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { downloadResult } from '../images/result-files'
import { fetchVideo } from '../video/download'
import {
  allowLoopbackResultOrigin,
  checkResultAddress,
  MAX_RESULT_REDIRECTS,
  refusalOf,
  type Resolve
} from './result-address'

const dir = mkdtempSync(join(tmpdir(), 'studio-result-address-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

/** A fake DNS: every name resolves to what the table says. */
const dns =
  (table: Record<string, string[]>): Resolve =>
  async (host) => {
    const found = table[host]
    if (!found) throw Object.assign(new Error('not found'), { code: 'ENOTFOUND' })
    return found
  }

async function refusal(p: Promise<unknown>): Promise<{ message: string; details?: Record<string, unknown> }> {
  const e = await p.then(
    () => null,
    (err: unknown) => err
  )
  if (!e) throw new Error('expected a refusal')
  return e as { message: string; details?: Record<string, unknown> }
}

describe('where result downloads may go', () => {
  const remote = 'https://gw.example'
  const sandbox = 'http://127.0.0.1:4000'

  it('refuses plain http unless both the profile and the target are on this computer', async () => {
    for (const url of ['http://cdn.example/a.png', 'http://127.0.0.1:9/a.png']) {
      const e = await refusal(checkResultAddress(new URL(url), remote, dns({ 'cdn.example': ['93.184.216.34'] })))
      expect(e.message, url).toMatch(/is not https/)
      expect(e.details).toMatchObject({ reason: 'address-refused' })
    }
    await expect(
      checkResultAddress(new URL('http://cdn.example/a.png'), sandbox, dns({ 'cdn.example': ['93.184.216.34'] }))
    ).rejects.toMatchObject({ details: { reason: 'address-refused' } })
    await expect(checkResultAddress(new URL('http://127.0.0.1:4000/a.png'), sandbox)).resolves.toEqual(['127.0.0.1'])
    await expect(
      checkResultAddress(new URL('http://localhost:4000/a.png'), sandbox, dns({ localhost: ['127.0.0.1'] }))
    ).resolves.toEqual(['127.0.0.1'])
  })

  it("a loopback gateway's results come only from its own origin or the sandbox's, never from another service on this computer", async () => {
    for (const url of [
      'http://127.0.0.1:5432/a.png',
      'http://localhost:6379/a.png',
      'http://[::1]:8080/a.png',
      'https://127.0.0.1:9443/a.png'
    ]) {
      const e = await refusal(checkResultAddress(new URL(url), sandbox, dns({ localhost: ['127.0.0.1'] })))
      expect(e.details, url).toMatchObject({ reason: 'address-refused' })
    }
    // A name on the gateway's port is still refused when it leads off this computer over plain http.
    await expect(
      refusal(
        checkResultAddress(new URL('http://lan.example:4000/a.png'), sandbox, dns({ 'lan.example': ['93.184.216.34'] }))
      )
    ).resolves.toMatchObject({ message: expect.stringMatching(/is not https/) })
    // The sandbox's file server (registered by studio-core when it starts the sandbox) is allowed, and only while it runs.
    const remove = allowLoopbackResultOrigin('http://127.0.0.1:4001')
    await expect(checkResultAddress(new URL('http://127.0.0.1:4001/a.png'), sandbox)).resolves.toEqual(['127.0.0.1'])
    await expect(
      checkResultAddress(new URL('http://localhost:4001/a.png'), 'http://localhost:5000', dns({ localhost: ['::1'] }))
    ).resolves.toEqual(['::1'])
    remove()
    await expect(refusal(checkResultAddress(new URL('http://127.0.0.1:4001/a.png'), sandbox))).resolves.toMatchObject({
      details: { reason: 'address-refused' }
    })
    // A remote gateway gets none of this.
    await expect(refusal(checkResultAddress(new URL('https://127.0.0.1:443/a.png'), remote))).resolves.toMatchObject({
      details: { reason: 'address-refused' }
    })
  })

  it('checks the addresses a name resolves to, and says which address and why', async () => {
    const cases: Array<[string, string]> = [
      ['10.1.2.3', 'private network'],
      ['192.168.1.1', 'private network'],
      ['172.20.0.1', 'private network'],
      ['100.64.0.1', 'private network'],
      ['fd00::1', 'private network'],
      ['169.254.169.254', 'link-local'],
      ['fe80::1', 'link-local'],
      ['127.0.0.1', 'loopback'],
      ['::1', 'loopback'],
      ['::ffff:10.0.0.1', 'private network'],
      ['0.0.0.0', 'reserved'],
      ['224.0.0.1', 'multicast']
    ]
    for (const [address, why] of cases) {
      const e = await refusal(
        checkResultAddress(
          new URL('https://cdn.example/x.png'),
          remote,
          dns({ 'cdn.example': ['93.184.216.34', address] })
        )
      )
      expect(e.message, address).toContain(`resolves to ${address}, `)
      expect(e.message, address).toContain(why)
      expect(e.details).toMatchObject({ reason: 'address-refused', address, host: 'cdn.example' })
    }
    await expect(
      checkResultAddress(
        new URL('https://cdn.example/x.png'),
        remote,
        dns({ 'cdn.example': ['93.184.216.34', '2606:4700::1'] })
      )
    ).resolves.toEqual(['93.184.216.34', '2606:4700::1'])
    await expect(refusal(checkResultAddress(new URL('https://[::1]/x.png'), remote))).resolves.toMatchObject({
      details: { address: '::1' }
    })
    expect(refusalOf('127.0.0.1', true)).toBeNull()
    expect(refusalOf('10.0.0.1', true)).toMatch(/private/)
  })

  it('refuses a name that cannot be looked up, or resolves to nothing, instead of letting the download look again', async () => {
    const e = await refusal(checkResultAddress(new URL('https://nowhere.example/x.png'), remote, dns({})))
    expect(e.message).toMatch(/nowhere\.example could not be looked up \(ENOTFOUND\)/)
    expect(e.details).toMatchObject({ reason: 'address-refused', host: 'nowhere.example' })
    await expect(
      refusal(checkResultAddress(new URL('https://empty.example/x.png'), remote, dns({ 'empty.example': [] })))
    ).resolves.toMatchObject({ details: { reason: 'address-refused' } })
  })

  it('judges NAT64 (64:ff9b::/96) and 6to4 (2002::/16) by the IPv4 address they carry, and refuses local-use NAT64 (64:ff9b:1::/48)', async () => {
    const refusedCases: Array<[string, string]> = [
      ['64:ff9b::a00:1', 'private network'], // 10.0.0.1
      ['64:ff9b::10.0.0.1', 'private network'],
      ['64:ff9b::a9fe:a9fe', 'link-local'], // 169.254.169.254, cloud metadata
      ['64:ff9b::7f00:1', 'loopback'], // 127.0.0.1
      ['2002:a00:1::1', 'private network'], // 6to4 of 10.0.0.1
      ['2002:c0a8:101::', 'private network'], // 6to4 of 192.168.1.1
      ['2002:7f00:1::1', 'loopback'], // 6to4 of 127.0.0.1
      ['64:ff9b:1::5db8:d822', 'private network'], // local-use NAT64, even of a public address
      ['::ffff:a00:1', 'private network'], // IPv4-mapped, as the URL parser writes it
      ['::a00:1', 'reserved'] // IPv4-compatible (deprecated)
    ]
    for (const [address, why] of refusedCases) {
      const e = await refusal(
        checkResultAddress(new URL('https://cdn.example/x.png'), remote, dns({ 'cdn.example': [address] }))
      )
      expect(e.message, address).toContain(why)
      expect(refusalOf(address, false), address).toContain(why)
    }
    for (const address of ['64:ff9b::5db8:d822', '2002:5db8:d822::1'])
      expect(refusalOf(address, false), address).toBeNull() // 93.184.216.34
    await expect(
      refusal(checkResultAddress(new URL('https://[64:ff9b::10.0.0.1]/x.png'), remote))
    ).resolves.toMatchObject({ details: { reason: 'address-refused' } })
  })

  describe('through the real downloaders', () => {
    const servers: Server[] = []
    afterAll(() => Promise.all(servers.map((s) => new Promise((r) => s.close(r)))))
    async function serve(handler: Parameters<typeof createServer>[1]): Promise<string> {
      const s = createServer(handler)
      servers.push(s)
      await new Promise<void>((r) => s.listen(0, '127.0.0.1', () => r()))
      return `http://127.0.0.1:${(s.address() as AddressInfo).port}`
    }

    it('an image from a remote profile at a loopback or private address is never requested', async () => {
      const hits: string[] = []
      const local = await serve((req, res) => {
        hits.push(req.url ?? '')
        res.end('x')
      })
      const gateway = { baseUrl: 'https://gw.example', key: 'sk-k' }
      const resolve = dns({ 'cdn.example': ['10.0.0.7'] })
      for (const url of [`${local}/a.png`, 'https://cdn.example/a.png']) {
        const e = await refusal(
          downloadResult({ fetch: (i, init) => fetch(i, init), url, gateway, dir, id: 'a', resolve })
        )
        expect(e.details, url).toMatchObject({ reason: 'address-refused' })
      }
      expect(hits).toEqual([])
      expect(readdirSync(dir)).toEqual([])
    })

    it('every redirect hop is checked: a public CDN that redirects to this computer is refused before that request', async () => {
      const hits: string[] = []
      const local = await serve((req, res) => {
        hits.push(req.url ?? '')
        res.end('x')
      })
      const fakeFetch = async (input: string | URL): Promise<Response> => {
        const u = new URL(String(input))
        if (u.hostname === 'cdn.example')
          return new Response(null, { status: 302, headers: { location: `${local}/stolen.mp4` } })
        return fetch(u)
      }
      const e = await refusal(
        fetchVideo({
          fetch: fakeFetch,
          url: 'https://cdn.example/v.mp4',
          contentPath: '/v1/videos/v/content',
          conn: { baseUrl: 'https://gw.example', key: 'sk-k' },
          dir,
          id: 'v',
          resolve: dns({ 'cdn.example': ['93.184.216.34'] })
        })
      )
      expect(e.message).toMatch(/is not https/)
      expect(hits).toEqual([])
    })

    it(`stops after ${MAX_RESULT_REDIRECTS} redirects`, async () => {
      let n = 0
      const loop = async (): Promise<Response> =>
        new Response(null, { status: 302, headers: { location: `https://cdn.example/${++n}` } })
      const e = await refusal(
        downloadResult({
          fetch: loop,
          url: 'https://cdn.example/0',
          gateway: { baseUrl: 'https://gw.example', key: 'k' },
          dir,
          id: 'r',
          resolve: dns({ 'cdn.example': ['93.184.216.34'] })
        })
      )
      expect(e.message).toMatch(/redirected more than 5 times/)
      expect(n).toBe(MAX_RESULT_REDIRECTS + 1)
    })

    it('connects to the address that was checked, not to what a second lookup says (DNS rebinding)', async () => {
      const png = Buffer.from(
        '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4f60000000049454e44ae426082',
        'hex'
      )
      // The checked answer for "localhost" is 127.0.0.2; the system's own lookup says 127.0.0.1,
      // where another service listens on the same port.
      const checked = createServer((_req, res) => res.writeHead(200, { 'content-length': String(png.length) }).end(png))
      servers.push(checked)
      await new Promise<void>((r) => checked.listen(0, '127.0.0.2', () => r()))
      const port = (checked.address() as AddressInfo).port
      const hits: string[] = []
      const elsewhere = createServer((req, res) => {
        hits.push(req.url ?? '')
        res.end('<html>another service</html>')
      })
      servers.push(elsewhere)
      await new Promise<void>((r) => elsewhere.listen(port, '127.0.0.1', () => r()))
      const saved = await downloadResult({
        fetch: (i, init) => fetch(i, init),
        url: `http://localhost:${port}/a.png`,
        gateway: { baseUrl: `http://127.0.0.1:${port}`, key: 'k' },
        dir,
        id: 'pinned',
        resolve: dns({ localhost: ['127.0.0.2'] })
      })
      expect(saved).toMatchObject({ format: 'png', width: 1, height: 1 })
      expect(hits).toEqual([])
    })

    it('the sandbox (a loopback profile) still downloads from its loopback CDN', async () => {
      const png = Buffer.from(
        '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4f60000000049454e44ae426082',
        'hex'
      )
      const cdn = await serve((_req, res) => res.writeHead(200, { 'content-length': String(png.length) }).end(png))
      allowLoopbackResultOrigin(cdn)
      const saved = await downloadResult({
        fetch: (i, init) => fetch(i, init),
        url: `${cdn}/a.png`,
        gateway: { baseUrl: 'http://127.0.0.1:1', key: 'k' },
        dir,
        id: 'ok'
      })
      expect(saved).toMatchObject({ format: 'png', width: 1, height: 1 })
    })
  })
})
