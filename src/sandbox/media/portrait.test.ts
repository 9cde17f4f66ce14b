import { describe, expect, it } from 'vitest'
import { asksPortrait, portraitOf } from './portrait'
import { sampleVideo } from './video'

/** The video track header's display matrix and size (version 0 tkhd, as the samples are written). */
function videoHeader(mp4: Buffer): { matrix: number[]; width: number; height: number } {
  const at = mp4.indexOf('tkhd', 0, 'latin1') + 4
  const matrix = at + 4 + 20 + 16
  return {
    matrix: Array.from({ length: 9 }, (_, i) => mp4.readInt32BE(matrix + i * 4)),
    width: mp4.readUInt32BE(matrix + 36) / 65536,
    height: mp4.readUInt32BE(matrix + 40) / 65536
  }
}

describe('portrait sample', () => {
  it('turns the landscape sample upright: a 90° matrix and 180x320, the rest of the file unchanged', async () => {
    const landscape = await sampleVideo(0)
    const portrait = await sampleVideo(0, { portrait: true })
    expect(videoHeader(landscape)).toEqual({
      matrix: [0x10000, 0, 0, 0, 0x10000, 0, 0, 0, 0x40000000],
      width: 320,
      height: 180
    })
    expect(videoHeader(portrait)).toEqual({
      matrix: [0, 0x10000, 0, -0x10000, 0, 0, 0, 0, 0x40000000],
      width: 180,
      height: 320
    })
    expect(portrait.length).toBe(landscape.length)
    const differing = Array.from(portrait).filter((b, i) => b !== landscape[i]).length
    expect(differing).toBeLessThanOrEqual(16)
    // The cached landscape bytes are not touched.
    expect(videoHeader(await sampleVideo(0)).width).toBe(320)
  })

  it('refuses a file with no video track', () => {
    const ftyp = Buffer.concat([Buffer.from([0, 0, 0, 16]), Buffer.from('ftypisom'), Buffer.alloc(4)])
    expect(() => portraitOf(ftyp)).toThrow('no moov box')
  })

  it.each([
    [{ orientation: 'portrait' }, true],
    [{ orientation: 'landscape' }, false],
    [{ aspect_ratio: '9:16' }, true],
    [{ aspect_ratio: '16:9', orientation: 'portrait' }, false],
    [{ size: '720x1280' }, true],
    [{ size: '1280*720' }, false],
    [{ metadata: { output_config: { aspect_ratio: '9:16' } } }, true],
    [{}, false]
  ])('asksPortrait(%j) is %s', (input, portrait) => {
    expect(asksPortrait(input)).toBe(portrait)
  })
})
