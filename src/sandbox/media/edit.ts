import { decodeImage, decodeKeepMask, encodeRaster } from './codec'
import { makeRng, synthesizeRgb } from './synth'
import type { ImageFormat } from './types'

export interface EditOptions {
  image: Buffer
  /** Same size as the image (required, not rescaled). Transparent (alpha < 128) = repaint, opaque = keep. */
  mask?: Buffer
  prompt: string
  seed: number
  /** Defaults to the source image's format. */
  format?: ImageFormat
}

export interface EditResult {
  bytes: Buffer
  width: number
  height: number
  format: ImageFormat
}

/** Distinct from the render salt: repainting a render with its own prompt and seed must still change it. */
export const EDIT_SALT = 'edit/v1'

/**
 * Repaint the mask's transparent area with synthetic content from prompt + seed; without a mask,
 * repaint everything. Kept pixels are copied from the decoded source untouched, so for png and
 * webp output (both lossless) they are byte-identical to the source's decoded 8-bit sRGB pixels,
 * alpha included. JPEG output is lossy: there, kept pixels are only approximately the source.
 * Repainted pixels are fully opaque. Throws MediaInputError on bad image/mask input.
 */
export async function editImage(o: EditOptions): Promise<EditResult> {
  const src = await decodeImage(o.image, 'image')
  const { width, height, channels } = src
  const keep = o.mask ? await decodeKeepMask(o.mask, width, height) : null
  const paint = synthesizeRgb(width, height, makeRng(EDIT_SALT, o.prompt, o.seed))

  // Edit in place: src.data is our private decode buffer, and 4096^2 RGBA is 64 MiB we need not copy.
  const out = src.data
  const pixels = width * height
  for (let p = 0, s = 0, d = 0; p < pixels; p++, s += 3, d += channels) {
    if (keep !== null && keep[p] === 1) continue
    out[d] = paint[s]
    out[d + 1] = paint[s + 1]
    out[d + 2] = paint[s + 2]
    if (channels === 4) out[d + 3] = 255
  }

  const format = o.format ?? src.format
  const bytes = await encodeRaster({ data: out, width, height, channels }, format)
  return { bytes, width, height, format }
}
