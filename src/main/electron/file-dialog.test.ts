import type { BrowserWindow, Dialog } from 'electron'
import { describe, expect, it, vi } from 'vitest'
import { createFilePicker, dialogOptions } from './file-dialog'

describe('the file dialog adapter', () => {
  it('filters by the purpose: GIF for chat attachments, never for edits', () => {
    expect(dialogOptions('chat-attachment', true)).toMatchObject({
      properties: ['openFile', 'multiSelections'],
      filters: [{ name: 'PNG, JPEG, WebP or GIF images', extensions: ['png', 'jpg', 'jpeg', 'jpe', 'jfif', 'webp', 'gif'] }]
    })
    const edit = dialogOptions('image-edit', false)
    expect(edit.properties).toEqual(['openFile'])
    expect(edit.filters?.[0].extensions).not.toContain('gif')
  })

  it('is modal to the focused window when there is one, and returns the chosen paths', async () => {
    const showOpenDialog = vi.fn(async () => ({ canceled: false, filePaths: ['/a.png', '/b.png'] }))
    const win = { isDestroyed: () => false } as unknown as BrowserWindow
    const pick = createFilePicker({ showOpenDialog } as unknown as Pick<Dialog, 'showOpenDialog'>, () => win)
    expect(await pick('image-reference', true)).toEqual(['/a.png', '/b.png'])
    expect(showOpenDialog).toHaveBeenCalledWith(win, expect.objectContaining({ properties: ['openFile', 'multiSelections'] }))
  })

  it('works without a window and answers [] when cancelled', async () => {
    const showOpenDialog = vi.fn(async () => ({ canceled: true, filePaths: ['/ignored.png'] }))
    const pick = createFilePicker({ showOpenDialog } as unknown as Pick<Dialog, 'showOpenDialog'>, () => null)
    expect(await pick('image-edit', false)).toEqual([])
    expect(showOpenDialog).toHaveBeenCalledWith(expect.objectContaining({ properties: ['openFile'] }))
  })
})
