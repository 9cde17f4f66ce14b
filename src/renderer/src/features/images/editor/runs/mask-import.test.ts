import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { pixelImage } from '@renderer/testing/pixel-image'
import type { MaskOp } from '../model/mask-model'
import { maskFromPixels } from '../worker/mask-work-core'
import { chooseChannel, runsFromPixels, type PixelImage } from './mask-import'
import { encodeMaskPng } from './mask-png'
import { maskRuns, unpackRuns, type Runs } from './mask-runs'

function bits(rows: readonly Runs[], width: number): string[] {
  return rows.map((r) => {
    const line = new Array<string>(width).fill('.')
    for (let i = 0; i < r.length; i += 2) for (let x = r[i]; x < r[i + 1]; x++) line[x] = '#'
    return line.join('')
  })
}

/** The PNG's RGBA, by the platform's zlib (the same reading mask-png.test.ts does in full). */
async function decodePng(png: Uint8Array): Promise<PixelImage> {
  const buf = Buffer.from(png)
  const width = buf.readUInt32BE(16)
  const height = buf.readUInt32BE(20)
  const idatLen = buf.readUInt32BE(33)
  const stream = new Blob([buf.subarray(41, 41 + idatLen)]).stream().pipeThrough(new DecompressionStream('deflate'))
  const raw = new Uint8Array(await new Response(stream).arrayBuffer())
  const data = new Uint8ClampedArray(width * height * 4)
  for (let y = 0; y < height; y++)
    data.set(raw.subarray(y * (width * 4 + 1) + 1, (y + 1) * (width * 4 + 1)), y * width * 4)
  return { data, width, height }
}

describe('a mask from an image', () => {
  const sample = pixelImage(6, 3, (x, y) => [x * 50, x * 50, x * 50, y === 1 && x < 3 ? 0 : 255])

  it('reads alpha: transparent pixels (alpha below half) are the editable area', () => {
    expect(bits(runsFromPixels(sample, 'alpha', 6, 3), 6)).toEqual(['......', '###...', '......'])
    const edge = pixelImage(4, 1, (x) => [0, 0, 0, [0, 127, 128, 255][x]])
    expect(bits(runsFromPixels(edge, 'alpha', 4, 1), 4)).toEqual(['##..'])
  })

  it('reads luminance: light pixels (luma from half up) are the editable area', () => {
    // Greys 0, 50, 100, 150, 200, 250.
    expect(bits(runsFromPixels(sample, 'luminance', 6, 3), 6)).toEqual(['...###', '...###', '...###'])
    // Pure green is light, pure blue dark (Rec. 709 weights).
    const colours = pixelImage(
      3,
      1,
      (x) =>
        [
          [255, 0, 0, 255],
          [0, 255, 0, 255],
          [0, 0, 255, 255]
        ][x] as [number, number, number, number]
    )
    expect(bits(runsFromPixels(colours, 'luminance', 3, 1), 3)).toEqual(['.#.'])
  })

  it('chooses alpha when the image has transparency, luminance otherwise, unless told', () => {
    expect(chooseChannel(sample, 'auto')).toBe('alpha')
    const opaque = pixelImage(2, 2, () => [255, 255, 255, 255])
    expect(chooseChannel(opaque, 'auto')).toBe('luminance')
    expect(chooseChannel(sample, 'luminance')).toBe('luminance')
    expect(maskFromPixels(opaque, 'auto', 2, 2, 'import').channel).toBe('luminance')
  })

  it('scales an image of another size by nearest sampling, pixel-exact', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 17 }),
        fc.integer({ min: 1, max: 13 }),
        fc.integer({ min: 1, max: 40 }),
        fc.integer({ min: 1, max: 30 }),
        fc.array(fc.boolean(), { minLength: 17 * 13, maxLength: 17 * 13 }),
        (sw, sh, tw, th, on) => {
          const img = pixelImage(sw, sh, (x, y) => [0, 0, 0, on[y * sw + x] ? 0 : 255])
          const want = Array.from({ length: th }, (_, y) =>
            Array.from({ length: tw }, (_, x) =>
              on[Math.floor(((y + 0.5) * sh) / th) * sw + Math.floor(((x + 0.5) * sw) / tw)] ? '#' : '.'
            ).join('')
          )
          expect(bits(runsFromPixels(img, 'alpha', tw, th), tw)).toEqual(want)
        }
      ),
      { numRuns: 300 }
    )
  })

  it('reads back an exported mask as itself (export round trip)', async () => {
    const ops: MaskOp[] = [
      { kind: 'stroke', mode: 'paint', radius: 6, hardness: 0.3, points: [5, 5, 40, 20] },
      { kind: 'shape', shape: 'ellipse', mode: 'add', points: [30, 2, 60, 30] },
      { kind: 'shape', shape: 'rect', mode: 'subtract', points: [10, 0, 14, 40] }
    ]
    const png = await decodePng(encodeMaskPng(ops, 64, 36))
    const back = maskFromPixels(png, 'auto', 64, 36, 'import')
    expect(back.channel).toBe('alpha')
    expect(unpackRuns(back.op, 64, 36)).toEqual(maskRuns(ops, 64, 36))
    expect(unpackRuns(back.op, 64, 36).some((r) => r.length > 0)).toBe(true)
  })

  it("takes the source's own transparency as the mask, whatever channel is chosen for imports", () => {
    const source = pixelImage(5, 2, (x, y) => [200, 10, 10, x >= 3 && y === 0 ? 0 : 255])
    const m = maskFromPixels(source, 'luminance', 5, 2, 'transparency')
    expect(m.channel).toBe('alpha')
    expect(m.op.source).toBe('transparency')
    expect(bits(unpackRuns(m.op, 5, 2), 5)).toEqual(['...##', '.....'])
    expect(maskRuns([{ kind: 'fill' }, m.op], 5, 2)).toEqual([[3, 5], []])
  })

  it('refuses pixels that do not match their size', () => {
    expect(() => runsFromPixels({ data: new Uint8ClampedArray(8), width: 3, height: 1 }, 'alpha', 3, 1)).toThrow(
      /do not match its size 3x1/
    )
  })
})
