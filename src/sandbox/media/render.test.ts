import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { IMAGE_FORMATS, MAX_IMAGE_SIDE, MediaInputError, renderImage, sniffImage, type ImageFormat } from './index'
import { diffPixels, rgba } from './test-helpers'

const base = { prompt: 'a lighthouse at dusk', seed: 7 }

describe('renderImage', () => {
  describe.each(IMAGE_FORMATS)('%s', (format: ImageFormat) => {
    it.each([
      [1, 1],
      [37, 23],
      [64, 200]
    ])('is exactly %ix%i', async (width, height) => {
      const bytes = await renderImage({ ...base, width, height, format })
      expect(sniffImage(bytes)).toEqual({ format, width, height })
      const meta = await sharp(bytes).metadata()
      expect([meta.format, meta.width, meta.height]).toEqual([format, width, height])
    })

    it('is byte-identical for the same inputs', async () => {
      const a = await renderImage({ ...base, width: 96, height: 64, format })
      const b = await renderImage({ ...base, width: 96, height: 64, format })
      expect(a.equals(b)).toBe(true)
    })

    it('changes with the seed and with the prompt', async () => {
      const a = await renderImage({ ...base, width: 96, height: 64, format })
      const otherSeed = await renderImage({ ...base, seed: 8, width: 96, height: 64, format })
      const otherPrompt = await renderImage({ ...base, prompt: 'a lighthouse at dawn', width: 96, height: 64, format })
      expect(a.equals(otherSeed)).toBe(false)
      expect(a.equals(otherPrompt)).toBe(false)
    })
  })

  it('differs in most pixels between neighbouring seeds, not just a few bytes', async () => {
    const a = await rgba(await renderImage({ ...base, width: 128, height: 128, format: 'png' }))
    const b = await rgba(await renderImage({ ...base, seed: 8, width: 128, height: 128, format: 'png' }))
    const { selected, differing } = diffPixels(a, b, () => true)
    expect(differing / selected).toBeGreaterThan(0.8)
  })

  it('is visually varied: many distinct colours, not a flat fill', async () => {
    const { data } = await rgba(await renderImage({ ...base, width: 128, height: 128, format: 'png' }))
    const colours = new Set<number>()
    for (let o = 0; o < data.length; o += 4) colours.add(data.readUInt32LE(o))
    expect(colours.size).toBeGreaterThan(100)
  })

  it('is opaque RGB (no alpha channel) in lossless formats', async () => {
    for (const format of ['png', 'webp'] as const) {
      const meta = await sharp(await renderImage({ ...base, width: 16, height: 16, format })).metadata()
      expect(meta.hasAlpha).toBe(false)
    }
  })

  it(`renders the largest allowed size, ${MAX_IMAGE_SIDE}x${MAX_IMAGE_SIDE}`, async () => {
    const bytes = await renderImage({ ...base, width: MAX_IMAGE_SIDE, height: MAX_IMAGE_SIDE, format: 'png' })
    expect(sniffImage(bytes)).toEqual({ format: 'png', width: MAX_IMAGE_SIDE, height: MAX_IMAGE_SIDE })
  })

  it.each([
    ['width', 0],
    ['width', MAX_IMAGE_SIDE + 1],
    ['width', 1.5],
    ['height', Number.NaN],
    ['height', -3]
  ] as const)('rejects %s = %s with invalid_size', async (field, value) => {
    const call = renderImage({ ...base, width: 8, height: 8, format: 'png', [field]: value })
    await expect(call).rejects.toBeInstanceOf(MediaInputError)
    await expect(call).rejects.toMatchObject({ code: 'invalid_size', field })
  })
})
