import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { MaskOp, Stroke } from '../model/mask-model'
import { replayBinary } from '../raster/mask-binary'
import { createRaster, fullRect, IDENTITY } from '../raster/raster'
import { encodeMaskPng } from './mask-png'
import { maskRuns } from './mask-runs'

/** CRC-32 (PNG chunks), written independently of the encoder's table. */
function crc32(bytes: Uint8Array): number {
  let c = ~0
  for (const b of bytes) {
    c ^= b
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xedb88320 : c >>> 1
  }
  return ~c >>> 0
}

/** zlib inflate by the platform (it checks the stream's Adler-32). */
async function inflate(data: Uint8Array): Promise<Uint8Array> {
  const stream = new Blob([data as Uint8Array<ArrayBuffer>]).stream().pipeThrough(new DecompressionStream('deflate'))
  return new Uint8Array(await new Response(stream).arrayBuffer())
}

/** A strict reader of what encodeMaskPng writes: chunk CRCs, IHDR, zlib (checksum included), filter bytes. */
async function decode(png: Uint8Array): Promise<{ width: number; height: number; rgba: Uint8Array }> {
  const buf = Buffer.from(png)
  expect([...buf.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
  let p = 8
  let width = 0
  let height = 0
  const idat: Buffer[] = []
  const types: string[] = []
  while (p < buf.length) {
    const len = buf.readUInt32BE(p)
    const type = buf.toString('latin1', p + 4, p + 8)
    types.push(type)
    const data = buf.subarray(p + 8, p + 8 + len)
    expect(buf.readUInt32BE(p + 8 + len)).toBe(crc32(buf.subarray(p + 4, p + 8 + len)))
    if (type === 'IHDR') {
      width = data.readUInt32BE(0)
      height = data.readUInt32BE(4)
      expect([...data.subarray(8)]).toEqual([8, 6, 0, 0, 0])
    }
    if (type === 'IDAT') idat.push(data)
    p += 12 + len
  }
  expect(types).toEqual(['IHDR', 'IDAT', 'IEND'])
  const raw = await inflate(Buffer.concat(idat))
  const stride = width * 4 + 1
  expect(raw.length).toBe(stride * height)
  const rgba = new Uint8Array(width * height * 4)
  for (let y = 0; y < height; y++) {
    expect(raw[y * stride]).toBe(0)
    rgba.set(raw.subarray(y * stride + 1, (y + 1) * stride), y * width * 4)
  }
  return { width, height, rgba }
}

const W = 70
const H = 40
const strokeArb: fc.Arbitrary<Stroke> = fc.record({
  kind: fc.constant('stroke' as const),
  mode: fc.constantFrom('paint' as const, 'erase' as const),
  radius: fc.double({ min: 0.3, max: 20, noNaN: true }),
  hardness: fc.double({ min: 0, max: 1, noNaN: true }),
  points: fc
    .array(
      fc.tuple(fc.double({ min: -15, max: W + 15, noNaN: true }), fc.double({ min: -15, max: H + 15, noNaN: true })),
      { minLength: 1, maxLength: 8 }
    )
    .map((ps) => ps.flat())
})
const opArb: fc.Arbitrary<MaskOp> = fc.oneof(
  { weight: 6, arbitrary: strokeArb },
  { weight: 1, arbitrary: fc.constantFrom<MaskOp>({ kind: 'invert' }, { kind: 'clear' }, { kind: 'fill' }) }
)

describe('mask PNG written from the stroke list', () => {
  it("decodes to exactly the rasteriser's gateway mask (black; alpha 0 painted, 255 elsewhere) for any ops", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(opArb, { maxLength: 7 }),
        fc.integer({ min: 1, max: W }),
        fc.integer({ min: 1, max: H }),
        async (ops, w, h) => {
          const want = createRaster(w, h)
          replayBinary(want, ops, IDENTITY, fullRect(want), 'export')
          const got = await decode(encodeMaskPng(ops, w, h))
          expect([got.width, got.height]).toEqual([w, h])
          expect(Buffer.from(got.rgba).equals(Buffer.from(want.data))).toBe(true)
        }
      ),
      { numRuns: 400 }
    )
  })

  it('a full-size mask stays small and is written from its outline, not its pixels', async () => {
    const ops: MaskOp[] = [
      {
        kind: 'stroke',
        mode: 'paint',
        radius: 48,
        hardness: 0.8,
        points: [400, 400, 3600, 900, 500, 2000, 3700, 3600]
      },
      { kind: 'stroke', mode: 'erase', radius: 20, hardness: 1, points: [1000, 0, 1000, 4095] },
      { kind: 'invert' },
      { kind: 'invert' }
    ]
    const t0 = performance.now()
    const png = encodeMaskPng(ops, 4096, 4096)
    const ms = performance.now() - t0
    expect(png.length).toBeLessThan(1_000_000)
    const { rgba } = await decode(png)
    const want = createRaster(4096, 4096)
    replayBinary(want, ops, IDENTITY, fullRect(want), 'export')
    expect(Buffer.from(rgba).equals(Buffer.from(want.data))).toBe(true)
    // Generous: the point is "no per-pixel pass" (a 64 MB canvas encode takes ~50-100 ms here).
    expect(ms).toBeLessThan(1_000)
  })

  it('keeps per-row runs sorted and disjoint through paint, erase and invert; refuses a size of zero', () => {
    const rows = maskRuns(
      [
        { kind: 'stroke', mode: 'paint', radius: 3, hardness: 1, points: [5, 5, 30, 5] },
        { kind: 'stroke', mode: 'erase', radius: 2, hardness: 1, points: [15, 5, 18, 5] },
        { kind: 'invert' }
      ],
      40,
      10
    )
    for (const r of rows)
      for (let i = 0; i < r.length; i += 2) expect(r[i] < r[i + 1] && (i === 0 || r[i - 1] < r[i])).toBe(true)
    expect(rows[0]).toEqual([0, 40])
    expect(() => encodeMaskPng([], 0, 5)).toThrow(/positive size/)
  })
})
