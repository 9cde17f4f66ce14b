import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { BrowserWindow, Dialog } from 'electron'
import { describe, expect, it, vi } from 'vitest'
import { createSaveFile, saveDialogOptions } from './save-dialog'

const dir = () => mkdtempSync(join(tmpdir(), 'save-dialog-'))

describe('the save dialog adapter (gallery export)', () => {
  it('suggests the name and filters by its type', () => {
    expect(saveDialogOptions('fox-abc.png')).toMatchObject({ defaultPath: 'fox-abc.png', filters: [{ name: 'PNG image', extensions: ['png'] }] })
  })

  it('copies the library file where the user chose, modal to the focused window', async () => {
    const d = dir()
    writeFileSync(join(d, 'src.png'), 'image bytes')
    const target = join(d, 'chosen.png')
    const showSaveDialog = vi.fn(async () => ({ canceled: false, filePath: target }))
    const win = { isDestroyed: () => false } as unknown as BrowserWindow
    const save = createSaveFile({ showSaveDialog } as unknown as Pick<Dialog, 'showSaveDialog'>, () => win)
    expect(await save('fox.png', join(d, 'src.png'))).toBe(true)
    expect(readFileSync(target, 'utf8')).toBe('image bytes')
    expect(showSaveDialog).toHaveBeenCalledWith(win, expect.objectContaining({ defaultPath: 'fox.png' }))
  })

  it('answers false when cancelled and reports a failed copy without paths', async () => {
    const cancelled = createSaveFile({ showSaveDialog: vi.fn(async () => ({ canceled: true, filePath: '' })) } as unknown as Pick<Dialog, 'showSaveDialog'>, () => null)
    expect(await cancelled('a.png', '/nowhere/a.png')).toBe(false)
    const failing = createSaveFile({ showSaveDialog: vi.fn(async () => ({ canceled: false, filePath: join(dir(), 'x.png') })) } as unknown as Pick<Dialog, 'showSaveDialog'>, () => null)
    const err = await failing('a.png', '/nowhere/a.png').catch((e: unknown) => e as Error)
    expect(err).toMatchObject({ code: 'STORAGE', message: 'The image could not be saved there (ENOENT).' })
  })
})
