import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { editImage, MAX_IMAGE_SIDE, renderImage, sniffImage, type ImageFormat } from './index'
import { alphaSource, diffPixels, keepLeftHalf, maskPng, rgba } from './test-helpers'

const W = 120
const H = 80
const source = (format: ImageFormat = 'png', seed = 1): Promise<Buffer> =>
  renderImage({ width: W, height: H, prompt: 'harbour', seed, format })
const halfMask = (): Promise<Buffer> => maskPng(W, H, keepLeftHalf(W))
const kept = (x: number): boolean => keepLeftHalf(W)(x)
const repainted = (x: number): boolean => !kept(x)

describe('editImage with a mask', () => {
  it.each(['png', 'webp'] as const)(
    'keeps every opaque-mask pixel identical and repaints the rest (%s out)',
    async (format) => {
      const image = await source()
      const out = await editImage({ image, mask: await halfMask(), prompt: 'a boat', seed: 5, format })
      expect(out).toMatchObject({ width: W, height: H, format })
      expect(sniffImage(out.bytes)).toEqual({ format, width: W, height: H })

      const before = await rgba(image)
      const after = await rgba(out.bytes)
      const keep = diffPixels(before, after, kept)
      expect(keep.selected).toBe((W / 2) * H)
      expect(keep.differing).toBe(0)
      const paint = diffPixels(before, after, repainted)
      expect(paint.differing / paint.selected).toBeGreaterThan(0.9)
    }
  )

  it.each(['png', 'webp'] as const)(
    'preserves source alpha exactly, even RGB under alpha 0 (%s out)',
    async (format) => {
      const image = await alphaSource(W, H)
      const out = await editImage({ image, mask: await halfMask(), prompt: 'glass', seed: 2, format })
      const before = await rgba(image)
      const after = await rgba(out.bytes)
      expect(diffPixels(before, after, kept).differing).toBe(0)
      // Repainted pixels are opaque: a repaint is new content, not a hole.
      for (let y = 0; y < H; y++) for (let x = W / 2; x < W; x++) expect(after.data[(y * W + x) * 4 + 3]).toBe(255)
    }
  )

  it('keeps greyscale sources identical outside the mask (as grey RGB)', async () => {
    const grey = await sharp(await source())
      .greyscale()
      .png()
      .toBuffer()
    const out = await editImage({ image: grey, mask: await halfMask(), prompt: 'x', seed: 1 })
    expect(diffPixels(await rgba(grey), await rgba(out.bytes), kept).differing).toBe(0)
  })

  it('repaints a render even with its own prompt and seed', async () => {
    const image = await renderImage({ width: W, height: H, prompt: 'same', seed: 9, format: 'png' })
    const out = await editImage({ image, mask: await halfMask(), prompt: 'same', seed: 9 })
    const paint = diffPixels(await rgba(image), await rgba(out.bytes), repainted)
    expect(paint.differing / paint.selected).toBeGreaterThan(0.9)
  })

  it('treats a mask without alpha as fully opaque: nothing changes', async () => {
    const image = await source()
    const rgbMask = await sharp({ create: { width: W, height: H, channels: 3, background: '#000000' } })
      .png()
      .toBuffer()
    const out = await editImage({ image, mask: rgbMask, prompt: 'x', seed: 1 })
    expect(diffPixels(await rgba(image), await rgba(out.bytes), () => true).differing).toBe(0)
  })

  it('uses alpha 128 as the keep threshold', async () => {
    const image = await source()
    const data = Buffer.alloc(W * H * 4)
    for (let p = 0; p < W * H; p++) data[p * 4 + 3] = p % W < W / 2 ? 128 : 127
    const mask = await sharp(data, { raw: { width: W, height: H, channels: 4 } })
      .png()
      .toBuffer()
    const out = await editImage({ image, mask, prompt: 'x', seed: 1 })
    const before = await rgba(image)
    const after = await rgba(out.bytes)
    expect(diffPixels(before, after, kept).differing).toBe(0)
    expect(diffPixels(before, after, repainted).differing).toBeGreaterThan(0)
  })

  it('is deterministic, and the seed changes the repaint', async () => {
    const image = await source()
    const mask = await halfMask()
    const a = await editImage({ image, mask, prompt: 'p', seed: 1 })
    const b = await editImage({ image, mask, prompt: 'p', seed: 1 })
    const c = await editImage({ image, mask, prompt: 'p', seed: 2 })
    expect(a.bytes.equals(b.bytes)).toBe(true)
    expect(a.bytes.equals(c.bytes)).toBe(false)
  })

  it('writes lossy JPEG when asked, at the source size', async () => {
    const out = await editImage({ image: await source(), mask: await halfMask(), prompt: 'p', seed: 1, format: 'jpeg' })
    expect(sniffImage(out.bytes)).toEqual({ format: 'jpeg', width: W, height: H })
  })
})

describe('editImage without a mask', () => {
  it('repaints everything: the output no longer depends on the source pixels', async () => {
    const a = await editImage({ image: await source('png', 1), prompt: 'new', seed: 4 })
    const b = await editImage({ image: await source('png', 2), prompt: 'new', seed: 4 })
    expect(a.bytes.equals(b.bytes)).toBe(true)
    const before = await rgba(await source('png', 1))
    const { selected, differing } = diffPixels(before, await rgba(a.bytes), () => true)
    expect(differing / selected).toBeGreaterThan(0.9)
  })
})

describe('editImage output format', () => {
  it.each(['png', 'jpeg', 'webp'] as const)('defaults to the source format (%s)', async (format) => {
    const out = await editImage({ image: await source(format), prompt: 'p', seed: 1 })
    expect(out.format).toBe(format)
    expect(sniffImage(out.bytes)?.format).toBe(format)
  })

  it('honours an explicit format', async () => {
    const out = await editImage({ image: await source('jpeg'), prompt: 'p', seed: 1, format: 'webp' })
    expect(out.format).toBe('webp')
    expect(sniffImage(out.bytes)?.format).toBe('webp')
  })
})

describe('editImage input checks', () => {
  it('refuses a mask of a different size', async () => {
    const mask = await maskPng(W + 1, H, () => true)
    await expect(editImage({ image: await source(), mask, prompt: 'p', seed: 1 })).rejects.toMatchObject({
      code: 'size_mismatch',
      field: 'mask'
    })
  })

  it('refuses bytes that are not an image', async () => {
    await expect(editImage({ image: Buffer.from('hello, not an image'), prompt: 'p', seed: 1 })).rejects.toMatchObject({
      code: 'unsupported_image',
      field: 'image'
    })
  })

  it('refuses a garbage mask', async () => {
    await expect(
      editImage({ image: await source(), mask: Buffer.alloc(64, 7), prompt: 'p', seed: 1 })
    ).rejects.toMatchObject({ code: 'unsupported_image', field: 'mask' })
  })

  it('refuses a truncated image whose header still sniffs', async () => {
    const png = await source()
    const cut = png.subarray(0, Math.floor(png.length / 2))
    expect(sniffImage(cut)).not.toBeNull()
    await expect(editImage({ image: cut, prompt: 'p', seed: 1 })).rejects.toMatchObject({
      code: 'image_decode_failed',
      field: 'image'
    })
  })

  it('refuses an image over the size limit before decoding it', async () => {
    // A bare IHDR claiming 5000x10: the check must come from the header, since there is no body.
    const header = Buffer.from('89504e470d0a1a0a0000000d49484452000013880000000a08020000000000000000', 'hex')
    await expect(editImage({ image: header, prompt: 'p', seed: 1 })).rejects.toMatchObject({
      code: 'image_too_large',
      field: 'image'
    })
  })
})

describe(`editImage at ${MAX_IMAGE_SIDE}x${MAX_IMAGE_SIDE}`, () => {
  it('keeps the masked area and repaints the rest', async () => {
    const S = MAX_IMAGE_SIDE
    const image = await renderImage({ width: S, height: S, prompt: 'big', seed: 1, format: 'png' })
    const mask = await maskPng(S, S, (x, y) => x < S / 2 || y < S / 2)
    const out = await editImage({ image, mask, prompt: 'big edit', seed: 1 })
    expect(sniffImage(out.bytes)).toEqual({ format: 'png', width: S, height: S })
    const before = await rgba(image)
    const after = await rgba(out.bytes)
    expect(diffPixels(before, after, (x, y) => x < S / 2 || y < S / 2).differing).toBe(0)
    const paint = diffPixels(before, after, (x, y) => x >= S / 2 && y >= S / 2)
    expect(paint.differing / paint.selected).toBeGreaterThan(0.9)
  })
})
