/**
 * The studio's settings inside the PNGs it writes: one iTXt chunk (UTF-8 JSON) right after IHDR,
 * under the keyword below, so a PNG dropped back onto the studio can offer "Restore these settings".
 * Pure TypeScript over Uint8Array (host writes, page reads the first bytes of a dropped file).
 *
 * SECURITY: the reader runs on untrusted bytes. It walks chunk headers only within the bytes it was
 * given, stops at the first image data, checks every length against the buffer and a cap, checks
 * the CRC, and answers null for anything unexpected; it never throws.
 */
import { z } from 'zod'

export const STUDIO_PNG_KEYWORD = 'generation-studio'
/** Prompt (20 000 characters, up to 4 bytes each in UTF-8) plus settings fit well under this. */
export const STUDIO_CHUNK_MAX_BYTES = 128 * 1024
/** How much of a file the page reads to find the chunk: it sits right after IHDR (33 bytes in). */
export const STUDIO_CHUNK_SCAN_BYTES = 33 + 12 + STUDIO_CHUNK_MAX_BYTES

export const STUDIO_SETTINGS_ORIGINS = ['generate', 'native', 'edit'] as const

export const StudioPngSettingsSchema = z.object({
  v: z.literal(1),
  origin: z.enum(STUDIO_SETTINGS_ORIGINS),
  model: z.string().max(200),
  prompt: z.string().max(20_000),
  /** The request's settings (family, size, quality…), as the job recorded them. */
  params: z.record(z.string(), z.unknown())
})
export type StudioPngSettings = z.infer<typeof StudioPngSettingsSchema>

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]

let crcTable: Uint32Array | null = null

/** CRC-32 (ISO 3309, the one PNG uses) over the chunk type and data. */
export function crc32(bytes: Uint8Array): number {
  if (!crcTable) {
    crcTable = new Uint32Array(256)
    for (let n = 0; n < 256; n++) {
      let c = n
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
      crcTable[n] = c >>> 0
    }
  }
  let c = 0xffffffff
  for (let i = 0; i < bytes.length; i++) c = crcTable[(c ^ bytes[i]) & 0xff] ^ (c >>> 8)
  return (c ^ 0xffffffff) >>> 0
}

const u32be = (b: Uint8Array, i: number) => ((b[i] << 24) | (b[i + 1] << 16) | (b[i + 2] << 8) | b[i + 3]) >>> 0

function putU32(b: Uint8Array, i: number, v: number): void {
  b[i] = (v >>> 24) & 0xff
  b[i + 1] = (v >>> 16) & 0xff
  b[i + 2] = (v >>> 8) & 0xff
  b[i + 3] = v & 0xff
}

/** A whole iTXt chunk (length, type, data, CRC) carrying `settings`; throws when they are too large to carry. */
export function studioSettingsChunk(settings: StudioPngSettings): Uint8Array {
  const text = new TextEncoder().encode(JSON.stringify(settings))
  const keyword = new TextEncoder().encode(STUDIO_PNG_KEYWORD)
  // keyword \0, compression flag 0, method 0, empty language \0, empty translated keyword \0, text
  const dataLength = keyword.length + 5 + text.length
  if (dataLength > STUDIO_CHUNK_MAX_BYTES)
    throw new RangeError(`The settings are ${dataLength} bytes, over the ${STUDIO_CHUNK_MAX_BYTES}-byte chunk cap.`)
  const chunk = new Uint8Array(12 + dataLength)
  putU32(chunk, 0, dataLength)
  chunk.set([0x69, 0x54, 0x58, 0x74], 4) // iTXt
  chunk.set(keyword, 8)
  chunk.set(text, 8 + keyword.length + 5)
  putU32(chunk, 8 + dataLength, crc32(chunk.subarray(4, 8 + dataLength)))
  return chunk
}

/** Where a chunk can go in front of everything but IHDR, or null when the bytes do not start like a PNG. */
export function afterIhdr(head: Uint8Array): number | null {
  if (head.length < 33 || !PNG_SIGNATURE.every((v, i) => head[i] === v)) return null
  if (u32be(head, 8) !== 13 || String.fromCharCode(...head.subarray(12, 16)) !== 'IHDR') return null
  return 33
}

/** A PNG with `settings` inserted after IHDR (for bytes already in memory). */
export function withStudioSettings(png: Uint8Array, settings: StudioPngSettings): Uint8Array {
  const at = afterIhdr(png)
  if (at === null) throw new TypeError('Not a PNG with an IHDR chunk first.')
  const chunk = studioSettingsChunk(settings)
  const out = new Uint8Array(png.length + chunk.length)
  out.set(png.subarray(0, at), 0)
  out.set(chunk, at)
  out.set(png.subarray(at), at + chunk.length)
  return out
}

/**
 * The studio's settings from the first bytes of a PNG, or null (not a PNG, no such chunk before
 * the image data, a damaged chunk, or text that is not the studio's settings).
 */
export function readStudioSettings(head: Uint8Array): StudioPngSettings | null {
  if (!(head instanceof Uint8Array) || afterIhdr(head) === null) return null
  let i = 8
  // Each step moves past one whole chunk (at least 12 bytes), so the walk is linear and ends.
  while (i + 8 <= head.length) {
    const length = u32be(head, i)
    const type = String.fromCharCode(head[i + 4], head[i + 5], head[i + 6], head[i + 7])
    if (type === 'IDAT' || type === 'IEND') return null
    if (length > 0x7fffffff || i + 12 + length > head.length) return null
    if (type === 'iTXt' && length <= STUDIO_CHUNK_MAX_BYTES) {
      const found = parseStudioChunk(head, i, length)
      if (found) return found
    }
    i += 12 + length
  }
  return null
}

function parseStudioChunk(b: Uint8Array, at: number, length: number): StudioPngSettings | null {
  const data = b.subarray(at + 8, at + 8 + length)
  if (crc32(b.subarray(at + 4, at + 8 + length)) !== u32be(b, at + 8 + length)) return null
  const keywordEnd = data.indexOf(0)
  if (keywordEnd < 0 || new TextDecoder('latin1').decode(data.subarray(0, keywordEnd)) !== STUDIO_PNG_KEYWORD)
    return null
  // Compression flag 0 only: the studio never compresses it, and inflating untrusted text is not worth the risk.
  if (data[keywordEnd + 1] !== 0) return null
  const languageEnd = data.indexOf(0, keywordEnd + 3)
  const translatedEnd = languageEnd < 0 ? -1 : data.indexOf(0, languageEnd + 1)
  if (translatedEnd < 0) return null
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(data.subarray(translatedEnd + 1))
    const parsed = StudioPngSettingsSchema.safeParse(JSON.parse(text))
    return parsed.success ? parsed.data : null
  } catch {
    return null
  }
}
