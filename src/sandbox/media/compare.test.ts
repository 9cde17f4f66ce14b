import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { changedOutsideMask, editImage, renderImage } from './index'
import { keepLeftHalf, maskPng, rgba } from './test-helpers'

const W = 64
const H = 48
const image = (): Promise<Buffer> => renderImage({ width: W, height: H, prompt: 'field', seed: 3, format: 'png' })
const mask = (): Promise<Buffer> => maskPng(W, H, keepLeftHalf(W))

describe('changedOutsideMask', () => {
  it.each(['png', 'webp'] as const)('is 0 for an honest masked edit (%s)', async (format) => {
    const before = await image()
    const { bytes } = await editImage({ image: before, mask: await mask(), prompt: 'p', seed: 1, format })
    expect(await changedOutsideMask(before, bytes, await mask())).toBe(0)
  })

  it('is above 0.5 when the edit ignored the mask and repainted everything', async () => {
    const before = await image()
    const { bytes } = await editImage({ image: before, prompt: 'p', seed: 1 })
    expect(await changedOutsideMask(before, bytes, await mask())).toBeGreaterThan(0.5)
  })

  it.each([
    ['red', 0],
    ['alpha', 3]
  ])('counts a single kept pixel with a changed %s channel exactly', async (_name, channel) => {
    const before = await image()
    const { data } = await rgba(before)
    data[channel] ^= 1 // pixel (0,0): inside the kept left half
    const after = await sharp(data, { raw: { width: W, height: H, channels: 4 } })
      .png()
      .toBuffer()
    expect(await changedOutsideMask(before, after, await mask())).toBe(1 / ((W / 2) * H))
  })

  it('ignores changes inside the transparent area', async () => {
    const before = await image()
    const { data } = await rgba(before)
    for (let y = 0; y < H; y++) for (let x = W / 2; x < W; x++) data[(y * W + x) * 4 + 1] ^= 0xff
    const after = await sharp(data, { raw: { width: W, height: H, channels: 4 } })
      .png()
      .toBuffer()
    expect(await changedOutsideMask(before, after, await mask())).toBe(0)
  })

  it('is 0 when the mask keeps nothing', async () => {
    const before = await image()
    const { bytes } = await editImage({ image: before, prompt: 'p', seed: 1 })
    expect(await changedOutsideMask(before, bytes, await maskPng(W, H, () => false))).toBe(0)
  })

  it('refuses images of different sizes', async () => {
    const other = await renderImage({ width: W, height: H + 1, prompt: 'x', seed: 1, format: 'png' })
    await expect(changedOutsideMask(await image(), other, await mask())).rejects.toMatchObject({
      code: 'size_mismatch'
    })
  })
})
