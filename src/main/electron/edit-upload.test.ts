import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { gradientPng, imagesHarness, rectMask, type ImagesHarness } from '../core/images/testing/harness'
import { FakeNet } from './testing/net'

vi.mock('electron', () => ({ net: {} }))

const { createNetFetch } = await import('./net-fetch')

/**
 * A masked edit in the Electron shell: the multipart body goes out through net.request in chunked
 * encoding (Content-Length is a header apps may not set there), and the sandbox gateway takes it,
 * then the result is downloaded through the same adapter.
 */
describe('an edit upload through the Electron adapter (fake net) against the sandbox', () => {
  const net = new FakeNet()
  let h: ImagesHarness
  beforeAll(async () => {
    h = await imagesHarness({ fetch: createNetFetch(net) })
  })
  afterAll(async () => {
    await h.close()
  })

  it('is sent chunked, accepted, and its result saved', async () => {
    const fileId = await h.grantBytes(await gradientPng(320, 240), 'photo.png')
    const maskFileId = await h.grantBytes(await rectMask(320, 240, { x: 10, y: 10, w: 50, h: 50 }), 'mask.png')
    const job = await h.call('images:edit', {
      source: { kind: 'file', fileId },
      maskFileId,
      prompt: 'a red balloon',
      model: 'imagegen-4.0'
    })
    const done = await h.settled(job.jobId)
    expect(done.status, JSON.stringify(done)).toBe('done')
    const edit = h.sb.log().find((e) => e.route === 'image.edit')!
    expect(edit.headers['transfer-encoding']).toBe('chunked')
    expect(edit.headers['content-length']).toBeUndefined()
    const upload = net.requests.find((r) => r.urls[0]?.endsWith('/v1/images/edits'))!
    expect(upload).toMatchObject({ chunkedEncoding: true })
    expect(upload.bufferedBodyBytes).toBeLessThan(edit.bodyBytes)
  })
})
