import sharp from 'sharp'
import { MAX_IMAGE_SIDE, MediaInputError, type MediaField } from './errors'
import { sniffImage } from './sniff'
import type { ImageFormat } from './types'

/** Raw 8-bit sRGB pixels, row-major, no padding. 3 channels when the source had no alpha. */
export interface Raster {
  data: Uint8Array
  width: number
  height: number
  channels: 3 | 4
}

export interface DecodedImage extends Raster {
  format: ImageFormat
}

// Decoding never touches more than the sniffed (and size-checked) pixel count; this is the
// belt to sniffImage's braces should a header lie about its size.
const PIXEL_LIMIT = MAX_IMAGE_SIDE * MAX_IMAGE_SIDE

/** Sniff first (cheap, hand-checked), refuse oversize, and only then hand the bytes to libvips. */
function admit(bytes: Buffer, field: MediaField): { format: ImageFormat; width: number; height: number } {
  const head = sniffImage(bytes)
  if (!head) throw new MediaInputError('unsupported_image', field, `${field} is not a PNG, JPEG or WebP image`)
  if (head.width > MAX_IMAGE_SIDE || head.height > MAX_IMAGE_SIDE) {
    throw new MediaInputError(
      'image_too_large',
      field,
      `${field} is ${head.width}x${head.height}; the limit is ${MAX_IMAGE_SIDE} per side`
    )
  }
  return head
}

async function rawPixels(
  bytes: Buffer,
  field: MediaField,
  forceAlpha: boolean
): Promise<{ data: Buffer; width: number; height: number; channels: number }> {
  try {
    // toColourspace('srgb') folds greyscale (and greyscale+alpha) into RGB(A), so callers only
    // ever see 3 or 4 channels. No rotate(): EXIF orientation is ignored on purpose, because
    // mask and image must line up in stored-pixel order, which is what clients paint on.
    // failOn 'error' (not the default 'warning'): truncated or corrupt data is refused, but the
    // harmless warnings common in camera JPEGs do not make an upload unusable.
    let pipeline = sharp(bytes, { limitInputPixels: PIXEL_LIMIT, failOn: 'error' }).toColourspace('srgb')
    if (forceAlpha) pipeline = pipeline.ensureAlpha()
    const { data, info } = await pipeline.raw().toBuffer({ resolveWithObject: true })
    return { data, width: info.width, height: info.height, channels: info.channels }
  } catch (cause) {
    throw new MediaInputError('image_decode_failed', field, `${field} could not be decoded`, cause)
  }
}

/**
 * Decode untrusted image bytes to 8-bit sRGB. 16-bit PNGs are narrowed to 8 bits, so pixel
 * identity guarantees elsewhere hold for 8-bit sources only.
 */
export async function decodeImage(
  bytes: Buffer,
  field: MediaField,
  opts: { alpha?: boolean } = {}
): Promise<DecodedImage> {
  const head = admit(bytes, field)
  const raw = await rawPixels(bytes, field, opts.alpha ?? false)
  if (raw.channels !== 3 && raw.channels !== 4) {
    throw new MediaInputError('image_decode_failed', field, `${field} decoded to ${raw.channels} channels`)
  }
  return { format: head.format, data: raw.data, width: raw.width, height: raw.height, channels: raw.channels }
}

/**
 * Which pixels a mask keeps: 1 where alpha >= 128 (opaque: keep), 0 where transparent (repaint).
 * That is the OpenAI-style convention the gateway uses. A mask without an alpha channel is
 * entirely opaque and so keeps everything.
 *
 * The mask must match the image size exactly. Rescaling would be guesswork about the client's
 * intent (and nearest-neighbour rescaling makes the edge pixels ambiguous), so we refuse instead.
 */
export async function decodeKeepMask(
  bytes: Buffer,
  width: number,
  height: number,
  field: MediaField = 'mask'
): Promise<Uint8Array> {
  const head = admit(bytes, field)
  if (head.width !== width || head.height !== height) {
    throw new MediaInputError(
      'size_mismatch',
      field,
      `${field} is ${head.width}x${head.height} but the image is ${width}x${height}`
    )
  }
  const raw = await rawPixels(bytes, field, true)
  const keep = new Uint8Array(width * height)
  const { data, channels } = raw
  for (let p = 0, a = channels - 1; p < keep.length; p++, a += channels) keep[p] = data[a] >= 128 ? 1 : 0
  return keep
}

/**
 * Encode raw pixels. PNG and WebP are lossless (WebP with `exact`, or libwebp rewrites the RGB
 * of fully transparent pixels), so decode(encode(x)) === x. JPEG is lossy and has no alpha:
 * transparent areas are flattened onto white first so they do not come out black.
 */
export async function encodeRaster(r: Raster, format: ImageFormat): Promise<Buffer> {
  let img = sharp(r.data, { raw: { width: r.width, height: r.height, channels: r.channels } })
  switch (format) {
    case 'png':
      return img.png({ compressionLevel: 6 }).toBuffer()
    case 'webp':
      // effort 0 is ~10x faster than the default at 4096^2 and still lossless; size is no concern here.
      return img.webp({ lossless: true, exact: true, effort: 0 }).toBuffer()
    case 'jpeg':
      if (r.channels === 4) img = img.flatten({ background: '#ffffff' })
      return img.jpeg({ quality: 90 }).toBuffer()
    default:
      // Reachable from untyped callers (JSON request bodies); fail loudly rather than return undefined.
      throw new TypeError(`unsupported output format: ${String(format satisfies never)}`)
  }
}
