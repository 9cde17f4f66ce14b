import { mkdtempSync, readdirSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { deflateSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import type { FilePurpose } from '@shared/domain/files'
import { crc32, withStudioSettings } from '@shared/media/png-text'
import { imageBytes } from '../files/testing/images'
import type { StoredItem } from './gallery-index'
import { importFile, type ImportDeps } from './import-file'

function setup(bytes: Uint8Array, purpose: FilePurpose = 'image-edit') {
  const dir = mkdtempSync(join(tmpdir(), 'import-'))
  const added: StoredItem[] = []
  const released: string[] = []
  const d: ImportDeps = {
    gallery: {
      libraryDir: dir,
      newId: () => 'imp1',
      add: async (items) => {
        added.push(...items)
        return items.map((i) => ({ ...i, url: `/media/${i.id}` }))
      }
    },
    files: {
      get: () => ({
        purpose,
        grant: { fileId: 'f', name: 'holiday.png', bytes: bytes.byteLength, mimeType: 'image/png' },
        path: '',
        uploadName: 'holiday.png'
      }),
      readBytes: async () => bytes,
      release: async (id) => void released.push(String(id))
    },
    profileId: 'sandbox'
  }
  return { d, dir, added, released }
}

/** A valid PNG header and one tiny IDAT that asks for width x height pixels: a decompression bomb. */
function bomb(width: number, height: number): Uint8Array {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data])
    const out = Buffer.alloc(12 + data.length)
    out.writeUInt32BE(data.length, 0)
    body.copy(out, 4)
    out.writeUInt32BE(crc32(body), 8 + data.length)
    return out
  }
  const ihdr = Buffer.alloc(13)
  ihdr.writeUInt32BE(width, 0)
  ihdr.writeUInt32BE(height, 4)
  ihdr.set([1, 0, 0, 0, 0], 8)
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.alloc(64))),
    chunk('IEND', Buffer.alloc(0))
  ])
}

describe('importing a picture from the desktop into the gallery', () => {
  it('keeps a copy as "Imported" with its size, and releases the upload', async () => {
    const png = await imageBytes('png', 40, 30)
    const s = setup(png)
    const item = await importFile(s.d, 'f')
    expect(item).toMatchObject({
      id: 'imp1',
      origin: 'import',
      width: 40,
      height: 30,
      format: 'png',
      prompt: '',
      profileId: 'sandbox',
      url: '/media/imp1'
    })
    expect(readFileSync(join(s.dir, 'imp1.png')).equals(png)).toBe(true)
    expect(s.released).toEqual(['f'])
  })

  it('keeps the prompt and model a studio PNG carries', async () => {
    const png = withStudioSettings(await imageBytes('png', 8, 8), {
      v: 1,
      origin: 'native',
      model: 'native-model',
      prompt: 'a fox',
      params: { resolution: '2k' }
    })
    const s = setup(png)
    expect(await importFile(s.d, 'f')).toMatchObject({ origin: 'import', prompt: 'a fox', model: 'native-model' })
  })

  it('refuses a PNG bomb by its header, keeps nothing and still releases the upload', async () => {
    const s = setup(bomb(10000, 10000))
    await expect(importFile(s.d, 'f')).rejects.toMatchObject({
      code: 'INVALID_INPUT',
      message: expect.stringMatching(/10000×10000 pixels/)
    })
    expect(s.added).toEqual([])
    expect(readdirSync(s.dir)).toEqual([])
    expect(s.released).toEqual(['f'])
  })

  it('refuses an upload made for another use', async () => {
    const s = setup(await imageBytes('png', 8, 8), 'video-frame')
    await expect(importFile(s.d, 'f')).rejects.toMatchObject({ code: 'INVALID_INPUT' })
    expect(s.added).toEqual([])
  })
})
