import { execFileSync } from 'node:child_process'
import { closeSync, constants, mkdtempSync, openSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Readable } from 'node:stream'
import { afterAll, describe, expect, it } from 'vitest'
import { MediaLibrary } from './media'
import { parseRange, replyMedia } from './media-response'

const dir = mkdtempSync(join(tmpdir(), 'studio-media-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))
const bytes = Buffer.from(Array.from({ length: 1000 }, (_, i) => i & 255))
const file = join(dir, 'clip.mp4')
writeFileSync(file, bytes)

async function drain(body: Readable | null): Promise<Buffer> {
  if (!body) return Buffer.alloc(0)
  const chunks: Buffer[] = []
  for await (const c of body) chunks.push(c as Buffer)
  return Buffer.concat(chunks)
}

describe('the media table', () => {
  it('hands out opaque ids and URLs with the shell prefix, and forgets on unregister', () => {
    const media = new MediaLibrary('studio-media://m/')
    const id = media.register(file, 'video/mp4')
    expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/)
    expect(media.urlFor(id)).toBe(`studio-media://m/${id}`)
    expect(media.resolve(id)).toEqual({ path: file, mimeType: 'video/mp4' })
    expect(media.register(file, 'video/mp4')).not.toBe(id)
    media.unregister(id)
    expect(media.resolve(id)).toBeNull()
    expect(() => media.urlFor(id)).toThrow(expect.objectContaining({ code: 'NOT_FOUND' }))
  })

  it('resolves nothing that is not exactly a live id', () => {
    const media = new MediaLibrary('/media/')
    const id = media.register(file, 'video/mp4')
    for (const probe of [
      file,
      '../clip.mp4',
      `${id}/..`,
      `../${id}`,
      `${id}%2f`,
      id.toLowerCase() === id ? id + 'x' : id.toLowerCase(),
      '',
      null,
      42,
      '__proto__'
    ]) {
      expect(media.resolve(probe)).toBeNull()
    }
  })

  it('only registers absolute paths and plain content types (they become headers)', () => {
    const media = new MediaLibrary('/media/')
    expect(() => media.register('clip.mp4', 'video/mp4')).toThrow()
    expect(() => media.register(file, 'video/mp4\r\nSet-Cookie: x=1')).toThrow()
  })
})

describe('parseRange', () => {
  it.each([
    ['bytes=0-99', { start: 0, end: 99 }],
    ['bytes=100-', { start: 100, end: 999 }],
    ['bytes=-100', { start: 900, end: 999 }],
    ['bytes=-5000', { start: 0, end: 999 }],
    ['bytes=990-5000', { start: 990, end: 999 }],
    ['bytes=999-999', { start: 999, end: 999 }]
  ])('%s -> %j', (header, want) => {
    expect(parseRange(header, 1000)).toEqual(want)
  })

  it.each(['bytes=1000-', 'bytes=5000-6000', 'bytes=-0'])('%s is unsatisfiable', (header) => {
    expect(parseRange(header, 1000)).toBe('unsatisfiable')
  })

  it.each([
    undefined,
    '',
    'bytes=',
    'bytes=-',
    'items=0-1',
    'bytes=0-1,5-6',
    'bytes=9-3',
    'bytes=abc-',
    'bytes=99999999999999999999-'
  ])('ignores %j (whole file)', (header) => {
    expect(parseRange(header, 1000)).toBeNull()
  })
})

describe('replyMedia', () => {
  const media = new MediaLibrary('/media/')
  const id = media.register(file, 'video/mp4')

  it('streams the whole file with its registered type, nosniff and Accept-Ranges', async () => {
    const r = await replyMedia(media, id, { method: 'GET' })
    expect(r.status).toBe(200)
    expect(r.headers).toMatchObject({
      'Content-Type': 'video/mp4',
      'Content-Length': '1000',
      'Accept-Ranges': 'bytes',
      'X-Content-Type-Options': 'nosniff'
    })
    expect(await drain(r.body)).toEqual(bytes)
  })

  it('answers a range with 206 and exactly those bytes', async () => {
    const r = await replyMedia(media, id, { method: 'GET', range: 'bytes=100-199' })
    expect(r.status).toBe(206)
    expect(r.headers).toMatchObject({ 'Content-Range': 'bytes 100-199/1000', 'Content-Length': '100' })
    expect(await drain(r.body)).toEqual(bytes.subarray(100, 200))
    const tail = await replyMedia(media, id, { method: 'GET', range: 'bytes=-10' })
    expect(await drain(tail.body)).toEqual(bytes.subarray(990))
  })

  it('answers 416 past the end, the whole file when If-Range is sent, and no body for HEAD', async () => {
    expect(await replyMedia(media, id, { method: 'GET', range: 'bytes=1000-' })).toMatchObject({
      status: 416,
      headers: { 'Content-Range': 'bytes */1000' },
      body: null
    })
    const ifRange = await replyMedia(media, id, { method: 'GET', range: 'bytes=0-1', ifRange: '"etag"' })
    expect(ifRange.status).toBe(200)
    expect(await drain(ifRange.body)).toHaveLength(1000)
    expect(await replyMedia(media, id, { method: 'HEAD' })).toMatchObject({
      status: 200,
      headers: { 'Content-Length': '1000' },
      body: null
    })
  })

  it('answers 404 for unknown ids, paths and a file that vanished; 405 for other methods', async () => {
    expect((await replyMedia(media, 'AAAAAAAAAAAAAAAAAAAAAA', { method: 'GET' })).status).toBe(404)
    expect((await replyMedia(media, file, { method: 'GET' })).status).toBe(404)
    expect((await replyMedia(media, '../clip.mp4', { method: 'GET' })).status).toBe(404)
    const gone = join(dir, 'gone.png')
    writeFileSync(gone, 'x')
    const goneId = media.register(gone, 'image/png')
    rmSync(gone)
    expect((await replyMedia(media, goneId, { method: 'GET' })).status).toBe(404)
    expect((await replyMedia(media, id, { method: 'DELETE' })).status).toBe(405)
  })

  it.runIf(process.platform !== 'win32')(
    'refuses a FIFO put where the file was, at once and without waiting for a writer',
    async () => {
      const fifo = join(dir, 'preview.png')
      execFileSync('mkfifo', [fifo])
      const fifoId = media.register(fifo, 'image/png')
      const reply = replyMedia(media, fifoId, { method: 'GET' })
      // A blocking open would wait for a writer forever; give it a generous deadline, then unblock it so the
      // test ends either way (opening the write end succeeds because the blocked reader counts as a reader).
      let deadline: NodeJS.Timeout | undefined
      const outcome = await Promise.race([
        reply.then((r) => r.status),
        new Promise<'blocked'>((done) => (deadline = setTimeout(() => done('blocked'), 3000)))
      ])
      clearTimeout(deadline)
      if (outcome === 'blocked') closeSync(openSync(fifo, constants.O_WRONLY | constants.O_NONBLOCK))
      expect(outcome).toBe(404)
      expect((await reply).body).toBeNull()
    }
  )
})
