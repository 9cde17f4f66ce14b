/**
 * Identifies an image by its magic bytes and reads its dimensions from the header alone.
 * The one implementation shared by the host core (file grants) and the sandbox gateway; pure
 * TypeScript over Uint8Array, so it runs without Node.
 *
 * SECURITY: this runs on untrusted bytes (uploads, dropped files, gateway responses) before any
 * decoder sees them, so it is hand-written, allocation-free and bounds-checked on every read. It
 * must never throw and never loop without progress; anything unexpected answers null. It does not
 * validate the body: a well-formed header on a truncated body still sniffs, and whatever decodes
 * the image downstream rejects it. Callers use the dimensions to refuse oversized images before
 * paying for a decode (decompression bombs).
 */

export type SniffedFormat = 'png' | 'jpeg' | 'webp' | 'gif'

export interface SniffedImage {
  format: SniffedFormat
  width: number
  height: number
}

export const MIME_OF_FORMAT: Readonly<Record<SniffedFormat, string>> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif'
}

export function sniffImage(bytes: Uint8Array): SniffedImage | null {
  // Runtime guard as well as the type: the host calls this on values it got over IPC.
  if (!(bytes instanceof Uint8Array)) return null
  try {
    const format = magicFormat(bytes)
    if (format === 'png') return sniffPng(bytes)
    if (format === 'jpeg') return sniffJpeg(bytes)
    if (format === 'webp') return sniffWebp(bytes)
    if (format === 'gif') return sniffGif(bytes)
    return null
  } catch {
    // Unreachable by construction; kept so a future edit cannot turn a parse bug into a crash.
    return null
  }
}

/**
 * Which format the first bytes claim, without reading the header behind them. Lets a caller tell
 * "not an image at all" from "an image whose header is damaged or cut short".
 */
export function magicFormat(b: Uint8Array): SniffedFormat | null {
  if (!(b instanceof Uint8Array)) return null
  if (b.length >= PNG_SIGNATURE.length && PNG_SIGNATURE.every((v, i) => b[i] === v)) return 'png'
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpeg'
  if (ascii(b, 0, 'RIFF') && ascii(b, 8, 'WEBP')) return 'webp'
  if (ascii(b, 0, 'GIF87a') || ascii(b, 0, 'GIF89a')) return 'gif'
  return null
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]

function sniffPng(b: Uint8Array): SniffedImage | null {
  // The spec requires IHDR (length 13) as the very first chunk, so its position is fixed.
  if (b.length < 8 + 8 + 13) return null
  if (u32be(b, 8) !== 13 || !ascii(b, 12, 'IHDR')) return null
  const width = u32be(b, 16)
  const height = u32be(b, 20)
  // The spec caps PNG sides at 2^31-1; larger values only come from corrupt or hostile files.
  if (width > 0x7fffffff || height > 0x7fffffff) return null
  return result('png', width, height)
}

/** SOF markers carry the frame size. C4 (DHT), C8 (JPG extension) and CC (DAC) share the range but are not frames. */
function isSof(marker: number): boolean {
  return marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc
}

function sniffJpeg(b: Uint8Array): SniffedImage | null {
  let i = 2
  // Every iteration advances i by at least 1 (fill bytes) or 2, so the scan is linear in the input.
  while (i + 1 < b.length) {
    if (b[i] !== 0xff) return null
    const marker = b[i + 1]
    i += 2
    if (marker === 0xff) {
      // Fill byte: markers may be preceded by any number of 0xFF; step back one to re-read.
      i -= 1
      continue
    }
    // Markers without a length field.
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd8)) continue
    // End of image or start of scan before any frame header: no size to report.
    if (marker === 0xd9 || marker === 0xda) return null
    if (i + 2 > b.length) return null
    const length = u16be(b, i)
    if (length < 2) return null
    if (isSof(marker)) {
      // Segment: length(2) precision(1) height(2) width(2) ...
      if (length < 7 || i + 7 > b.length) return null
      return result('jpeg', u16be(b, i + 5), u16be(b, i + 3))
    }
    i += length
  }
  return null
}

function sniffWebp(b: Uint8Array): SniffedImage | null {
  // RIFF header (12) + first chunk header (8); the first chunk decides the WebP flavour.
  if (b.length < 20) return null
  const d = 20
  if (ascii(b, 12, 'VP8 ')) {
    // Lossy: 3-byte frame tag (bit 0 clear on key frames), start code 9D 01 2A, then 14-bit sizes.
    if (b.length < d + 10) return null
    if ((b[d] & 1) !== 0) return null
    if (b[d + 3] !== 0x9d || b[d + 4] !== 0x01 || b[d + 5] !== 0x2a) return null
    return result('webp', u16le(b, d + 6) & 0x3fff, u16le(b, d + 8) & 0x3fff)
  }
  if (ascii(b, 12, 'VP8L')) {
    // Lossless: signature 0x2F, then width-1 and height-1 packed as 14 bits each, little-endian.
    if (b.length < d + 5 || b[d] !== 0x2f) return null
    const bits = u32le(b, d + 1)
    return result('webp', (bits & 0x3fff) + 1, ((bits >>> 14) & 0x3fff) + 1)
  }
  if (ascii(b, 12, 'VP8X')) {
    // Extended: flags(1) reserved(3), then canvas width-1 and height-1 as 24-bit little-endian.
    if (b.length < d + 10) return null
    return result('webp', u24le(b, d + 4) + 1, u24le(b, d + 7) + 1)
  }
  return null
}

function sniffGif(b: Uint8Array): SniffedImage | null {
  // Signature(6), then the logical screen descriptor: width(2) height(2) flags(1) bg(1) aspect(1).
  if (b.length < 13) return null
  const flags = b[10]
  // An optional global colour table of 3 * 2^(n+1) bytes sits between the descriptor and the data.
  const table = (flags & 0x80) !== 0 ? 3 * (1 << ((flags & 0x07) + 1)) : 0
  const next = 13 + table
  // The first block must be an extension (0x21) or an image (0x2C): a text file that merely starts
  // with "GIF89a" fails here instead of sniffing as a GIF with made-up dimensions.
  if (next >= b.length || (b[next] !== 0x21 && b[next] !== 0x2c)) return null
  return result('gif', u16le(b, 6), u16le(b, 8))
}

function result(format: SniffedFormat, width: number, height: number): SniffedImage | null {
  // Zero appears in corrupt headers (and JPEG's rarely-used DNL); neither is usable downstream.
  if (width <= 0 || height <= 0) return null
  return { format, width, height }
}

// Readers below are only called after the caller checked the range, so indexes are in bounds.
function ascii(b: Uint8Array, at: number, text: string): boolean {
  if (at + text.length > b.length) return false
  for (let k = 0; k < text.length; k++) if (b[at + k] !== text.charCodeAt(k)) return false
  return true
}
function u16be(b: Uint8Array, at: number): number {
  return (b[at] << 8) | b[at + 1]
}
function u16le(b: Uint8Array, at: number): number {
  return b[at] | (b[at + 1] << 8)
}
function u24le(b: Uint8Array, at: number): number {
  return b[at] | (b[at + 1] << 8) | (b[at + 2] << 16)
}
function u32be(b: Uint8Array, at: number): number {
  // Multiply instead of << 24 so the top bit does not turn the result negative.
  return b[at] * 0x1000000 + ((b[at + 1] << 16) | (b[at + 2] << 8) | b[at + 3])
}
function u32le(b: Uint8Array, at: number): number {
  return (b[at] | (b[at + 1] << 8) | (b[at + 2] << 16)) + b[at + 3] * 0x1000000
}
