import { act, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { FakeHost } from '@renderer/testing/fake-host'
import { galleryItem } from '@renderer/testing/fake-images'
import { openPainter } from '@renderer/testing/painter-kit'
import { resetImages } from '@renderer/testing/render-images'
import { useImagesUi } from '../images-ui-store'
import { sourceOfItem } from './source'
import { exportMaskInWorker, maskExport } from './worker/mask-export'

/**
 * The prompt belongs to the user, not to one source: choosing a version reads it from the library
 * first, so the new source can land after the user started typing, and a job or queue event can
 * land at any time. Neither may empty the prompt between typing and "Apply edit".
 */
beforeEach(() => {
  maskExport.run = async (_ops, width, height) => ({
    blob: new Blob(['png'], { type: 'image/png' }),
    width,
    height,
    rasterMs: 1,
    encodeMs: 1
  })
})
afterEach(() => {
  maskExport.run = exportMaskInWorker
  resetImages()
})

const form = () => within(screen.getByRole('form', { name: 'Edit settings' }))
const promptBox = () => form().getByRole('textbox', { name: 'Prompt' }) as HTMLTextAreaElement
const editorSource = () => document.querySelector('.editor-source')?.textContent ?? ''

describe('the edit prompt', () => {
  it('survives a new source (a chosen version) that lands after typing, and goes out with that source', async () => {
    const host = new FakeHost()
    const { user } = await openPainter(host)
    const version = galleryItem({ id: 'v-2', prompt: 'a red boat', width: 4096, height: 4096, parentId: 'src-1' })
    host.images.items.push(version)
    await user.type(promptBox(), 'add fog')
    await user.selectOptions(form().getByRole('combobox', { name: 'Quality' }), 'high')
    // What the version strip does once the chosen version has been read.
    act(() => useImagesUi.getState().openEditor(sourceOfItem(version)))
    await waitFor(() => expect(editorSource()).toContain('a red boat'))
    expect(promptBox().value).toBe('add fog')
    await user.click(screen.getByRole('button', { name: 'Apply edit' }))
    await waitFor(() => expect(host.callsTo('images:edit')).toHaveLength(1))
    expect(host.callsTo('images:edit')[0]).toMatchObject({
      source: { kind: 'gallery', itemId: 'v-2' },
      prompt: 'add fog',
      quality: 'high'
    })
  })

  it('survives the last edit’s job and queue events arriving while the next prompt is typed', async () => {
    const host = new FakeHost()
    const { user } = await openPainter(host)
    await user.type(promptBox(), 'warmer light')
    await user.click(screen.getByRole('button', { name: 'Apply edit' }))
    await waitFor(() => expect(host.callsTo('images:edit')).toHaveLength(1))
    await user.click(
      within(await screen.findByRole('region', { name: 'Result' })).getByRole('button', { name: 'Back to the mask' })
    )
    await user.clear(promptBox())
    await user.type(promptBox(), 'a red door')
    const { jobId } = host.images.lastJob()
    const result = galleryItem({
      id: 'res-1',
      origin: 'edit',
      prompt: 'warmer light',
      width: 4096,
      height: 4096,
      parentId: 'src-1'
    })
    await act(async () => {
      host.images.update(jobId, { status: 'running' })
      host.emit('queue:changed', { profileId: 'default' })
      host.images.update(jobId, { status: 'done', items: [result] })
    })
    // The finished job reached the session: its versions are read from the result now.
    await waitFor(() => expect(host.callsTo('lineage:versions')).toContainEqual({ id: 'res-1' }))
    expect(promptBox().value).toBe('a red door')
    await user.click(screen.getByRole('button', { name: 'Apply edit' }))
    await waitFor(() => expect(host.callsTo('images:edit')).toHaveLength(2))
    expect(host.callsTo('images:edit')[1]).toMatchObject({
      source: { kind: 'gallery', itemId: 'src-1' },
      prompt: 'a red door'
    })
  })

  it('is kept for the next edit after one was sent and its source changed', async () => {
    const host = new FakeHost()
    const { user } = await openPainter(host)
    await user.type(promptBox(), 'warmer light')
    await user.click(screen.getByRole('button', { name: 'Apply edit' }))
    await waitFor(() => expect(host.callsTo('images:edit')).toHaveLength(1))
    const result = galleryItem({
      id: 'res-1',
      origin: 'edit',
      prompt: 'warmer light',
      width: 4096,
      height: 4096,
      parentId: 'src-1'
    })
    act(() => void host.images.update(host.images.lastJob().jobId, { status: 'done', items: [result] }))
    const region = within(await screen.findByRole('region', { name: 'Result' }))
    host.images.items.push(result)
    await user.click(region.getByRole('button', { name: 'Edit this result' }))
    await waitFor(() => expect(editorSource()).toContain('warmer light'))
    expect(promptBox().value).toBe('warmer light')
  })
})
