import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { startSandbox } from '../../../sandbox/index'
import { allowLoopbackResultOrigin } from '../gateway/result-address'
import { gradientPng, imagesHarness, rectMask, type ImagesHarness } from '../images/testing/harness'
import { imagesFaultSuite } from '../testing/faults/images-fault-suite'
import { closedPort, isPoll } from '../testing/faults/support'

/**
 * Fault scenarios of paid image requests (SECURITY.md §7) against the sandbox's fault modes,
 * through the real images host: F1-F5, F14, F15, F20, F22, F23. Every test counts what the gateway
 * saw: a paid create is never sent twice.
 */

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
const gen = { family: 'imagegen', model: 'imagegen-4.0', prompt: 'a fox', n: 1 } as const

const { sb, h, rules, polledAt } = imagesFaultSuite({
  syncHeadersMs: 1500,
  nativeSubmitHeadersMs: 1000,
  poll: { delaysMs: [15, 25, 40], jitter: 0, retryAfterCapMs: 1500 }
})

const library = (x: ImagesHarness) => readdirSync(join(x.dataDir, 'library', 'images')).sort()
const routes = (prefix: string) => sb.log().filter((e) => e.route.startsWith(prefix))

describe('paid image requests under gateway faults', () => {
  it('F1 gateway unreachable at submit: a precise, retryable error and 0 creates on any server', async () => {
    const port = await closedPort()
    const x = await imagesHarness({ sandbox: sb, gateway: { baseUrl: `http://127.0.0.1:${port}`, key: sb.key } })
    try {
      const done = await x.settled((await x.call('images:generate', gen)).jobId)
      expect(done).toMatchObject({ status: 'failed', error: { code: 'NETWORK_UNREACHABLE', retryable: true } })
      expect(done.error!.message).toMatch(/Can't reach the gateway/)
      expect(sb.log()).toHaveLength(0)
    } finally {
      await x.close()
    }
  })

  it.each([
    ['generate', 'drop@image.generate*1', 'image.generate'],
    ['native submit', 'drop@image.native*1', 'image.native']
  ])(
    'F2 connection dropped after the %s was sent: outcome unknown, "may have been charged", never re-sent',
    async (what, fault, route) => {
      sb.setFaults(sb.key, [fault])
      const job =
        what === 'generate'
          ? await h.call('images:generate', gen)
          : await h.call('images:submit-native', { prompt: 'p' })
      const done = await h.settled(job.jobId)
      expect(done).toMatchObject({ status: 'outcome-unknown', error: { code: 'OUTCOME_UNKNOWN' } })
      expect(done.error!.message).toMatch(/may have been accepted and charged/)
      await sleep(200)
      expect(routes(route)).toHaveLength(1)
    }
  )

  it('F2 an edit dropped after its upload: outcome unknown, one create, the job copies cleaned up', async () => {
    const fileId = await h.grantBytes(await gradientPng(64, 64), 'a.png')
    const maskFileId = await h.grantBytes(await rectMask(64, 64, { x: 8, y: 8, w: 16, h: 16 }), 'm.png')
    const before = library(h)
    sb.setFaults(sb.key, ['drop@image.edit*1'])
    const done = await h.settled(
      (
        await h.call('images:edit', {
          source: { kind: 'file', fileId },
          maskFileId,
          prompt: 'p',
          model: 'image-model-1'
        })
      ).jobId
    )
    expect(done.status).toBe('outcome-unknown')
    expect(routes('image.edit')).toHaveLength(1)
    expect(library(h)).toEqual(before)
  })

  it.each([
    ['generate', 'hang@image.generate*1', 'image.generate'],
    ['native submit', 'hang@image.native*1', 'image.native']
  ])(
    'F3 the %s gets no answer headers in time: outcome unknown within the limit, one create',
    async (what, fault, route) => {
      sb.setFaults(sb.key, [fault])
      const t0 = Date.now()
      const job =
        what === 'generate'
          ? await h.call('images:generate', gen)
          : await h.call('images:submit-native', { prompt: 'p' })
      const done = await h.settled(job.jobId)
      expect(Date.now() - t0).toBeLessThan(3500)
      expect(done).toMatchObject({ status: 'outcome-unknown', error: { code: 'OUTCOME_UNKNOWN' } })
      expect(done.error!.message).toMatch(/did not answer in time/)
      expect(routes(route)).toHaveLength(1)
    }
  )

  it('F4 429 with an empty body and no Retry-After on a create: surfaced as rate limited, not executed, not re-sent', async () => {
    sb.setFaults(sb.key, ['429@image.generate*1'])
    const done = await h.settled((await h.call('images:generate', gen)).jobId)
    expect(done).toMatchObject({ status: 'failed', error: { code: 'RATE_LIMITED', status: 429, retryable: true } })
    await sleep(200)
    expect(routes('image.generate')).toHaveLength(1)
    expect(routes('image.generate').filter((e) => e.paid)).toHaveLength(0)
  })

  it('F4 429 with no Retry-After while polling: the task keeps its place and reaches saved; one submit', async () => {
    rules.push({ match: isPoll, fault: '429', times: 2 })
    const done = await h.settled((await h.call('images:submit-native', { prompt: 'p' })).jobId)
    expect(done.status).toBe('done')
    expect(routes('image.native').filter((e) => e.route === 'image.native.submit')).toHaveLength(1)
    expect(routes('image.native').filter((e) => e.status === 429)).toHaveLength(2)
  })

  it('F5 Retry-After in seconds or as an HTTP-date reaches the user as the wait; the create is not retried', async () => {
    sb.setFaults(sb.key, ['429=7@image.generate*1'])
    const secs = await h.settled((await h.call('images:generate', gen)).jobId)
    expect(secs.error).toMatchObject({ code: 'RATE_LIMITED', details: { retryAfterMs: 7000 } })
    sb.setFaults(sb.key, ['429=date:30@image.generate*1'])
    const date = await h.settled((await h.call('images:generate', gen)).jobId)
    const ms = (date.error!.details as { retryAfterMs: number }).retryAfterMs
    expect(ms).toBeGreaterThan(27_000)
    expect(ms).toBeLessThanOrEqual(31_000)
    expect(routes('image.generate')).toHaveLength(2)
  })

  it('F5 a poll answered 429 with Retry-After waits at least that long; a wait above the cap is clamped, not obeyed', async () => {
    rules.push({ match: isPoll, fault: '429=1', times: 1 })
    const done = await h.settled((await h.call('images:submit-native', { prompt: 'p' })).jobId)
    expect(done.status).toBe('done')
    expect(polledAt[1] - polledAt[0]).toBeGreaterThanOrEqual(990)
    polledAt.length = 0
    rules.push({ match: isPoll, fault: '429=120', times: 1 })
    const capped = await h.settled((await h.call('images:submit-native', { prompt: 'p' })).jobId)
    expect(capped.status).toBe('done')
    // The cap in this test is 1.5 s (60 s in the product): the poller never sleeps for 120 s.
    expect(polledAt[1] - polledAt[0]).toBeGreaterThanOrEqual(1490)
    expect(polledAt[1] - polledAt[0]).toBeLessThan(3000)
  })

  it.each([
    ['truncated', 'result:truncate', /cut short|connection failed or was cut/],
    ['an HTML error page with status 200', 'result:html-200', /not a PNG, JPEG or WebP image/],
    ['wrong magic bytes', 'result:wrong-bytes', /not a PNG, JPEG or WebP image/],
    ['cut to zero bytes', 'result:limit-data=0', /cut|empty|connection failed/]
  ])('F20 a result download %s: retried, never kept, no .part left', async (_what, fault, message) => {
    const before = library(h)
    sb.setFaults(sb.key, [fault])
    const done = await h.settled((await h.call('images:generate', gen)).jobId)
    expect(done.status).toBe('failed')
    expect(done.error!.message).toMatch(message)
    expect(library(h)).toEqual(before)
    expect(library(h).filter((n) => n.endsWith('.part') || n.includes('.tmp-'))).toEqual([])
    expect(sb.log().filter((e) => e.origin === 'cdn')).toHaveLength(3)
    expect(routes('image.generate')).toHaveLength(1)
  })

  it('F22 the gateway redirects a create to another origin: not followed, the other origin receives nothing', async () => {
    sb.setFaults(sb.key, ['redirect@image.generate*1'])
    const done = await h.settled((await h.call('images:generate', gen)).jobId)
    expect(done).toMatchObject({ status: 'failed', error: { code: 'REDIRECT_REFUSED' } })
    expect(sb.log().filter((e) => e.origin === 'cdn')).toHaveLength(0)
  })

  it('F23 results on the CDN origin are fetched with no Authorization header and no key anywhere in the request', async () => {
    const done = await h.settled((await h.call('images:generate', { ...gen, n: 2 })).jobId)
    expect(done.status).toBe('done')
    const native = await h.settled((await h.call('images:submit-native', { prompt: 'p' })).jobId)
    expect(native.status).toBe('done')
    const cdn = sb.log().filter((e) => e.origin === 'cdn')
    expect(cdn).toHaveLength(3)
    for (const e of cdn) {
      expect(Object.keys(e.headers).map((k) => k.toLowerCase())).not.toContain('authorization')
      expect(JSON.stringify(e)).not.toContain(sb.key)
      expect(e.path + JSON.stringify(e.query)).not.toMatch(/key=/i)
    }
  })
})

describe('restarts around paid image requests', () => {
  it('F14 the host stops between sending a create and its answer: next start shows outcome unknown, nothing re-sent', async () => {
    const x = await imagesHarness({ sandbox: sb, timing: { syncHeadersMs: 60_000 } })
    sb.setFaults(sb.key, ['hang@image.generate*1'])
    const job = await x.call('images:generate', gen)
    while (routes('image.generate').length === 0) await sleep(10)
    const y = await x.restart()
    try {
      const after = (await y.call('images:list-jobs', undefined)).jobs.find((j) => j.jobId === job.jobId)
      expect(after).toMatchObject({ status: 'outcome-unknown', error: { code: 'OUTCOME_UNKNOWN' } })
      await sleep(200)
      expect(routes('image.generate')).toHaveLength(1)
    } finally {
      await y.close()
    }
  })

  it('F15 the host stops after the task id arrived, during polling: the next start resumes polling and saves the image', async () => {
    const slow = await startSandbox({ speed: 1, quiet: true })
    allowLoopbackResultOrigin(slow.cdnUrl)
    const x = await imagesHarness({ sandbox: slow })
    try {
      const job = await x.call('images:submit-native', { prompt: 'a lighthouse' })
      while (!x.sent.some((s) => isPoll(s.url))) await sleep(10)
      const y = await x.restart()
      try {
        slow.advance(60)
        const done = await y.settled(job.jobId)
        expect(done.status).toBe('done')
        expect(done.items).toHaveLength(1)
        expect(slow.log().filter((e) => e.route === 'image.native.submit')).toHaveLength(1)
      } finally {
        await y.close()
      }
    } finally {
      await slow.close()
    }
  })
})
