import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { GALLERY_ITEM_DRAG_TYPE } from '@renderer/lib/gallery-drag'
import { FakeHost, grantUploads } from '@renderer/testing/fake-host'
import { galleryItem } from '@renderer/testing/fake-images'
import { imageFile, pngHeader } from '@renderer/testing/image-headers'
import { drag, openPainter, stubMaskExport } from '@renderer/testing/painter-kit'
import { maskUnsent, usePainterStore } from './state/painter-store'
import { useReplaceSource } from './state/replace-source'

stubMaskExport()
afterEach(() => {
  useReplaceSource.setState({ pending: null })
})

const dropFile = (on: Element, name: string) =>
  fireEvent.drop(on, {
    dataTransfer: { files: [imageFile(pngHeader(640, 480), name)], types: ['Files'], getData: () => '' }
  })
const dropItem = (on: Element, id: string) =>
  fireEvent.drop(on, {
    dataTransfer: {
      files: [],
      types: [GALLERY_ITEM_DRAG_TYPE],
      getData: (t: string) => (t === GALLERY_ITEM_DRAG_TYPE ? id : '')
    }
  })
const ask = () => screen.findByRole('alertdialog', { name: 'Open another picture?' })
const uploads = (host: FakeHost) => host.calls.filter((c) => c.channel === 'files:upload')
const editorSource = () => document.querySelector('.editor-source')?.textContent ?? ''

async function paintedPainter() {
  const host = new FakeHost()
  // The mask comes back at the source's size (4096²), a dropped picture at its own.
  const side = (name: string) => (name === 'mask.png' ? [4096, 4096] : [640, 480])
  host.uploadHandler = grantUploads((name) => ({
    fileId: `f-${name}`,
    width: side(name)[0],
    height: side(name)[1],
    previewUrl: `/media/${name}`
  }))
  const r = await openPainter(host)
  drag(r.stage, [
    [300, 300],
    [360, 300]
  ])
  expect(usePainterStore.getState().history.ops).toHaveLength(1)
  return r
}

describe('another picture over a painted mask', () => {
  it('asks before a dropped file replaces the source: staying keeps the mask and sends nothing, agreeing opens it on a new mask', async () => {
    const { host, user, stage } = await paintedPainter()
    dropFile(stage, 'door.png')
    const first = await ask()
    expect(first.textContent).toContain(
      'The mask you painted has not been sent. Opening “door.png” starts a new mask and discards it.'
    )
    expect(uploads(host)).toEqual([])
    await user.click(within(first).getByRole('button', { name: 'Keep this picture' }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
    expect(uploads(host)).toEqual([])
    expect(usePainterStore.getState().history.ops).toHaveLength(1)
    expect(editorSource()).toContain('a quiet street')

    dropFile(stage, 'door.png')
    await user.click(within(await ask()).getByRole('button', { name: 'Discard the mask and open' }))
    await waitFor(() => expect(editorSource()).toContain('door.png'))
    expect(uploads(host)).toHaveLength(1)
    expect(usePainterStore.getState().history.ops).toEqual([])
  })

  it('asks too for a gallery image dragged onto the editor, naming it; the picture already open keeps its mask without a question', async () => {
    const { host, user, stage } = await paintedPainter()
    host.images.items.push(galleryItem({ id: 'src-2', prompt: 'a red barn', width: 2048, height: 2048 }))
    dropItem(stage, 'src-1')
    await waitFor(() => expect(host.callsTo('images:get-item')).toHaveLength(1))
    expect(screen.queryByRole('alertdialog')).toBeNull()
    expect(usePainterStore.getState().history.ops).toHaveLength(1)

    dropItem(stage, 'src-2')
    const question = await ask()
    expect(question.textContent).toContain('Opening “a red barn” starts a new mask')
    await user.click(within(question).getByRole('button', { name: 'Discard the mask and open' }))
    await waitFor(() => expect(editorSource()).toContain('a red barn'))
    expect(usePainterStore.getState().history.ops).toEqual([])
  })

  it('does not ask once the mask went out with an edit: the result holds its work', async () => {
    const { host, user } = await paintedPainter()
    await user.type(
      within(screen.getByRole('form', { name: 'Edit settings' })).getByRole('textbox', { name: 'Prompt' }),
      'a red door'
    )
    await user.click(screen.getByRole('button', { name: 'Apply edit' }))
    await waitFor(() => expect(host.callsTo('images:edit')).toHaveLength(1))
    expect(maskUnsent(usePainterStore.getState())).toBe(false)
    dropFile(await screen.findByRole('region', { name: 'Result' }), 'next.png')
    await waitFor(() => expect(editorSource()).toContain('next.png'))
    expect(screen.queryByRole('alertdialog')).toBeNull()
  })

  it('does not ask over an empty mask', async () => {
    const host = new FakeHost()
    host.uploadHandler = grantUploads({ fileId: 'f-1', width: 640, height: 480, previewUrl: '/media/f-1' })
    const { stage } = await openPainter(host)
    dropFile(stage, 'plain.png')
    await waitFor(() => expect(editorSource()).toContain('plain.png'))
    expect(screen.queryByRole('alertdialog')).toBeNull()
  })
})
