/**
 * The exported mask as a PNG, written directly from the stroke list: no full-size pixel buffer,
 * no canvas, no general-purpose compressor. The gateway's mask is two colours (opaque black,
 * transparent black), so every row is a few runs, and each run is a handful of deflate codes:
 * one literal pixel, then copies of it (distance 4, 256 bytes at a time) with the fixed Huffman
 * table. The zlib checksum of a run is computed in closed form. Cost grows with the number of
 * runs (the mask's outline), not with the pixel count, which is what keeps a 4096² or 8192²
 * export far below a canvas encode (PERFORMANCE C2). Hand-written because no encoder (Chromium's
 * convertToBlob, zlib) can skip the 64 MB of pixels; the output is a standard 8-bit RGBA PNG
 * (mask-png.test.ts decodes it with zlib and checks every pixel against the rasteriser).
 */
import type { MaskOp } from '../model/mask-model'
import { maskRuns } from './mask-runs'

const CRC_TABLE = (() => {
  const t = new Uint32Array(256)
  for (let n = 0; n < 256; n++) {
    let c = n
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
    t[n] = c >>> 0
  }
  return t
})()

function crc32(bytes: Uint8Array, from: number, to: number): number {
  let c = 0xffffffff
  for (let i = from; i < to; i++) c = CRC_TABLE[(c ^ bytes[i]) & 0xff] ^ (c >>> 8)
  return (c ^ 0xffffffff) >>> 0
}

/** LSB-first bit packing, as deflate wants (up to 24 bits per call). */
class BitWriter {
  private buf = new Uint8Array(1 << 16)
  private len = 0
  private acc = 0
  private n = 0

  bits(value: number, count: number): void {
    this.acc |= value << this.n
    this.n += count
    if (this.len + 4 > this.buf.length) {
      const next = new Uint8Array(this.buf.length * 2)
      next.set(this.buf)
      this.buf = next
    }
    while (this.n >= 8) {
      this.buf[this.len++] = this.acc & 0xff
      this.acc >>>= 8
      this.n -= 8
    }
  }

  finish(): Uint8Array {
    if (this.n > 0) this.bits(0, 8 - this.n)
    return this.buf.subarray(0, this.len)
  }
}

/** A Huffman code of `count` bits (most significant first), as the LSB-first bits deflate stores. */
function reversed(code: number, count: number): number {
  let r = 0
  for (let i = 0; i < count; i++) r |= ((code >>> i) & 1) << (count - 1 - i)
  return r
}

/** Fixed-Huffman literal codes (RFC 1951 3.2.6), ready to write: bits and length per byte. */
const LIT_BITS = new Uint32Array(256)
const LIT_LEN = new Uint8Array(256)
for (let v = 0; v < 256; v++) {
  LIT_LEN[v] = v < 144 ? 8 : 9
  LIT_BITS[v] = v < 144 ? reversed(0x30 + v, 8) : reversed(0x190 + v - 144, 9)
}

// Length codes 257..285: base lengths and extra bits.
const LEN_BASE = [
  3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258
]
const LEN_EXTRA = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]

/** "Copy `length` (3..258) bytes from `distance` (1 or 4) back" as one bit pattern (at most 8+5+5 bits). */
function copyCode(length: number, distance: 1 | 4): [bits: number, count: number] {
  let i = LEN_BASE.length - 1
  while (LEN_BASE[i] > length) i--
  const sym = 257 + i
  let bits = sym < 280 ? reversed(sym - 256, 7) : reversed(0xc0 + sym - 280, 8)
  let count = sym < 280 ? 7 : 8
  bits |= (length - LEN_BASE[i]) << count
  count += LEN_EXTRA[i]
  // Distance codes 0 (= 1) and 3 (= 4): five bits, no extra.
  bits |= reversed(distance === 1 ? 0 : 3, 5) << count
  return [bits, count + 5]
}

const copies = new Map<number, [number, number]>()
function copy(w: BitWriter, length: number, distance: 1 | 4): void {
  const key = length * 8 + distance
  let c = copies.get(key)
  if (!c) copies.set(key, (c = copyCode(length, distance)))
  w.bits(c[0], c[1])
}

function literal(w: BitWriter, byte: number): void {
  w.bits(LIT_BITS[byte], LIT_LEN[byte])
}

const MOD = 65521
const CHUNK = 256

/** Encodes the ops' mask (black; alpha 0 where editable, 255 elsewhere) as an 8-bit RGBA PNG. */
export function encodeMaskPng(ops: readonly MaskOp[], width: number, height: number): Uint8Array {
  const rows = maskRuns(ops, width, height)
  const w = new BitWriter()
  w.bits(1, 1) // BFINAL: one block
  w.bits(1, 2) // BTYPE 01: fixed Huffman codes
  let a = 1
  let b = 0
  /** n pixels of one colour: one literal pixel, then 4-byte-period copies. */
  const run = (n: number, opaque: boolean) => {
    const alpha = opaque ? 255 : 0
    literal(w, 0)
    literal(w, 0)
    literal(w, 0)
    literal(w, alpha)
    let left = (n - 1) * 4
    while (left > 0) {
      const len = left > CHUNK + 2 ? CHUNK : left
      // A length under 3 cannot be a copy; left is a multiple of 4, so it never happens.
      copy(w, len, opaque ? 4 : 1)
      left -= len
    }
    // Adler-32 over n pixels [0, 0, 0, alpha], in closed form (see the header).
    if (opaque) {
      b = (b + 4 * ((n * a) % MOD) + 4 * ((((255 * n * (n - 1)) / 2) % MOD) % MOD) + 255 * n) % MOD
      a = (a + 255 * n) % MOD
    } else b = (b + 4 * ((n * a) % MOD)) % MOD
  }
  for (let y = 0; y < height; y++) {
    literal(w, 0) // filter: None
    b = (b + a) % MOD
    const r = rows[y]
    let x = 0
    for (let i = 0; i < r.length; i += 2) {
      if (r[i] > x) run(r[i] - x, true)
      run(r[i + 1] - r[i], false)
      x = r[i + 1]
    }
    if (x < width) run(width - x, true)
  }
  w.bits(0, 7) // end of block (256): seven zero bits
  const deflate = w.finish()

  const idatLen = 2 + deflate.length + 4
  const out = new Uint8Array(8 + 25 + 12 + idatLen + 12)
  const view = new DataView(out.buffer)
  out.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 0)
  let p = 8
  const chunk = (type: string, length: number, fill: (at: number) => void) => {
    view.setUint32(p, length)
    for (let i = 0; i < 4; i++) out[p + 4 + i] = type.charCodeAt(i)
    fill(p + 8)
    view.setUint32(p + 8 + length, crc32(out, p + 4, p + 8 + length))
    p += 12 + length
  }
  chunk('IHDR', 13, (at) => {
    view.setUint32(at, width)
    view.setUint32(at + 4, height)
    out.set([8, 6, 0, 0, 0], at + 8) // 8 bits, RGBA, deflate, adaptive filters, no interlace
  })
  chunk('IDAT', idatLen, (at) => {
    out[at] = 0x78 // zlib: deflate, 32 KB window
    out[at + 1] = 0x01 // no preset dictionary, fastest; (0x7801 % 31 == 0)
    out.set(deflate, at + 2)
    view.setUint32(at + 2 + deflate.length, ((b << 16) | a) >>> 0)
  })
  chunk('IEND', 0, () => {})
  return out
}
