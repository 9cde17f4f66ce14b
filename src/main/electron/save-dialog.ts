import { copyFile } from 'node:fs/promises'
import { extname } from 'node:path'
import type { BrowserWindow, Dialog, SaveDialogOptions } from 'electron'
import { StudioError } from '@shared/errors'
import type { SaveFile } from '../core/images/gallery-actions'

/** The save dialog's options: the suggested name, and a filter for the file's own type only. */
export function saveDialogOptions(suggestedName: string): SaveDialogOptions {
  const ext = extname(suggestedName).slice(1).toLowerCase()
  return {
    title: 'Export image',
    defaultPath: suggestedName,
    filters: ext ? [{ name: `${ext.toUpperCase()} image`, extensions: [ext] }] : [],
    properties: ['createDirectory', 'showOverwriteConfirmation']
  }
}

/**
 * images:export-item in the Electron shell: the OS save dialog (modal to the focused studio
 * window), then a copy of the library file to the chosen place. The page never sees either path.
 */
export function createSaveFile(
  dialog: Pick<Dialog, 'showSaveDialog'>,
  focusedWindow: () => BrowserWindow | null | undefined
): SaveFile {
  return async (suggestedName, sourcePath) => {
    const options = saveDialogOptions(suggestedName)
    const win = focusedWindow()
    const result =
      win && !win.isDestroyed() ? await dialog.showSaveDialog(win, options) : await dialog.showSaveDialog(options)
    if (result.canceled || !result.filePath) return false
    try {
      await copyFile(sourcePath, result.filePath)
    } catch (e) {
      // Only the error code: Node's message carries both full paths.
      const code = (e as NodeJS.ErrnoException).code ?? 'error'
      throw new StudioError('STORAGE', `The image could not be saved there (${code}).`, { details: { errno: code } })
    }
    return true
  }
}
