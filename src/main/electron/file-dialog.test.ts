import type { BrowserWindow, Dialog } from 'electron'
import { describe, expect, it } from 'vitest'
import { FILE_RULES, type FilePurpose } from '@shared/domain/files'
import { createFilePicker, dialogOptions } from './file-dialog'
import { FakeDialog } from './testing/dialog'

const asDialog = (d: FakeDialog) => d as unknown as Pick<Dialog, 'showOpenDialog'>
const win = { isDestroyed: () => false } as unknown as BrowserWindow

describe('the file dialog adapter', () => {
  it('filters by the purpose: GIF for chat attachments, never for edits', () => {
    expect(dialogOptions('chat-attachment', true)).toMatchObject({
      properties: ['openFile', 'multiSelections'],
      filters: [
        { name: 'PNG, JPEG, WebP or GIF images', extensions: ['png', 'jpg', 'jpeg', 'jpe', 'jfif', 'webp', 'gif'] }
      ]
    })
    const edit = dialogOptions('image-edit', false)
    expect(edit.properties).toEqual(['openFile'])
    expect(edit.filters?.[0].extensions).not.toContain('gif')
  })

  it.each(Object.keys(FILE_RULES) as FilePurpose[])(
    'gives Electron filter extensions it accepts for %s (no dots, no wildcards)',
    async (purpose) => {
      const dialog = new FakeDialog()
      dialog.answer = { choose: ['/a.png'] }
      await expect(createFilePicker(asDialog(dialog), () => win)(purpose, true)).resolves.toEqual(['/a.png'])
    }
  )

  it('is modal to the focused window when there is one, and returns the chosen paths', async () => {
    const dialog = new FakeDialog()
    dialog.answer = { choose: ['/a.png', '/b.png'] }
    const pick = createFilePicker(asDialog(dialog), () => win)
    expect(await pick('image-reference', true)).toEqual(['/a.png', '/b.png'])
    expect(dialog.opened[0]).toMatchObject({ parent: win, options: { properties: ['openFile', 'multiSelections'] } })
  })

  it('asks for one file when the purpose takes one (Electron then returns one path)', async () => {
    const dialog = new FakeDialog()
    dialog.answer = { choose: ['/a.png', '/b.png'] }
    expect(await createFilePicker(asDialog(dialog), () => win)('image-edit', false)).toEqual(['/a.png'])
  })

  it('works without a window and answers [] when cancelled', async () => {
    const dialog = new FakeDialog()
    const pick = createFilePicker(asDialog(dialog), () => null)
    expect(await pick('image-edit', false)).toEqual([])
    expect(dialog.opened[0]).toMatchObject({ parent: undefined, options: { properties: ['openFile'] } })
  })

  it('skips a destroyed window as parent', async () => {
    const dialog = new FakeDialog()
    await createFilePicker(asDialog(dialog), () => ({ isDestroyed: () => true }) as unknown as BrowserWindow)(
      'image-edit',
      false
    )
    expect(dialog.opened[0].parent).toBeUndefined()
  })
})
