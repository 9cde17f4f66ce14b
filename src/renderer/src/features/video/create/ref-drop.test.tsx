import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { GALLERY_ITEM_DRAG_TYPE } from '@renderer/lib/gallery-drag'
import { FakeHost } from '@renderer/testing/fake-host'
import { imageFile, pngHeader } from '@renderer/testing/image-headers'
import { renderVideo, resetVideo } from '@renderer/testing/render-video'

afterEach(() => resetVideo())

const slot = () => within(screen.getByRole('form', { name: 'Create' })).getByRole('group', { name: 'Images' })

describe('drops on a video reference slot', () => {
  it('takes a gallery image dragged from Images, by its id', async () => {
    const host = new FakeHost()
    host.images.seed(2)
    await renderVideo({ host })
    const data = {
      files: [],
      types: [GALLERY_ITEM_DRAG_TYPE],
      getData: (t: string) => (t === GALLERY_ITEM_DRAG_TYPE ? 'img-1' : '')
    }
    fireEvent.dragOver(slot(), { dataTransfer: data })
    fireEvent.drop(slot(), { dataTransfer: data })
    expect(await within(slot()).findByRole('button', { name: 'Remove Gallery image prompt 1' })).toBeTruthy()
    expect(host.calls.filter((c) => c.channel === 'files:upload')).toHaveLength(0)
  })

  it('refuses a PNG bomb from the desktop before any upload', async () => {
    const { host } = await renderVideo()
    fireEvent.drop(slot(), {
      dataTransfer: { files: [imageFile(pngHeader(12000, 9000), 'bomb.png')], types: ['Files'], getData: () => '' }
    })
    await waitFor(() =>
      expect(within(slot()).getByRole('alert').textContent).toContain('“bomb.png” is 12000×9000 pixels')
    )
    expect(host.calls.filter((c) => c.channel === 'files:upload')).toHaveLength(0)
  })
})
