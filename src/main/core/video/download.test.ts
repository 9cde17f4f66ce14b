import { pbkdf2 } from 'node:crypto'
import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { allowLoopbackResultOrigin } from '../gateway/result-address'
import { fetchVideo } from './download'

// A gateway and a CDN on loopback: plain http is only downloaded from there (result-address.ts).
const conn = { baseUrl: 'http://127.0.0.1:9', key: 'sk-test' }
// The sandbox's case: a loopback gateway whose results come from its own file server.
allowLoopbackResultOrigin('http://127.0.0.1:8')
const dirs: string[] = []
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true })
})

/** Occupies every thread of libuv's pool for a while, so a file open queued now lands late. */
function busyThreadPool(): Promise<unknown> {
  const threads = Number(process.env.UV_THREADPOOL_SIZE) || 4
  return Promise.all(
    Array.from(
      { length: threads * 2 },
      () => new Promise((resolve) => pbkdf2('studio', 'salt', 100_000, 32, 'sha256', resolve))
    )
  )
}

/** A gateway answer whose body is `bytes`, all in the first chunk. */
function answer(bytes: Uint8Array<ArrayBuffer>) {
  return async () => new Response(bytes, { status: 200, headers: { 'content-length': String(bytes.byteLength) } })
}

describe('fetchVideo', () => {
  it('leaves no part file when the first bytes are refused, even before the file has finished opening', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'studio-video-dl-'))
    dirs.push(dir)
    // The refusal comes with the first chunk while the part file's open waits in a busy thread pool
    // (a loaded machine once left an empty .part this way in CI: the removal ran beside the open).
    // The removal now waits for the file's stream to close; this checks the cleanup under that load.
    const notMp4 = new TextEncoder().encode('<html>an error page, not a video</html>')
    for (let i = 0; i < 3; i++) {
      const busy = busyThreadPool()
      await expect(
        fetchVideo({
          fetch: answer(notMp4),
          url: 'http://127.0.0.1:8/v.mp4',
          contentPath: '/v1/videos/v/content',
          conn,
          dir,
          id: `v${i}`
        })
      ).rejects.toThrow(/not an MP4/)
      await busy
    }
    expect(readdirSync(dir)).toEqual([])
  })

  it('keeps a verified MP4 under its final name, with no part file left', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'studio-video-dl-'))
    dirs.push(dir)
    const mp4 = new Uint8Array(64)
    new DataView(mp4.buffer).setUint32(0, 24)
    mp4.set(new TextEncoder().encode('ftypisom'), 4)
    const saved = await fetchVideo({
      fetch: answer(mp4),
      url: 'http://127.0.0.1:8/v.mp4',
      contentPath: '/v1/videos/v/content',
      conn,
      dir,
      id: 'ok'
    })
    expect(saved).toMatchObject({ name: 'ok.mp4', bytes: 64, contentType: 'video/mp4' })
    expect(readdirSync(dir)).toEqual(['ok.mp4'])
  })
})
