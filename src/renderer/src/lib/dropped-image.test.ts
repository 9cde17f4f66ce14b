import { describe, expect, it } from 'vitest'
import { imageFile, pngHeader, webpHeader } from '@renderer/testing/image-headers'
import type { StudioPngSettings } from '@shared/media/png-text'
import { checkDroppedImage } from './dropped-image'
import { galleryItemOf, GALLERY_ITEM_DRAG_TYPE } from './gallery-drag'

const SETTINGS: StudioPngSettings = {
  v: 1,
  origin: 'generate',
  model: 'image-model-2',
  prompt: 'a kite',
  params: { family: 'image2', size: '1024x1024' }
}

describe('a dropped file, judged before any upload', () => {
  it('accepts a PNG or WebP by its content and reads its size', async () => {
    expect(await checkDroppedImage(imageFile(pngHeader(640, 480), 'a.png'), 'image-edit')).toEqual({
      ok: true,
      width: 640,
      height: 480,
      settings: null
    })
    // The name and type say nothing: a WebP named .png is a WebP.
    expect(await checkDroppedImage(imageFile(webpHeader(300, 200), 'b.png'), 'image-edit')).toMatchObject({
      ok: true,
      width: 300,
      height: 200
    })
  })

  it('reads the settings a studio PNG carries', async () => {
    expect(await checkDroppedImage(imageFile(pngHeader(64, 64, SETTINGS), 'c.png'), 'image-edit')).toMatchObject({
      ok: true,
      settings: SETTINGS
    })
  })

  it('refuses text named like a picture, and a GIF where only PNG, JPEG or WebP are taken', async () => {
    expect(
      await checkDroppedImage(new File(['these are notes'], 'notes.png', { type: 'image/png' }), 'image-edit')
    ).toEqual({ ok: false, reason: 'not-image', name: 'notes.png' })
    const gif = new File([new TextEncoder().encode('GIF89a\x01\x00\x01\x00\x00\x00\x00,')], 'anim.gif', {
      type: 'image/gif'
    })
    expect(await checkDroppedImage(gif, 'image-edit')).toEqual({
      ok: false,
      reason: 'wrong-type',
      name: 'anim.gif',
      type: 'GIF'
    })
  })

  it('refuses a PNG bomb by its header: 100 megapixels in a few bytes', async () => {
    expect(await checkDroppedImage(imageFile(pngHeader(10000, 10000), 'bomb.png'), 'image-edit')).toEqual({
      ok: false,
      reason: 'too-many-pixels',
      name: 'bomb.png',
      width: 10000,
      height: 10000,
      limit: '67.1'
    })
  })

  it('refuses a file over the use’s limit without reading it', async () => {
    const big = imageFile(pngHeader(64, 64), 'huge.png')
    Object.defineProperty(big, 'size', { value: 26 * 1024 * 1024 })
    Object.defineProperty(big, 'slice', {
      value: () => {
        throw new Error('must not be read')
      }
    })
    expect(await checkDroppedImage(big, 'image-edit')).toEqual({
      ok: false,
      reason: 'too-large',
      name: 'huge.png',
      size: '26 MB',
      limit: '25 MB'
    })
  })

  it('refuses a header cut short', async () => {
    expect(await checkDroppedImage(imageFile(pngHeader(64, 64).subarray(0, 20), 'cut.png'), 'image-edit')).toEqual({
      ok: false,
      reason: 'damaged',
      name: 'cut.png'
    })
  })
})

describe('a gallery image dragged inside the studio', () => {
  const data = (value: string) =>
    ({ getData: (t: string) => (t === GALLERY_ITEM_DRAG_TYPE ? value : '') }) as unknown as DataTransfer
  it('carries its id only, and nothing that is not an id', () => {
    expect(galleryItemOf(data('item_1-A'))).toBe('item_1-A')
    expect(galleryItemOf(data('../etc/passwd'))).toBeNull()
    expect(galleryItemOf(data(''))).toBeNull()
  })
})
