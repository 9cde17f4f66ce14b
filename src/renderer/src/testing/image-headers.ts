/**
 * The first bytes of real image files, for page tests: what the page reads before an upload (the
 * magic bytes and the header's dimensions). No pixels: the fake host stands in for decoding.
 */
import { crc32, withStudioSettings, type StudioPngSettings } from '@shared/media/png-text'

function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length)
  const view = new DataView(out.buffer)
  view.setUint32(0, data.length)
  out.set(new TextEncoder().encode(type), 4)
  out.set(data, 8)
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)))
  return out
}

/** A PNG signature, IHDR of width x height, one empty IDAT and IEND; with the studio's settings when given. */
export function pngHeader(width: number, height: number, settings?: StudioPngSettings): Uint8Array<ArrayBuffer> {
  const ihdr = new Uint8Array(13)
  const view = new DataView(ihdr.buffer)
  view.setUint32(0, width)
  view.setUint32(4, height)
  ihdr.set([8, 6, 0, 0, 0], 8)
  const parts = [
    new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', new Uint8Array(0)),
    chunk('IEND', new Uint8Array(0))
  ]
  const png = new Uint8Array(parts.reduce((n, p) => n + p.length, 0))
  let at = 0
  for (const p of parts) {
    png.set(p, at)
    at += p.length
  }
  return (settings ? withStudioSettings(png, settings) : png) as Uint8Array<ArrayBuffer>
}

/** An extended WebP header (VP8X) of width x height. */
export function webpHeader(width: number, height: number): Uint8Array<ArrayBuffer> {
  const b = new Uint8Array(30)
  b.set(new TextEncoder().encode('RIFF'), 0)
  new DataView(b.buffer).setUint32(4, 22, true)
  b.set(new TextEncoder().encode('WEBPVP8X'), 8)
  new DataView(b.buffer).setUint32(16, 10, true)
  const put24 = (at: number, v: number) => b.set([v & 0xff, (v >> 8) & 0xff, (v >> 16) & 0xff], at)
  put24(24, width - 1)
  put24(27, height - 1)
  return b
}

export function imageFile(bytes: Uint8Array<ArrayBuffer>, name: string, type = 'image/png'): File {
  return new File([bytes], name, { type })
}
