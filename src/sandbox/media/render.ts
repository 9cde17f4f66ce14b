import { encodeRaster } from './codec'
import { MAX_IMAGE_SIDE, MediaInputError } from './errors'
import { makeRng, synthesizeRgb } from './synth'
import type { ImageFormat } from './types'

export interface RenderOptions {
  width: number
  height: number
  prompt: string
  seed: number
  format: ImageFormat
}

/** Salt for fresh renders; edits use another so repainting a render never reproduces it. */
export const RENDER_SALT = 'render/v1'

/**
 * Deterministic synthetic image at exactly width x height. Same inputs give byte-identical
 * output (for a given sharp/libvips build: encoder upgrades may change bytes, never pixels of
 * png/webp). Bump RENDER_SALT's version if the picture recipe changes on purpose.
 */
export async function renderImage(o: RenderOptions): Promise<Buffer> {
  checkSide(o.width, 'width')
  checkSide(o.height, 'height')
  const data = synthesizeRgb(o.width, o.height, makeRng(RENDER_SALT, o.prompt, o.seed))
  return encodeRaster({ data, width: o.width, height: o.height, channels: 3 }, o.format)
}

function checkSide(v: number, field: 'width' | 'height'): void {
  if (!Number.isInteger(v) || v < 1 || v > MAX_IMAGE_SIDE) {
    throw new MediaInputError(
      'invalid_size',
      field,
      `${field} must be an integer from 1 to ${MAX_IMAGE_SIDE}, got ${v}`
    )
  }
}
