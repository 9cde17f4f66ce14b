import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { crc32 as zlibCrc32 } from 'node:zlib'
import fc from 'fast-check'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import {
  crc32,
  readStudioSettings,
  studioSettingsChunk,
  withStudioSettings,
  type StudioPngSettings
} from '@shared/media/png-text'
import { imageBytes } from '../files/testing/images'
import { embedSettings, settingsOf } from './png-settings'
import { writeResultBytes } from './result-files'

const SETTINGS: StudioPngSettings = {
  v: 1,
  origin: 'generate',
  model: 'image-model-2',
  prompt: 'a lighthouse at dusk, 灯塔',
  params: { family: 'image2', n: 1, size: '1536x1024', quality: 'high', watermark: 'false' }
}

describe('the studio settings chunk in result PNGs', () => {
  it('computes the same CRC-32 as zlib', () => {
    fc.assert(fc.property(fc.uint8Array({ maxLength: 300 }), (b) => crc32(b) === zlibCrc32(b)))
  })

  it('is written into a saved PNG, read back as written, and the PNG still decodes to the same pixels', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'png-settings-'))
    const png = await imageBytes('png', 30, 20)
    const saved = await writeResultBytes(dir, 'item1', png)
    const withText = await embedSettings(saved, SETTINGS)
    const bytes = readFileSync(withText.path)
    expect(withText.bytes).toBe(bytes.length)
    expect(bytes.length).toBeGreaterThan(png.length)
    expect(readStudioSettings(new Uint8Array(bytes))).toEqual(SETTINGS)
    const meta = await sharp(bytes).metadata()
    expect(meta).toMatchObject({ format: 'png', width: 30, height: 20 })
    // sharp reads the iTXt text back too: a standard PNG text chunk, not a private format.
    expect(meta.comments).toEqual([{ keyword: 'generation-studio', text: JSON.stringify(SETTINGS) }])
    const [a, b] = await Promise.all([sharp(png).raw().toBuffer(), sharp(bytes).raw().toBuffer()])
    expect(b.equals(a)).toBe(true)
  })

  it('is found from the first bytes alone, before the image data', async () => {
    const bytes = withStudioSettings(await imageBytes('png', 64, 64), SETTINGS)
    const chunk = studioSettingsChunk(SETTINGS)
    expect(readStudioSettings(bytes.subarray(0, 33 + chunk.length))).toEqual(SETTINGS)
    expect(readStudioSettings(bytes.subarray(0, 33 + chunk.length - 1))).toBeNull()
  })

  it('is ignored when damaged, absent or not the studio’s', async () => {
    const png = await imageBytes('png', 8, 8)
    expect(readStudioSettings(png)).toBeNull()
    const bytes = withStudioSettings(png, SETTINGS)
    const flipped = bytes.slice()
    flipped[60] ^= 1
    expect(readStudioSettings(flipped)).toBeNull()
    const other = withStudioSettings(png, { ...SETTINGS, v: 2 } as unknown as StudioPngSettings)
    expect(readStudioSettings(other)).toBeNull()
    expect(readStudioSettings(new TextEncoder().encode('not a png at all, just text'))).toBeNull()
  })

  it('never throws on arbitrary bytes behind a PNG header', async () => {
    const head = (await imageBytes('png', 4, 4)).subarray(0, 33)
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 400 }), (tail) => {
        const b = new Uint8Array(head.length + tail.length)
        b.set(head)
        b.set(tail, head.length)
        expect(() => readStudioSettings(b)).not.toThrow()
      })
    )
  })

  it('leaves JPEG and WebP results as they were', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'png-settings-'))
    const saved = await writeResultBytes(dir, 'item2', await imageBytes('jpeg', 10, 10))
    const before = readFileSync(saved.path)
    expect(await embedSettings(saved, SETTINGS)).toBe(saved)
    expect(readFileSync(saved.path).equals(before)).toBe(true)
  })

  it('carries the request settings but not the prompt twice nor references to this library', () => {
    const s = settingsOf({
      origin: 'edit',
      model: 'm',
      prompt: 'p',
      profileId: 'x',
      params: { prompt: 'p', family: 'editNative', size: '1024x1024', source: 'gallery item', image: ['a'] }
    })
    expect(s).toEqual({
      v: 1,
      origin: 'edit',
      model: 'm',
      prompt: 'p',
      params: { family: 'editNative', size: '1024x1024' }
    })
  })

  it('leaves the original in place when the rewrite fails', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'png-settings-'))
    const saved = await writeResultBytes(dir, 'item3', await imageBytes('png', 8, 8))
    const original = readFileSync(saved.path)
    writeFileSync(`${saved.path}.part`, '')
    const huge = { ...SETTINGS, params: { blob: 'x'.repeat(200_000) } }
    await expect(embedSettings(saved, huge)).rejects.toThrow(/chunk cap/)
    expect(readFileSync(saved.path).equals(original)).toBe(true)
  })
})
