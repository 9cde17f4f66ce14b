// Real encoder output for the file tests: what users actually drop, not hand-made headers.
import sharp from 'sharp'

export type Format = 'png' | 'jpeg' | 'webp' | 'gif'

export async function imageBytes(format: Format, width = 8, height = 6): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3)
  for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 37) & 255
  const img = sharp(pixels, { raw: { width, height, channels: 3 } })
  return format === 'png'
    ? img.png().toBuffer()
    : format === 'jpeg'
      ? img.jpeg().toBuffer()
      : format === 'webp'
        ? img.webp().toBuffer()
        : img.gif().toBuffer()
}
