import fc from 'fast-check'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { magicFormat, sniffImage } from './sniff'

const hex = (s: string) => Uint8Array.from(s.match(/../g)!.map((h) => parseInt(h, 16)))
const text = (s: string) => Uint8Array.from(s, (c) => c.charCodeAt(0))

/** A 1x1 GIF89a with a 2-colour global table, then an image descriptor. */
const TINY_GIF = hex('47494638396101000100800000000000ffffff2c00000000010001000002024401003b')

describe('the shared image sniffer', () => {
  it('reads GIF sizes from the logical screen descriptor, with and without a colour table', async () => {
    expect(sniffImage(TINY_GIF)).toEqual({ format: 'gif', width: 1, height: 1 })
    const made = new Uint8Array(
      await sharp(Buffer.alloc(300 * 7 * 3, 90), { raw: { width: 300, height: 7, channels: 3 } })
        .gif()
        .toBuffer()
    )
    expect(sniffImage(made)).toEqual({ format: 'gif', width: 300, height: 7 })
    const noTable = hex('474946383761020003000000002c')
    expect(sniffImage(noTable)).toEqual({ format: 'gif', width: 2, height: 3 })
  })

  it('refuses text that merely starts with a GIF signature, and cut or zero-sized GIF headers', () => {
    expect(sniffImage(text('GIF89a, or really just some text'))).toBeNull()
    expect(magicFormat(text('GIF89a, or really just some text'))).toBe('gif')
    // 13 header bytes + a 6-byte colour table, then the first block marker at index 19.
    for (let n = 0; n < 20; n++) expect(sniffImage(TINY_GIF.subarray(0, n)), `cut at ${n}`).toBeNull()
    expect(sniffImage(TINY_GIF.subarray(0, 20))).toEqual({ format: 'gif', width: 1, height: 1 })
    expect(sniffImage(hex('474946383961000001000000002c'))).toBeNull()
  })

  it('reads the other formats from plain Uint8Arrays (no Buffer needed)', async () => {
    const raw = sharp(Buffer.alloc(9 * 4 * 3, 7), { raw: { width: 9, height: 4, channels: 3 } })
    for (const [format, bytes] of [
      ['png', await raw.clone().png().toBuffer()],
      ['jpeg', await raw.clone().jpeg().toBuffer()],
      ['webp', await raw.clone().webp().toBuffer()]
    ] as const) {
      const plain = new Uint8Array(bytes.length)
      plain.set(bytes)
      expect(sniffImage(plain)).toEqual({ format, width: 9, height: 4 })
      expect(magicFormat(plain)).toBe(format)
    }
  })

  it('tells a damaged header (magic only) from a non-image', () => {
    expect(magicFormat(hex('89504e470d0a1a0a'))).toBe('png')
    expect(sniffImage(hex('89504e470d0a1a0a'))).toBeNull()
    expect(magicFormat(text('hello'))).toBeNull()
    expect(magicFormat('png' as unknown as Uint8Array)).toBeNull()
  })

  it('never throws behind a GIF signature, and any answer is a well-formed size', () => {
    fc.assert(
      fc.property(fc.constantFrom('GIF87a', 'GIF89a'), fc.uint8Array({ maxLength: 1200 }), (sig, tail) => {
        const got = sniffImage(Uint8Array.from([...text(sig), ...tail]))
        if (got === null) return
        expect(got.format).toBe('gif')
        expect(got.width).toBeGreaterThan(0)
        expect(got.height).toBeGreaterThan(0)
      }),
      { numRuns: 2000 }
    )
  })
})
