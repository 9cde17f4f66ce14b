import { act, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { FakeHost } from '@renderer/testing/fake-host'
import { galleryItem } from '@renderer/testing/fake-images'
import { openPainter, stubMaskExport } from '@renderer/testing/painter-kit'
import { useImagesUi } from '../images-ui-store'
import { sourceOfItem } from './source'

/**
 * The prompt belongs to the user, not to one source: choosing a version reads it from the library
 * first, so the new source can land after the user started typing, and a job or queue event can
 * land at any time. Neither may empty the prompt between typing and "Apply edit".
 */
stubMaskExport()

const form = () => within(screen.getByRole('form', { name: 'Edit settings' }))
const promptBox = () => form().getByRole('textbox', { name: 'Prompt' }) as HTMLTextAreaElement
const editorSource = () => document.querySelector('.editor-source')?.textContent ?? ''

/** The painter open with a first edit sent: the prompt typed, applied, and out to the host. */
async function sendFirstEdit(prompt: string) {
  const host = new FakeHost()
  const { user } = await openPainter(host)
  await user.type(promptBox(), prompt)
  await user.click(screen.getByRole('button', { name: 'Apply edit' }))
  await waitFor(() => expect(host.callsTo('images:edit')).toHaveLength(1))
  return { host, user }
}

/** The picture the first edit made (4096², from the painter's source). */
const editResult = (prompt: string) =>
  galleryItem({ id: 'res-1', origin: 'edit', prompt, width: 4096, height: 4096, parentId: 'src-1' })

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
    const { host, user } = await sendFirstEdit('warmer light')
    await user.click(
      within(await screen.findByRole('region', { name: 'Result' })).getByRole('button', { name: 'Back to the mask' })
    )
    await user.clear(promptBox())
    await user.type(promptBox(), 'a red door')
    const { jobId } = host.images.lastJob()
    const result = editResult('warmer light')
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
    const { host, user } = await sendFirstEdit('warmer light')
    const result = editResult('warmer light')
    act(() => void host.images.update(host.images.lastJob().jobId, { status: 'done', items: [result] }))
    const region = within(await screen.findByRole('region', { name: 'Result' }))
    host.images.items.push(result)
    await user.click(region.getByRole('button', { name: 'Edit this result' }))
    await waitFor(() => expect(editorSource()).toContain('warmer light'))
    expect(promptBox().value).toBe('warmer light')
  })
})
