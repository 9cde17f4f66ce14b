import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { GALLERY_ITEM_DRAG_TYPE } from '@renderer/lib/gallery-drag'
import { FakeHost, grantUploads } from '@renderer/testing/fake-host'
import { imageFile, pngHeader } from '@renderer/testing/image-headers'
import { renderImages, resetImages } from '@renderer/testing/render-images'
import type { StudioPngSettings } from '@shared/media/png-text'
import { useRestore } from './restore-store'

afterEach(() => {
  resetImages()
  useRestore.setState({ offer: null, native: null, edit: null })
})

const galleryRegion = () => screen.getByRole('region', { name: 'Gallery: drop pictures here to import them' })
const files = (...list: File[]) => ({ dataTransfer: { files: list, types: ['Files'], getData: () => '' } })

async function setup() {
  const host = new FakeHost()
  host.images.seed(2)
  host.uploadHandler = grantUploads((name) => ({
    fileId: `f-${name}`,
    width: 640,
    height: 480,
    previewUrl: '/media/x'
  }))
  const r = await renderImages({ host })
  await within(await screen.findByRole('grid', { name: 'Gallery' })).findByRole('gridcell', { name: 'prompt 0' })
  return r
}

describe('drop anywhere in Images', () => {
  it('imports a desktop picture dropped on the gallery as Imported, without opening the editor', async () => {
    const { host } = await setup()
    fireEvent.drop(galleryRegion(), files(imageFile(pngHeader(640, 480), 'holiday.png')))
    expect(await screen.findByText('“holiday.png” is in the gallery as Imported.')).toBeTruthy()
    expect(host.callsTo('images:import-file')).toEqual([{ fileId: 'f-holiday.png' }])
    expect(screen.queryByRole('region', { name: 'Mask painter' })).toBeNull()
  })

  it('refuses a PNG bomb and a renamed text file with a clear message, uploading and importing nothing', async () => {
    const { host } = await setup()
    fireEvent.drop(galleryRegion(), files(imageFile(pngHeader(10000, 10000), 'bomb.png')))
    expect((await screen.findByRole('alert')).textContent).toContain(
      '“bomb.png” is 10000×10000 pixels, more than the 67.1 megapixels the studio decodes. Nothing was uploaded.'
    )
    fireEvent.drop(galleryRegion(), files(new File(['just notes'], 'notes.png', { type: 'image/png' })))
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('“notes.png” is not an image'))
    expect(host.calls.filter((c) => c.channel === 'files:upload' || c.channel === 'images:import-file')).toEqual([])
  })

  it('opens a gallery image dragged onto “Edit an image…” in the editor', async () => {
    await setup()
    const data = {
      files: [],
      types: [GALLERY_ITEM_DRAG_TYPE],
      getData: (t: string) => (t === GALLERY_ITEM_DRAG_TYPE ? 'img-1' : '')
    }
    fireEvent.drop(screen.getByRole('button', { name: 'Edit an image…' }), { dataTransfer: data })
    expect(await screen.findByRole('region', { name: 'Mask painter' })).toBeTruthy()
  })

  it('offers the settings a studio PNG carries and restores them into the form that made it', async () => {
    const { user } = await setup()
    const settings: StudioPngSettings = {
      v: 1,
      origin: 'native',
      model: 'native-model-x',
      prompt: 'a paper crane',
      params: { width: 2560, height: 1440, force_single: true }
    }
    fireEvent.drop(galleryRegion(), files(imageFile(pngHeader(64, 64, settings), 'crane.png')))
    const offer = await screen.findByRole('region', { name: 'Settings found in the picture' })
    expect(offer.textContent).toContain('“crane.png” was made in this studio (Native task, native-model-x).')
    await user.click(within(offer).getByRole('button', { name: 'Restore these settings' }))
    const form = await screen.findByRole('form', { name: 'Native task' })
    await waitFor(() =>
      expect((within(form).getByRole('textbox', { name: /Prompt/ }) as HTMLTextAreaElement).value).toBe('a paper crane')
    )
    expect((within(form).getByRole('checkbox', { name: 'One image only' }) as HTMLInputElement).checked).toBe(true)
    expect(screen.queryByRole('region', { name: 'Settings found in the picture' })).toBeNull()
  })
})
