import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { BrowserWindow, Dialog } from 'electron'
import { describe, expect, it } from 'vitest'
import { createSaveFile, saveDialogOptions } from './save-dialog'
import { FakeDialog } from './testing/dialog'

const dir = () => mkdtempSync(join(tmpdir(), 'save-dialog-'))
const asDialog = (d: FakeDialog) => d as unknown as Pick<Dialog, 'showSaveDialog'>

describe('the save dialog adapter (gallery export)', () => {
  it('suggests the name and filters by its type', () => {
    expect(saveDialogOptions('fox-abc.png')).toMatchObject({
      defaultPath: 'fox-abc.png',
      filters: [{ name: 'PNG image', extensions: ['png'] }]
    })
    expect(saveDialogOptions('no-extension').filters).toEqual([])
  })

  it('copies the library file where the user chose, modal to the focused window', async () => {
    const d = dir()
    writeFileSync(join(d, 'src.png'), 'image bytes')
    const target = join(d, 'chosen.png')
    const dialog = new FakeDialog()
    dialog.answer = { choose: [target] }
    const win = { isDestroyed: () => false } as unknown as BrowserWindow
    const save = createSaveFile(asDialog(dialog), () => win)
    expect(await save('fox.png', join(d, 'src.png'))).toBe(true)
    expect(readFileSync(target, 'utf8')).toBe('image bytes')
    expect(dialog.saved[0]).toMatchObject({ parent: win, options: { defaultPath: 'fox.png' } })
  })

  it('answers false when cancelled (Electron gives an empty filePath) and reports a failed copy without paths', async () => {
    const cancelled = new FakeDialog()
    expect(await createSaveFile(asDialog(cancelled), () => null)('a.png', '/nowhere/a.png')).toBe(false)
    expect(cancelled.saved[0].parent).toBeUndefined()
    const failing = new FakeDialog()
    failing.answer = { choose: [join(dir(), 'x.png')] }
    const err = await createSaveFile(asDialog(failing), () => null)('a.png', '/nowhere/a.png').catch(
      (e: unknown) => e as Error
    )
    expect(err).toMatchObject({ code: 'STORAGE', message: 'The image could not be saved there (ENOENT).' })
  })
})
