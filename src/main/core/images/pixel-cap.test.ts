import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { crc32, deflateSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSandbox } from '../../../sandbox/index'
import { MAX_DECODE_PIXELS } from './load-sharp'
import { measureMaskHonesty, protectOutsideMask } from './mask-honesty'
import { gradientPng, imagesHarness, rectMask } from './testing/harness'

/**
 * A decompression bomb: a valid 1-bit grey PNG of `width` x `height` whose pixels are all zero, so
 * a few kilobytes ask the decoder for `width * height` pixels (10000 x 10000: 100 megapixels, under
 * the image library's own default cap of about 268, over the studio's 64).
 */
function pngBomb(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(8)
    head.writeUInt32BE(data.byteLength, 0)
    head.write(type, 4, 'latin1')
    const crc = Buffer.alloc(4)
    crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0)
    return Buffer.concat([head, data, crc])
  }
  const ihdr = Buffer.alloc(13)
  ihdr.writeUInt32BE(width, 0)
  ihdr.writeUInt32BE(height, 4)
  ihdr[8] = 1 // bit depth
  ihdr[9] = 0 // grey
  const rows = Buffer.alloc((1 + Math.ceil(width / 8)) * height) // filter byte 0 and zero pixels, row by row
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0))
  ])
}

const W = 64
const H = 48
const BOMB = { width: 10_000, height: 10_000 }

describe('images are refused before decoding when they ask for more pixels than the cap', () => {
  let dir: string
  let bomb: Buffer
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'pixel-cap-'))
    bomb = pngBomb(BOMB.width, BOMB.height)
  })
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it('the bomb is small on disk and over the cap', () => {
    expect(bomb.byteLength).toBeLessThan(64 * 1024)
    expect(BOMB.width * BOMB.height).toBeGreaterThan(MAX_DECODE_PIXELS)
  })

  it("a gateway's result is refused by mask honesty and by protect, with a coded error naming its dimensions", async () => {
    const src = join(dir, 'src.png')
    const mask = join(dir, 'mask.png')
    const result = join(dir, 'result.png')
    writeFileSync(src, await gradientPng(W, H))
    writeFileSync(mask, await rectMask(W, H, { x: 4, y: 4, w: 10, h: 10 }))
    writeFileSync(result, bomb)
    const want = {
      code: 'GATEWAY_ERROR',
      details: { reason: 'too_many_pixels', width: BOMB.width, height: BOMB.height, limitPixels: MAX_DECODE_PIXELS }
    }
    const e = await measureMaskHonesty(src, result, mask).catch((x: unknown) => x)
    expect(e).toMatchObject(want)
    expect((e as Error).message).toBe(
      'The result image is 10000×10000 pixels (100.0 megapixels), more than the 67.1 megapixels (8192×8192) the studio decodes.'
    )
    await expect(protectOutsideMask(src, result, mask)).rejects.toMatchObject(want)
  })

  it('an edit whose result is a bomb is saved but not decoded: the warning names its dimensions', async () => {
    const sb = await startSandbox({ speed: 1000, quiet: true })
    const h = await imagesHarness({
      sandbox: sb,
      fetch: (input, init) =>
        String(input).endsWith('/v1/images/edits')
          ? Promise.resolve(
              new Response(JSON.stringify({ data: [{ b64_json: bomb.toString('base64') }] }), {
                headers: { 'content-type': 'application/json' }
              })
            )
          : fetch(input, init)
    })
    try {
      const fileId = await h.grantBytes(await gradientPng(W, H), 'photo.png')
      const maskFileId = await h.grantBytes(await rectMask(W, H, { x: 4, y: 4, w: 10, h: 10 }), 'mask.png')
      const job = await h.call('images:edit', {
        source: { kind: 'file', fileId },
        maskFileId,
        prompt: 'p',
        model: 'imagegen-4.0'
      })
      const done = await h.settled(job.jobId)
      expect(done.status).toBe('done')
      expect(done.warnings.join('\n')).toMatch(
        /could not be checked: The result image is 10000×10000 pixels \(100\.0 megapixels\)/
      )
    } finally {
      await h.close()
      await sb.close()
    }
  })

  it("a user's file as an edit source is refused at its field, before anything is sent", async () => {
    const sb = await startSandbox({ speed: 1000, quiet: true })
    const h = await imagesHarness({ sandbox: sb })
    try {
      const fileId = await h.grantBytes(bomb, 'huge.png')
      const e = await h.fail('images:edit', { source: { kind: 'file', fileId }, prompt: 'p', model: 'imagegen-4.0' })
      expect(e).toMatchObject({
        code: 'INVALID_INPUT',
        field: 'source',
        details: { reason: 'too_many_pixels', width: BOMB.width, height: BOMB.height }
      })
      expect(e.message).toMatch(/10000×10000 pixels/)
      expect(sb.log().filter((r) => r.route === 'image.edit')).toEqual([])
    } finally {
      await h.close()
      await sb.close()
    }
  })
})
