import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import type { FilePurpose } from '@shared/domain/files'
import type { VideoTask } from '@shared/domain/video'
import type { StoredItem } from '../images/gallery-index'
import { extractFrame, type FrameDeps } from './frame-extract'

const png = (w: number, h: number) =>
  sharp({ create: { width: w, height: h, channels: 3, background: '#3366aa' } })
    .png()
    .toBuffer()
const jpeg = (w: number, h: number) =>
  sharp({ create: { width: w, height: h, channels: 3, background: '#3366aa' } })
    .jpeg()
    .toBuffer()

const finished = {
  id: 'v1',
  state: 'succeeded',
  profileId: 'p',
  model: 'vidq2-pro',
  prompt: 'a red kite',
  result: { mediaUrl: '/media/x' }
} as unknown as VideoTask

function setup(bytes: Uint8Array, o: { purpose?: FilePurpose; task?: VideoTask } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'frame-'))
  const added: StoredItem[] = []
  const links: unknown[] = []
  const released: string[] = []
  const d: FrameDeps = {
    gallery: {
      libraryDir: dir,
      newId: () => 'frame1',
      add: async (items) => {
        added.push(...items)
        return items.map((i) => ({ ...i, url: `/media/${i.id}` }))
      }
    },
    video: { get: () => o.task ?? finished },
    files: {
      get: () => ({
        purpose: o.purpose ?? 'video-frame',
        grant: { fileId: 'f', name: 'frame.png', bytes: bytes.byteLength, mimeType: 'image/png' },
        path: '',
        uploadName: 'frame.png'
      }),
      readBytes: async () => bytes,
      release: async (id) => void released.push(String(id))
    },
    lineage: { link: (l) => (links.push(...l), l.length) }
  }
  return { d, dir, added, links, released }
}

describe('extracting a video frame into the gallery', () => {
  it('a real PNG becomes a gallery image named after its video, linked to it at its time; the upload is released', async () => {
    const bytes = await png(320, 180)
    const s = setup(bytes)
    const item = await extractFrame(s.d, { videoId: 'v1', fileId: 'f', atSeconds: 1.23456 })
    expect(item).toMatchObject({
      id: 'frame1',
      origin: 'frame',
      width: 320,
      height: 180,
      format: 'png',
      prompt: 'a red kite',
      model: 'vidq2-pro',
      params: { fromVideo: 'v1', atSeconds: 1.235 }
    })
    expect(readFileSync(join(s.dir, s.added[0].file)).equals(bytes)).toBe(true)
    expect(s.links).toEqual([
      {
        child: { kind: 'image', id: 'frame1' },
        parent: { kind: 'video', id: 'v1' },
        relation: 'frame',
        atSeconds: 1.235
      }
    ])
    expect(s.released).toEqual(['f'])
  })

  it('refuses, before anything is written, a JPEG, an upload of another purpose, an absurd size, and a video not finished', async () => {
    const cases: Array<[Uint8Array, Parameters<typeof setup>[1], RegExp]> = [
      [await jpeg(64, 64), {}, /not a PNG/],
      [await png(64, 64), { purpose: 'image-edit' }, /not uploaded as a video frame/],
      [await png(9000, 4), {}, /9000x4.*between 2 and 8192/],
      [
        await png(64, 64),
        { task: { ...finished, state: 'running', result: undefined } as VideoTask },
        /finished, downloaded video/
      ]
    ]
    for (const [bytes, o, message] of cases) {
      const s = setup(bytes, o)
      await expect(extractFrame(s.d, { videoId: 'v1', fileId: 'f', atSeconds: 0 })).rejects.toMatchObject({
        code: 'INVALID_INPUT',
        message: expect.stringMatching(message)
      })
      expect(s.added).toEqual([])
      expect(s.links).toEqual([])
      expect(s.released).toEqual(['f'])
    }
  })
})
