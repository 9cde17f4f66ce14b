/**
 * Test-only helpers. They call sharp directly rather than going through codec.ts, so a bug in
 * our decode path cannot hide itself by being on both sides of an assertion.
 */
import sharp from 'sharp'

export interface Rgba {
  data: Buffer
  width: number
  height: number
}

/** Decode any image to 8-bit sRGB RGBA. */
export async function rgba(bytes: Buffer): Promise<Rgba> {
  const { data, info } = await sharp(bytes)
    .toColourspace('srgb')
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true })
  return { data, width: info.width, height: info.height }
}

/** A PNG mask: opaque (keep) where `keep(x, y)` is true, fully transparent (repaint) elsewhere. */
export function maskPng(width: number, height: number, keep: (x: number, y: number) => boolean): Promise<Buffer> {
  const data = Buffer.alloc(width * height * 4)
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) data[(y * width + x) * 4 + 3] = keep(x, y) ? 255 : 0
  }
  return sharp(data, { raw: { width, height, channels: 4 } })
    .png()
    .toBuffer()
}

/** Left half kept, right half repainted: both regions are large and easy to reason about. */
export const keepLeftHalf =
  (width: number) =>
  (x: number): boolean =>
    x < width / 2

/** Per-pixel comparison over a pixel subset: how many are selected, and how many of those differ. */
export function diffPixels(
  a: Rgba,
  b: Rgba,
  select: (x: number, y: number) => boolean
): { selected: number; differing: number } {
  let selected = 0
  let differing = 0
  for (let y = 0; y < a.height; y++) {
    for (let x = 0; x < a.width; x++) {
      if (!select(x, y)) continue
      selected++
      const o = (y * a.width + x) * 4
      if (a.data.readUInt32LE(o) !== b.data.readUInt32LE(o)) differing++
    }
  }
  return { selected, differing }
}

/** A source image with real alpha, including fully transparent pixels whose RGB is not zero. */
export function alphaSource(width: number, height: number): Promise<Buffer> {
  const data = Buffer.alloc(width * height * 4)
  for (let i = 0; i < data.length; i += 4) {
    const p = i / 4
    data[i] = (p * 7) & 255
    data[i + 1] = (p * 13) & 255
    data[i + 2] = (p * 31) & 255
    data[i + 3] = p % 3 === 0 ? 0 : (p * 17) & 255
  }
  return sharp(data, { raw: { width, height, channels: 4 } })
    .png()
    .toBuffer()
}
