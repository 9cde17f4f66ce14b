import type { BrowserWindow, Dialog, OpenDialogOptions } from 'electron'
import { EXTENSIONS_OF_TYPE, FILE_RULES, typeList, type FilePurpose } from '@shared/domain/files'
import type { PickFiles } from '../core/files/file-handlers'

/** The dialog's filter for a purpose: only the types it accepts (the host still checks content). */
export function dialogOptions(purpose: FilePurpose, multiple: boolean): OpenDialogOptions {
  const types = FILE_RULES[purpose].types
  return {
    title: 'Choose an image',
    properties: multiple ? ['openFile', 'multiSelections'] : ['openFile'],
    filters: [{ name: `${typeList(types)} images`, extensions: types.flatMap((t) => [...EXTENSIONS_OF_TYPE[t]]) }]
  }
}

/**
 * files:pick in the Electron shell: the OS dialog, modal to the focused studio window when there is
 * one. The paths go to the core's grant table, never to the page.
 */
export function createFilePicker(
  dialog: Pick<Dialog, 'showOpenDialog'>,
  focusedWindow: () => BrowserWindow | null | undefined
): PickFiles {
  return async (purpose, multiple) => {
    const options = dialogOptions(purpose, multiple)
    const win = focusedWindow()
    const result =
      win && !win.isDestroyed() ? await dialog.showOpenDialog(win, options) : await dialog.showOpenDialog(options)
    return result.canceled ? [] : result.filePaths
  }
}
