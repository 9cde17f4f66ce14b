import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { sandboxSuite } from '../testing/sandbox-suite'
import { gradientPng, imagesHarness, rectMask, type ImagesHarness } from './testing/harness'

const library = (h: ImagesHarness) => readdirSync(join(h.dataDir, 'library', 'images'))

describe('gateway faults around paid image requests', () => {
  const { sb, h } = sandboxSuite((o) => imagesHarness({ ...o, timing: { syncHeadersMs: 1500 } }), { resetEach: true })

  const gen = { family: 'imagegen', model: 'imagegen-4.0', prompt: 'a fox', n: 1 } as const

  it('a connection dropped after the create was sent: outcome-unknown, "may have been charged", exactly one create', async () => {
    sb.setFaults(sb.key, ['drop@image.generate*1'])
    const done = await h.settled((await h.call('images:generate', gen)).jobId)
    expect(done.status).toBe('outcome-unknown')
    expect(done.error).toMatchObject({ code: 'OUTCOME_UNKNOWN' })
    expect(done.error!.message).toMatch(/may have been accepted and charged/)
    await new Promise((r) => setTimeout(r, 300))
    expect(sb.log().filter((e) => e.route === 'image.generate')).toHaveLength(1)
    expect(sb.log().filter((e) => e.route === 'image.generate' && e.paid)).toHaveLength(1)
  })

  it('no answer within the headers limit: outcome-unknown, not re-sent', async () => {
    sb.setFaults(sb.key, ['hang@image.generate*1'])
    const started = Date.now()
    const done = await h.settled((await h.call('images:generate', gen)).jobId)
    expect(Date.now() - started).toBeLessThan(4000)
    expect(done).toMatchObject({ status: 'outcome-unknown', error: { code: 'OUTCOME_UNKNOWN' } })
    expect(done.error!.message).toMatch(/did not answer in time/)
    expect(sb.log().filter((e) => e.route === 'image.generate')).toHaveLength(1)
  })

  it('429 on the create: RATE_LIMITED with the wait, and the paid create is not retried', async () => {
    sb.setFaults(sb.key, ['429=7@image.generate*1'])
    const done = await h.settled((await h.call('images:generate', gen)).jobId)
    expect(done).toMatchObject({
      status: 'failed',
      error: { code: 'RATE_LIMITED', status: 429, retryable: true, details: { retryAfterMs: 7000 } }
    })
    await new Promise((r) => setTimeout(r, 300))
    expect(sb.log().filter((e) => e.route === 'image.generate')).toHaveLength(1)
  })

  it('an expired result URL: failed with a precise message, and no file or .part left', async () => {
    const before = library(h)
    sb.setFaults(sb.key, ['expired-url@image.generate*1'])
    const done = await h.settled((await h.call('images:generate', gen)).jobId)
    expect(done.status).toBe('failed')
    expect(done.error).toMatchObject({ code: 'GATEWAY_ERROR', status: 403, details: { reason: 'expired' } })
    expect(done.error!.message).toMatch(/result link was refused \(403\): it has expired/)
    expect(library(h)).toEqual(before)
    // A 403 is not retried: an expired link stays expired.
    expect(sb.log().filter((e) => e.origin === 'cdn')).toHaveLength(1)
  })

  it('wrong bytes from the CDN: retried, then failed; nothing saved', async () => {
    const before = library(h)
    sb.setFaults(sb.key, ['result:wrong-bytes'])
    const done = await h.settled((await h.call('images:generate', gen)).jobId)
    expect(done.status).toBe('failed')
    expect(done.error).toMatchObject({ details: { reason: 'wrong-bytes' } })
    expect(done.error!.message).toMatch(/not a PNG, JPEG or WebP image/)
    expect(library(h)).toEqual(before)
    expect(sb.log().filter((e) => e.origin === 'cdn')).toHaveLength(3)
  })

  it('a truncated download is never kept', async () => {
    const before = library(h)
    sb.setFaults(sb.key, ['result:truncate'])
    const done = await h.settled((await h.call('images:generate', gen)).jobId)
    expect(done.status).toBe('failed')
    expect(done.error!.message).toMatch(/cut short|connection failed or was cut/)
    expect(library(h)).toEqual(before)
  })

  it('the CDN never sees the key', async () => {
    const done = await h.settled((await h.call('images:generate', { ...gen, n: 2 })).jobId)
    expect(done.status).toBe('done')
    const cdn = sb.log().filter((e) => e.origin === 'cdn')
    expect(cdn).toHaveLength(2)
    for (const e of cdn) {
      expect(e.headers.authorization).toBeUndefined()
      expect(JSON.stringify(e)).not.toContain(sb.key)
    }
  })

  it('the native submit dropped after sending: outcome-unknown, never submitted twice', async () => {
    sb.setFaults(sb.key, ['drop@image.native*1'])
    const done = await h.settled((await h.call('images:submit-native', { prompt: 'p' })).jobId)
    expect(done.status).toBe('outcome-unknown')
    await new Promise((r) => setTimeout(r, 200))
    expect(sb.log().filter((e) => e.route.startsWith('image.native'))).toHaveLength(1)
  })

  it('an edit dropped after the upload: outcome-unknown, one create', async () => {
    sb.setFaults(sb.key, ['drop@image.edit*1'])
    const fileId = await h.grantBytes(await gradientPng(64, 64), 'a.png')
    const maskFileId = await h.grantBytes(await rectMask(64, 64, { x: 8, y: 8, w: 16, h: 16 }), 'm.png')
    const before = library(h)
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
    expect(sb.log().filter((e) => e.route === 'image.edit')).toHaveLength(1)
    // The job's copies of source and mask are cleaned up: nothing refers to them.
    expect(library(h)).toEqual(before)
  })

  it('a gateway refusal (503 model_not_found) fails the job with its code', async () => {
    sb.setFaults(sb.key, ['model-unavailable@image.generate*1'])
    const done = await h.settled((await h.call('images:generate', gen)).jobId)
    expect(done).toMatchObject({ status: 'failed', error: { code: 'MODEL_UNAVAILABLE', status: 503 } })
  })
})
