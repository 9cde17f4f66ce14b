import type { ImageFormat } from './types'

export interface SniffResult {
  format: ImageFormat
  width: number
  height: number
}

/**
 * Identify an image by its magic bytes and read its dimensions from the header alone.
 *
 * SECURITY: this runs on untrusted bytes (uploads, gateway responses) *before* any decoder sees
 * them, so it is hand-written, allocation-free and bounds-checked on every read. It must never
 * throw and never loop without progress; anything unexpected answers null. It deliberately does
 * not validate the body: a well-formed header on a truncated body still sniffs, and the decoder
 * downstream is what rejects it. Callers use the dimensions to refuse oversized images before
 * paying for a decode (decompression bombs).
 */
export function sniffImage(bytes: Uint8Array): SniffResult | null {
  // Runtime guard as well as the type: the host will call this on values it got over IPC.
  if (!(bytes instanceof Uint8Array)) return null
  try {
    if (isPng(bytes)) return sniffPng(bytes)
    if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return sniffJpeg(bytes)
    if (ascii(bytes, 0, 'RIFF') && ascii(bytes, 8, 'WEBP')) return sniffWebp(bytes)
    return null
  } catch {
    // Unreachable by construction; kept so a future edit cannot turn a parse bug into a crash.
    return null
  }
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]

function isPng(b: Uint8Array): boolean {
  if (b.length < PNG_SIGNATURE.length) return false
  return PNG_SIGNATURE.every((v, i) => b[i] === v)
}

function sniffPng(b: Uint8Array): SniffResult | null {
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

function sniffJpeg(b: Uint8Array): SniffResult | null {
  let i = 2
  // Every iteration advances i by at least 2, so the scan is linear in the input length.
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

function sniffWebp(b: Uint8Array): SniffResult | null {
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

function result(format: ImageFormat, width: number, height: number): SniffResult | null {
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
