/**
 * sharp (libvips, a native addon) costs 200-500 ms to load, so it is loaded on first use, never on
 * either shell's start path. Types come from a type-only import, which is erased.
 */
import type Sharp from 'sharp'
import type { Sharp as SharpImage, SharpOptions } from 'sharp'
import { StudioError, type ErrorCode } from '@shared/errors'
import { MAX_DECODE_PIXELS } from '@shared/media/pixel-cap'

let loading: Promise<typeof Sharp> | null = null

export function loadSharp(): Promise<typeof Sharp> {
  loading ??= import('sharp').then((m) => m.default)
  return loading
}

/**
 * sharp's own default (about 268 megapixels) lets a few kilobytes of PNG ask for gigabytes of
 * pixels: the mask check, mask honesty and "protect" hold several full planes at once.
 */
export { MAX_DECODE_PIXELS }

export interface PixelCapRefusal {
  code: ErrorCode
  /** The form field for a user's file (`source`, `maskFileId`); none for a gateway's result. */
  field?: string
}

/** The coded refusal of an image past the cap, naming its dimensions. */
export function tooManyPixels(
  what: string,
  width: number,
  height: number,
  refusal: PixelCapRefusal = { code: 'GATEWAY_ERROR' }
): StudioError {
  const mp = (n: number) => (n / 1_000_000).toFixed(1)
  return new StudioError(
    refusal.code,
    `The ${what} is ${width}×${height} pixels (${mp(width * height)} megapixels), more than the ${mp(MAX_DECODE_PIXELS)} megapixels (8192×8192) the studio decodes.`,
    {
      ...(refusal.field ? { field: refusal.field } : {}),
      details: { reason: 'too_many_pixels', width, height, limitPixels: MAX_DECODE_PIXELS }
    }
  )
}

/** Refuses dimensions past the cap (from a grant or a header already read). */
export function checkPixels(what: string, width: number, height: number, refusal?: PixelCapRefusal): void {
  if (width * height > MAX_DECODE_PIXELS) throw tooManyPixels(what, width, height, refusal)
}

/**
 * An image ready to decode: its header is read first (no pixels) and an image past the cap is
 * refused with its dimensions; the decoder itself is also told the cap (`limitInputPixels`), so
 * nothing is decoded past it whatever the header said.
 */
export async function openImage(
  input: string | Buffer,
  what: string,
  options: SharpOptions = {},
  refusal?: PixelCapRefusal
): Promise<SharpImage> {
  const sharp = await loadSharp()
  const meta = await sharp(input, { limitInputPixels: false }).metadata()
  checkPixels(what, meta.width ?? 0, meta.height ?? 0, refusal)
  return sharp(input, { ...options, limitInputPixels: MAX_DECODE_PIXELS })
}
