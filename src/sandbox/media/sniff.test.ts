import fc from 'fast-check'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { sniffImage } from './index'

const raw = (width: number, height: number, channels: 1 | 3 | 4) => {
  const data = Buffer.alloc(width * height * channels)
  for (let i = 0; i < data.length; i++) data[i] = (i * 29) & 255
  return sharp(data, { raw: { width, height, channels } })
}

/** Real encoder output, covering each header layout the sniffer has a branch for. */
const samples: Array<[string, () => Promise<Buffer>, 'png' | 'jpeg' | 'webp', number, number]> = [
  ['png rgb', () => raw(31, 17, 3).png().toBuffer(), 'png', 31, 17],
  ['png rgba', () => raw(300, 2, 4).png().toBuffer(), 'png', 300, 2],
  ['png grey', () => raw(5, 400, 1).png().toBuffer(), 'png', 5, 400],
  ['png palette', () => raw(40, 30, 3).png({ palette: true }).toBuffer(), 'png', 40, 30],
  ['jpeg baseline', () => raw(33, 21, 3).jpeg().toBuffer(), 'jpeg', 33, 21],
  ['jpeg progressive', () => raw(70, 9, 3).jpeg({ progressive: true }).toBuffer(), 'jpeg', 70, 9],
  [
    'jpeg with exif',
    () =>
      raw(12, 34, 3)
        .withExif({ IFD0: { Copyright: 'x'.repeat(300) } })
        .jpeg()
        .toBuffer(),
    'jpeg',
    12,
    34
  ],
  ['webp lossy (VP8)', () => raw(45, 27, 3).webp({ quality: 50 }).toBuffer(), 'webp', 45, 27],
  ['webp lossless (VP8L)', () => raw(16383, 1, 3).webp({ lossless: true }).toBuffer(), 'webp', 16383, 1],
  ['webp lossy with alpha (VP8X)', () => raw(19, 23, 4).webp({ quality: 50 }).toBuffer(), 'webp', 19, 23],
  [
    'webp with exif (VP8X)',
    () =>
      raw(8, 9, 3)
        .withExif({ IFD0: { Copyright: 'y' } })
        .webp({ lossless: true })
        .toBuffer(),
    'webp',
    8,
    9
  ]
]

describe('sniffImage on real files', () => {
  it.each(samples)('%s', async (_name, make, format, width, height) => {
    const bytes = await make()
    expect(sniffImage(bytes)).toEqual({ format, width, height })
    // Works on a plain Uint8Array too (not only Buffer), at a non-zero byteOffset.
    const copy = new Uint8Array(bytes.length + 3).subarray(3)
    copy.set(bytes)
    expect(sniffImage(copy)).toEqual({ format, width, height })
  })

  it('covers all three WebP layouts (guards the samples above against encoder changes)', async () => {
    const chunk = async (name: string): Promise<string> => {
      const sample = samples.find(([n]) => n === name)
      if (!sample) throw new Error(`no sample ${name}`)
      return (await sample[1]()).toString('latin1', 12, 16)
    }
    expect(await chunk('webp lossy (VP8)')).toBe('VP8 ')
    expect(await chunk('webp lossless (VP8L)')).toBe('VP8L')
    expect(await chunk('webp lossy with alpha (VP8X)')).toBe('VP8X')
  })

  it('finds the frame header after APPn segments and fill bytes', async () => {
    const jpeg = await raw(10, 20, 3).jpeg().toBuffer()
    const app = Buffer.concat([Buffer.from([0xff, 0xe5, 0x01, 0x02]), Buffer.alloc(256, 0xff)]) // 258-byte APP5 full of 0xFF
    const fill = Buffer.from([0xff, 0xff, 0xff])
    const spliced = Buffer.concat([jpeg.subarray(0, 2), app, fill, jpeg.subarray(2)])
    expect(sniffImage(spliced)).toEqual({ format: 'jpeg', width: 10, height: 20 })
  })
})

describe('sniffImage on bad input', () => {
  it.each([
    ['empty', Buffer.alloc(0)],
    ['text', Buffer.from('GIF89a, or really just some text')],
    ['gif', Buffer.from('474946383961010001000000002c', 'hex')],
    ['png signature only', Buffer.from('89504e470d0a1a0a', 'hex')],
    ['png with a non-IHDR first chunk', Buffer.from('89504e470d0a1a0a0000000d49444154000000100000001008020000', 'hex')],
    ['png with zero width', Buffer.from('89504e470d0a1a0a0000000d4948445200000000000000100802000000', 'hex')],
    ['png with width over 2^31-1', Buffer.from('89504e470d0a1a0a0000000d4948445280000000000000100802000000', 'hex')],
    ['jpeg SOI only', Buffer.from('ffd8ff', 'hex')],
    ['jpeg scan before frame', Buffer.from('ffd8ffda000c0102030405060708090a', 'hex')],
    ['jpeg with zero segment length', Buffer.from('ffd8ffe00000ffc0001108001000100301', 'hex')],
    ['jpeg segment running past the end', Buffer.from('ffd8ffe0fff0', 'hex')],
    ['riff that is not webp', Buffer.from('RIFF\x10\x00\x00\x00WAVEfmt ', 'latin1')],
    ['webp with unknown chunk', Buffer.from('RIFF\x10\x00\x00\x00WEBPABCD\x00\x00\x00\x00', 'latin1')],
    [
      'VP8 without start code',
      Buffer.from('RIFF\x20\x00\x00\x00WEBPVP8 \x10\x00\x00\x00\x00\x00\x00\x00\x00\x00\x10\x00\x10\x00', 'latin1')
    ],
    [
      'VP8L without signature',
      Buffer.from('RIFF\x20\x00\x00\x00WEBPVP8L\x10\x00\x00\x00\x00\x00\x00\x00\x00', 'latin1')
    ]
  ])('%s -> null', (_name, bytes) => {
    expect(sniffImage(bytes)).toBeNull()
  })

  it('answers null, not garbage, for every truncated header', async () => {
    for (const [name, make, format, width, height] of samples) {
      const bytes = await make()
      // Walk every prefix long enough to hold any header we read (JPEG may need to skip the EXIF).
      for (let n = 0; n <= Math.min(bytes.length - 1, 2048); n++) {
        const got = sniffImage(bytes.subarray(0, n))
        if (got !== null) expect(got, `${name} cut at ${n}`).toEqual({ format, width, height })
      }
      // PNG and WebP put the size in the first 30 bytes, so shorter cuts must not sniff.
      if (format !== 'jpeg') expect(sniffImage(bytes.subarray(0, 20))).toBeNull()
    }
  })

  it('answers null for non-byte values smuggled past the types', () => {
    for (const v of [null, undefined, 'png', 42, {}, [0x89, 0x50], new ArrayBuffer(8)]) {
      expect(sniffImage(v as unknown as Uint8Array)).toBeNull()
    }
  })
})

describe('sniffImage properties', () => {
  const prefixes = [
    [],
    [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
    [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52],
    [0xff, 0xd8, 0xff],
    [...Buffer.from('RIFF\0\0\0\0WEBPVP8 ', 'latin1')],
    [...Buffer.from('RIFF\0\0\0\0WEBPVP8L', 'latin1')],
    [...Buffer.from('RIFF\0\0\0\0WEBPVP8X', 'latin1')]
  ]

  it('never throws, and any answer is a well-formed size, on arbitrary bytes behind each magic', () => {
    fc.assert(
      fc.property(fc.constantFrom(...prefixes), fc.uint8Array({ maxLength: 512 }), (prefix, tail) => {
        const got = sniffImage(Uint8Array.from([...prefix, ...tail]))
        if (got === null) return
        expect(['png', 'jpeg', 'webp']).toContain(got.format)
        expect(Number.isInteger(got.width) && got.width > 0).toBe(true)
        expect(Number.isInteger(got.height) && got.height > 0).toBe(true)
      }),
      { numRuns: 3000 }
    )
  })

  it('reads back any PNG/WebP size written into a valid header', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 16384 }), fc.integer({ min: 1, max: 16384 }), (w, h) => {
        const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000000000000008020000000000000000', 'hex')
        png.writeUInt32BE(w, 16)
        png.writeUInt32BE(h, 20)
        expect(sniffImage(png)).toEqual({ format: 'png', width: w, height: h })
        const vp8x = Buffer.alloc(30)
        vp8x.write('RIFF\x16\x00\x00\x00WEBPVP8X\x0a\x00\x00\x00', 'latin1')
        vp8x.writeUIntLE(w - 1, 24, 3)
        vp8x.writeUIntLE(h - 1, 27, 3)
        expect(sniffImage(vp8x)).toEqual({ format: 'webp', width: w, height: h })
      })
    )
  })
})
