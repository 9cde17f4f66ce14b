import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ExtendPlacement } from '@shared/domain/extend-plan'
import { StudioError } from '@shared/errors'
import { startSandbox, type SandboxHandle } from '../../../sandbox/index'
import { allowLoopbackResultOrigin } from '../gateway/result-address'
import { composeExtend, extendEditInputs } from './extend-canvas'
import { measureMaskHonesty } from './mask-honesty'
import { gradientPng, imagesHarness, rectMask, type ImagesHarness } from './testing/harness'

const W = 64
const H = 48
const HOLE = { x: 10, y: 8, w: 20, h: 12 }

async function rgba(input: string | Buffer): Promise<{ data: Buffer; width: number; height: number }> {
  const { data, info } = await sharp(input).ensureAlpha().raw().toBuffer({ resolveWithObject: true })
  return { data, width: info.width, height: info.height }
}

describe('extend canvas: the composed image and mask', () => {
  const dir = mkdtempSync(join(tmpdir(), 'extend-canvas-'))
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it('places the picture at its offset on a transparent canvas, and the painted mask shifted with it', async () => {
    const src = join(dir, 'src.png')
    const mask = join(dir, 'mask.png')
    await sharp(await gradientPng(W, H)).toFile(src)
    await sharp(await rectMask(W, H, HOLE)).toFile(mask)
    const p: ExtendPlacement = { width: 120, height: 80, x: 40, y: 20, pictureWidth: W, pictureHeight: H }
    await composeExtend(src, mask, p, join(dir, 'canvas.png'), join(dir, 'canvas-mask.png'))
    const canvas = await rgba(join(dir, 'canvas.png'))
    const m = await rgba(join(dir, 'canvas-mask.png'))
    const orig = await rgba(src)
    expect([canvas.width, canvas.height, m.width, m.height]).toEqual([120, 80, 120, 80])
    let wrong = 0
    for (let y = 0; y < p.height; y++) {
      for (let x = 0; x < p.width; x++) {
        const k = (y * p.width + x) * 4
        const inPicture = x >= p.x && x < p.x + W && y >= p.y && y < p.y + H
        if (!inPicture) {
          // New area: transparent in the image and editable in the mask.
          wrong += canvas.data[k + 3] === 0 && m.data[k + 3] === 0 ? 0 : 1
          continue
        }
        const sx = x - p.x
        const sy = y - p.y
        const o = (sy * W + sx) * 4
        const same = [0, 1, 2, 3].every((c) => canvas.data[k + c] === orig.data[o + c])
        const painted = sx >= HOLE.x && sx < HOLE.x + HOLE.w && sy >= HOLE.y && sy < HOLE.y + HOLE.h
        wrong += same && m.data[k + 3] === (painted ? 0 : 255) ? 0 : 1
      }
    }
    expect(wrong).toBe(0)
  })

  it('keeps the whole picture when nothing was painted, and scales a painted mask without grey edges', async () => {
    const src = join(dir, 'src2.png')
    const mask = join(dir, 'mask2.png')
    await sharp(await gradientPng(W, H)).toFile(src)
    await sharp(await rectMask(W, H, HOLE)).toFile(mask)
    const p: ExtendPlacement = { width: 256, height: 96, x: 0, y: 0, pictureWidth: W * 2, pictureHeight: H * 2 }
    await composeExtend(src, undefined, p, join(dir, 'a.png'), join(dir, 'a-mask.png'))
    const unpainted = await rgba(join(dir, 'a-mask.png'))
    await composeExtend(src, mask, p, join(dir, 'b.png'), join(dir, 'b-mask.png'))
    const painted = await rgba(join(dir, 'b-mask.png'))
    let wrong = 0
    for (let y = 0; y < p.height; y++) {
      for (let x = 0; x < p.width; x++) {
        const a = unpainted.data[(y * p.width + x) * 4 + 3]
        const b = painted.data[(y * p.width + x) * 4 + 3]
        const inPicture = x < W * 2
        const inHole = x >= HOLE.x * 2 && x < (HOLE.x + HOLE.w) * 2 && y >= HOLE.y * 2 && y < (HOLE.y + HOLE.h) * 2
        wrong += a === (inPicture ? 255 : 0) ? 0 : 1
        wrong += b === (inPicture && !inHole ? 255 : 0) ? 0 : 1
      }
    }
    expect(wrong).toBe(0)
  })

  it('measures honesty over the picture only: a repainted new area is fine, a changed picture is reported', async () => {
    const src = join(dir, 'src3.png')
    await sharp(await gradientPng(W, H)).toFile(src)
    const p: ExtendPlacement = { width: 160, height: 48, x: 70, y: 0, pictureWidth: W, pictureHeight: H }
    const canvas = join(dir, 'h.png')
    const mask = join(dir, 'h-mask.png')
    await composeExtend(src, undefined, p, canvas, mask)
    const base = await sharp(canvas).removeAlpha().raw().toBuffer()
    const honest = Buffer.from(base)
    const careless = Buffer.from(base)
    for (let y = 0; y < p.height; y++) {
      for (let x = 0; x < p.width; x++) {
        const k = (y * p.width + x) * 3
        const inPicture = x >= p.x && x < p.x + W
        // Both fill the new area; the careless one also repaints the picture's left half.
        if (!inPicture) {
          honest.fill(200, k, k + 3)
          careless.fill(200, k, k + 3)
        } else if (x < p.x + W / 2) careless.fill(250, k, k + 3)
      }
    }
    const raw = { raw: { width: p.width, height: p.height, channels: 3 as const } }
    await sharp(honest, raw).png().toFile(join(dir, 'honest.png'))
    await sharp(careless, raw).png().toFile(join(dir, 'careless.png'))
    expect((await measureMaskHonesty(canvas, join(dir, 'honest.png'), mask)).outsideMaskChange).toBe(0)
    const report = await measureMaskHonesty(canvas, join(dir, 'careless.png'), mask)
    expect(report.outsideMaskChange).toBeGreaterThan(0.4)
    expect(report.warnings.join(' ')).toMatch(/ignored the mask/)
  })
})

describe('extend canvas: the edit request', () => {
  let sb: SandboxHandle
  let h: ImagesHarness
  beforeAll(async () => {
    sb = await startSandbox({ speed: 1000, quiet: true })
    allowLoopbackResultOrigin(sb.cdnUrl)
    h = await imagesHarness({ sandbox: sb })
  })
  afterAll(async () => {
    await h.close()
    await sb.close()
  })

  it('sends the form family the canvas at its snapped size, with its size field, and the result keeps the picture', async () => {
    const fileId = await h.grantBytes(await gradientPng(320, 240), 'photo.png')
    // 320x240 to 16:9, snapped by the form family to 1920x1080: the picture scales to 1440x1080.
    const extend = { width: 1920, height: 1080, x: 240, y: 0, pictureWidth: 1440, pictureHeight: 1080 }
    const job = await h.call('images:edit', {
      source: { kind: 'file', fileId },
      prompt: 'a wide beach',
      model: 'image-model-1',
      extend
    })
    const done = await h.settled(job.jobId)
    expect(done.status).toBe('done')
    const sent = h.sent.find((s) => s.url.endsWith('/v1/images/edits'))!
    const headers = sent.init!.headers as Record<string, string>
    const form = await new Response(sent.body, { headers: { 'content-type': headers['Content-Type'] } }).formData()
    expect(form.get('size')).toBe('1920x1080')
    const image = await rgba(Buffer.from(await (form.get('image') as File).arrayBuffer()))
    const mask = await rgba(Buffer.from(await (form.get('mask') as File).arrayBuffer()))
    expect([image.width, image.height, mask.width, mask.height]).toEqual([1920, 1080, 1920, 1080])
    const alpha = (x: number, y: number) => mask.data[(y * 1920 + x) * 4 + 3]
    expect([alpha(239, 500), alpha(240, 500), alpha(1679, 500), alpha(1680, 500)]).toEqual([0, 255, 255, 0])
    expect(done.items[0]).toMatchObject({ width: 1920, height: 1080, outsideMaskChange: 0 })
  })

  it('refuses a canvas the family does not take before anything is sent', async () => {
    const fileId = await h.grantBytes(await gradientPng(320, 240), 'photo.png')
    const before = sb.log().filter((e) => e.route === 'image.edit').length
    const extend = { width: 1820, height: 1024, x: 0, y: 0, pictureWidth: 1365, pictureHeight: 1024 }
    const err = await h
      .call('images:edit', { source: { kind: 'file', fileId }, prompt: 'wide', model: 'image-model-1', extend })
      .catch((e: unknown) => e)
    expect(err).toBeInstanceOf(StudioError)
    expect(err).toMatchObject({ code: 'INVALID_INPUT', field: 'extend' })
    expect((err as StudioError).message).toContain('1920x1080')
    expect(sb.log().filter((e) => e.route === 'image.edit').length).toBe(before)
  })
})

describe('extend canvas: the edit image limit', () => {
  const dir = mkdtempSync(join(tmpdir(), 'extend-limit-'))
  afterAll(() => rmSync(dir, { recursive: true, force: true }))
  const gallery = { pathOf: (name: string) => join(dir, name) }
  const p: ExtendPlacement = { width: 400, height: 240, x: 40, y: 0, pictureWidth: 320, pictureHeight: 240 }

  async function inputs(jobId: string) {
    await sharp(await gradientPng(320, 240)).toFile(join(dir, `${jobId}.source.png`))
    const source = {
      path: join(dir, `${jobId}.source.png`),
      format: 'png' as const,
      width: 320,
      height: 240,
      bytes: 1,
      uploadName: 'a.png',
      describe: {}
    }
    return { checked: { source, warnings: [] }, copies: { sourceFile: `${jobId}.source.png` } }
  }

  it('sends a canvas whose PNG is over the limit as lossless WebP when that fits', async () => {
    const { checked, copies } = await inputs('job1')
    await composeExtend(join(dir, 'job1.source.png'), undefined, p, join(dir, 'probe.png'), join(dir, 'probe-mask.png'))
    const pngBytes = statSync(join(dir, 'probe.png')).size
    const out = await extendEditInputs(p, checked, copies, gallery, 'job1', pngBytes - 1)
    expect(out.copies).toEqual({ sourceFile: 'job1.source.webp', maskFile: 'job1.mask.png' })
    expect(out.checked.source).toMatchObject({ format: 'webp', uploadName: 'image.webp', width: 400, height: 240 })
    // Lossless: the picture's pixels and the transparent new area are exactly the PNG's.
    const [a, b] = await Promise.all([rgba(join(dir, 'probe.png')), rgba(join(dir, 'job1.source.webp'))])
    expect(b.data.equals(a.data)).toBe(true)
    expect(readdirSync(dir).filter((n) => n.startsWith('job1.'))).toEqual(['job1.mask.png', 'job1.source.webp'])
  })

  it('refuses a canvas over the limit in both encodings, naming its size, and leaves no file behind', async () => {
    const { checked, copies } = await inputs('job2')
    const err = await extendEditInputs(p, checked, copies, gallery, 'job2', 10).catch((e: unknown) => e)
    expect(err).toMatchObject({ code: 'INVALID_INPUT', field: 'extend' })
    expect((err as Error).message).toMatch(/^The extended image is [\d.]+ MB, over the 0\.0 MB an edit image may be/)
    expect(readdirSync(dir).filter((n) => n.startsWith('job2.'))).toEqual([])
  })
})
