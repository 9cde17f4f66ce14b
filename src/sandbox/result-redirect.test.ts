import { describe, expect, it } from 'vitest'
import { promptResultFaults } from './tasks/lifecycle.js'
import { type Json, bearer, call, sandboxForFile } from './testing/util.js'

const KEY = 'sk-redirect-key'
const HOPS_KEY = 'sk-redirect-hops-key'
const sb = await sandboxForFile({
  speed: 1,
  keys: [
    { key: KEY, name: 'redirect' },
    { key: HOPS_KEY, name: 'hops', faults: ['result:redirect-hops=2'] }
  ]
})

/** A finished video of the JSON family, created with `key` and `prompt`; returns its result address. */
async function finishedVideo(key: string, prompt: string): Promise<string> {
  const c = await call(sb, 'POST', '/v1/videos', {
    headers: bearer(key),
    body: { model: 'Kl-2.6', prompt, seconds: '5' }
  })
  expect(c.status).toBe(200)
  for (let i = 0; i < 1000; i++) {
    const r = await call(sb, 'GET', `/v1/videos/${c.json.id}`, { headers: bearer(key) })
    if ((r.json as Json).status === 'completed') return r.json.video_url as string
    sb.advance(5)
  }
  throw new Error('never finished')
}

/** Follows redirects by hand, as the studio's result downloader does, and records every hop. */
async function walk(url: string): Promise<{ hops: Array<{ status: number; url: string }>; body: Buffer }> {
  const hops: Array<{ status: number; url: string }> = []
  let current = url
  for (let i = 0; i < 20; i++) {
    const res = await fetch(current, { redirect: 'manual' })
    hops.push({ status: res.status, url: current })
    const location = res.headers.get('location')
    if (res.status !== 302 || !location) return { hops, body: Buffer.from(await res.arrayBuffer()) }
    await res.body?.cancel()
    current = new URL(location, current).toString()
  }
  throw new Error('too many redirects')
}

describe('a result address that redirects (redirect-hops, sandbox:redirect)', () => {
  it('a prompt with sandbox:redirect=3 makes its result answer 302 three times on the CDN origin, then the MP4', async () => {
    const url = await finishedVideo(KEY, 'a slow pan sandbox:redirect=3')
    expect(url.startsWith(`${sb.cdnUrl}/files/`)).toBe(true)
    const { hops, body } = await walk(url)
    expect(hops.map((h) => h.status)).toEqual([302, 302, 302, 200])
    for (const h of hops) expect(new URL(h.url).origin).toBe(sb.cdnUrl)
    expect(body.subarray(4, 8).toString('latin1')).toBe('ftyp')
    const cdn = sb.log().filter((e) => e.origin === 'cdn' && e.route === 'cdn.file')
    expect(cdn.slice(-4).map((e) => e.status)).toEqual([302, 302, 302, 200])
    expect(cdn.slice(-4).every((e) => e.faults.includes('result:redirect-hops=3'))).toBe(true)
  })

  it('sandbox:redirect alone is one hop, and every download of the result bounces again', async () => {
    const url = await finishedVideo(KEY, 'harbour at dusk sandbox:redirect')
    expect((await walk(url)).hops.map((h) => h.status)).toEqual([302, 200])
    expect((await walk(url)).hops.map((h) => h.status)).toEqual([302, 200])
  })

  it('a result without the marker is served at once', async () => {
    const url = await finishedVideo(KEY, 'a plain prompt')
    expect((await walk(url)).hops.map((h) => h.status)).toEqual([200])
  })

  it('a key armed with result:redirect-hops=2 bounces each of its results twice', async () => {
    const url = await finishedVideo(HOPS_KEY, 'any prompt')
    expect((await walk(url)).hops.map((h) => h.status)).toEqual([302, 302, 200])
  })

  it('a tampered link is refused before any redirect', async () => {
    const url = await finishedVideo(KEY, 'tampered sandbox:redirect=2')
    const bad = url.replace(/sig=[0-9a-f]+/, 'sig=00')
    expect((await walk(bad)).hops.map((h) => h.status)).toEqual([403])
  })

  it('the marker is read as 1 to 10 hops', () => {
    expect(promptResultFaults('no marker')).toEqual([])
    expect(promptResultFaults('x sandbox:redirect y')[0]).toMatchObject({
      mode: 'redirect-hops',
      arg: '1',
      result: true
    })
    expect(promptResultFaults('sandbox:redirect=6')[0].arg).toBe('6')
    expect(promptResultFaults('sandbox:redirect=0')[0].arg).toBe('1')
    expect(promptResultFaults('sandbox:redirect=99')[0].arg).toBe('10')
  })
})
