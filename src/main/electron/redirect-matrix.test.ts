import { mkdtempSync, rmSync } from 'node:fs'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { FetchLike } from '../core/gateway/http'
import { allowLoopbackResultOrigin, MAX_RESULT_REDIRECTS, type Resolve } from '../core/gateway/result-address'
import { downloadResult } from '../core/images/result-files'
import { scriptedServer } from '../core/testing/scripted-server'
import { FakeNet } from './testing/net'

vi.mock('electron', () => ({ net: {} }))

const { createNetFetch } = await import('./net-fetch')

/**
 * One result download, redirected in each way the issue lists, through both shells' fetch: the
 * Electron adapter over a fake of Electron's `net` (testing/net.ts) and Node's fetch, which the
 * browser host uses, both against the same loopback servers. The policy runs once, in the core
 * (fetchResult); the shells must reach the same outcome and send the same requests.
 */

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4f60000000049454e44ae426082',
  'hex'
)

type Server = Awaited<ReturnType<typeof scriptedServer>>
let cdn: Server
let other: Server
const dir = mkdtempSync(join(tmpdir(), 'studio-redirect-matrix-'))

/** `/r/<n>` redirects n more times, then serves the image; `/to?l=<address>` redirects there. */
function files(req: IncomingMessage, res: ServerResponse): void {
  const url = new URL(req.url ?? '/', 'http://x')
  const hops = /^\/r\/(\d+)$/.exec(url.pathname)
  if (hops) {
    const n = Number(hops[1])
    if (n === 0)
      return void res.writeHead(200, { 'content-type': 'image/png', 'content-length': String(PNG.length) }).end(PNG)
    return void res.writeHead(302, { location: `/r/${n - 1}` }).end()
  }
  if (url.pathname === '/to') return void res.writeHead(307, { location: url.searchParams.get('l') ?? '/' }).end()
  res.writeHead(404).end()
}

beforeAll(async () => {
  cdn = await scriptedServer(files)
  other = await scriptedServer(files)
  // The sandbox's case: a loopback gateway whose results come from its file servers.
  allowLoopbackResultOrigin(cdn.url)
  allowLoopbackResultOrigin(other.url)
})
afterAll(async () => {
  await Promise.all([cdn.close(), other.close()])
  rmSync(dir, { recursive: true, force: true })
})

/** A loopback gateway (the sandbox's case): plain http on loopback is allowed, private addresses are not. */
const gateway = { baseUrl: 'http://127.0.0.1:1', key: 'sk-matrix-key' }
const resolve: Resolve = async (host) => {
  if (host === 'private.example') return ['10.0.0.7']
  throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' })
}

interface Outcome {
  saved: boolean
  reason?: unknown
  retryable?: unknown
  message?: string
  /** The paths each server was asked for, in order. */
  cdn: string[]
  other: string[]
}

let n = 0
async function run(fetchImpl: FetchLike, start: string): Promise<Outcome> {
  const before = { cdn: cdn.requests.length, other: other.requests.length }
  const outcome = await downloadResult({ fetch: fetchImpl, url: start, gateway, dir, id: `m${n++}`, resolve }).then(
    () => ({ saved: true }),
    (e: { details?: { reason?: unknown }; retryable?: unknown; message?: string }) => ({
      saved: false,
      reason: e.details?.reason,
      retryable: e.retryable,
      message: e.message
    })
  )
  const paths = (s: Server, from: number) => s.requests.slice(from).map((r) => r.url ?? '')
  for (const r of [...cdn.requests.slice(before.cdn), ...other.requests.slice(before.other)])
    expect(r.headers.authorization).toBeUndefined()
  return { ...outcome, cdn: paths(cdn, before.cdn), other: paths(other, before.other) }
}

const shells: Array<[string, () => FetchLike]> = [
  ['Electron (net.request, fake net)', () => createNetFetch(new FakeNet())],
  [
    'Electron (net.request, fake net; Chromium refuses a non-http redirect itself: only a real binary says which)',
    () => createNetFetch(new FakeNet({ unsafeRedirects: 'error' }))
  ],
  ['browser host (Node fetch)', () => (input, init) => fetch(input, init)]
]

const cases: Array<[string, () => string, (o: Outcome) => void]> = [
  ['redirected once', () => `${cdn.url}/r/1`, (o) => expect(o).toMatchObject({ saved: true, cdn: ['/r/1', '/r/0'] })],
  [
    'redirected 3 times',
    () => `${cdn.url}/r/3`,
    (o) => expect(o).toMatchObject({ saved: true, cdn: ['/r/3', '/r/2', '/r/1', '/r/0'] })
  ],
  [
    `redirected 6 times (over the cap of ${MAX_RESULT_REDIRECTS})`,
    () => `${cdn.url}/r/6`,
    (o) => {
      expect(o).toMatchObject({ saved: false, reason: 'address-refused', retryable: false })
      expect(o.message).toMatch(/redirected more than 5 times/)
      expect(o.cdn).toEqual(['/r/6', '/r/5', '/r/4', '/r/3', '/r/2', '/r/1'])
    }
  ],
  [
    'redirected to another origin the policy allows',
    () => `${cdn.url}/to?l=${encodeURIComponent(`${other.url}/r/0`)}`,
    (o) => expect(o).toMatchObject({ saved: true, cdn: [expect.stringMatching(/^\/to/)], other: ['/r/0'] })
  ],
  [
    'redirected to another service on this computer',
    () => `${cdn.url}/to?l=${encodeURIComponent('http://127.0.0.1:6379/a.png')}`,
    (o) =>
      expect(o).toMatchObject({
        saved: false,
        reason: 'address-refused',
        retryable: false,
        cdn: [expect.stringMatching(/^\/to/)],
        other: []
      })
  ],
  [
    'redirected to a private address',
    () => `${cdn.url}/to?l=${encodeURIComponent('http://10.1.2.3/a.png')}`,
    (o) => expect(o).toMatchObject({ saved: false, reason: 'address-refused', retryable: false, other: [] })
  ],
  [
    'redirected to a name that resolves to a private address',
    () => `${cdn.url}/to?l=${encodeURIComponent('https://private.example/a.png')}`,
    (o) => {
      expect(o).toMatchObject({ saved: false, reason: 'address-refused', retryable: false })
      expect(o.message).toContain('10.0.0.7')
    }
  ],
  [
    'redirected to a non-http scheme',
    () => `${cdn.url}/to?l=${encodeURIComponent('file:///etc/passwd')}`,
    (o) =>
      expect(o).toMatchObject({
        saved: false,
        reason: 'address-refused',
        retryable: false,
        cdn: [expect.stringMatching(/^\/to/)]
      })
  ]
]

describe('a redirected result download: the same outcome in both shells', () => {
  for (const [what, start, expectation] of cases) {
    it(what, async () => {
      const outcomes: Record<string, Outcome> = {}
      for (const [shell, make] of shells) {
        const o = await run(make(), start())
        expectation(o)
        outcomes[shell] = { ...o, message: undefined }
      }
      const [first, ...rest] = Object.values(outcomes)
      for (const o of rest) expect(o).toEqual(first)
    })
  }
})
