/**
 * Electron 45's `dialog` for the open and save dialogs the shell shows (https://www.electronjs.org/docs/latest/api/dialog), with the
 * user's answer scripted by the test.
 *
 * - `dialog.showOpenDialog([window, ]options)` and `dialog.showSaveDialog([window, ]options)`: "window
 *   BaseWindow (optional)", so the first argument is the parent only when two are given.
 * - Open resolves `{ canceled, filePaths }`: "An array of file paths chosen by the user. If the dialog is
 *   cancelled this will be an empty array." One path unless `properties` has "multiSelections - Allow
 *   multiple paths to be selected."
 * - Save resolves `{ canceled, filePath }`: "If the dialog is canceled, this will be an empty string."
 * - Filters: "The extensions array should contain extensions without wildcards or dots (e.g. 'png' is good
 *   but '.png' and '*.png' are bad). To show all files, use the '*' wildcard (no other wildcard is
 *   supported)." The fake rejects options that break this, where Electron would silently show no files.
 */
import type { OpenDialogOptions, OpenDialogReturnValue, SaveDialogOptions, SaveDialogReturnValue } from 'electron'

export type UserAnswer = { choose: string[] } | { cancel: true }

export interface DialogCall<O> {
  parent: unknown
  options: O
}

function checkFilters(filters: Array<{ name: string; extensions: string[] }> | undefined): void {
  for (const f of filters ?? []) {
    for (const ext of f.extensions) {
      if (ext !== '*' && (ext.startsWith('.') || ext.includes('*') || ext === ''))
        throw new Error(`dialog filter extension ${JSON.stringify(ext)} is not one Electron accepts`)
    }
  }
}

export class FakeDialog {
  /** What the user does with the next dialog. */
  answer: UserAnswer = { cancel: true }
  readonly opened: Array<DialogCall<OpenDialogOptions>> = []
  readonly saved: Array<DialogCall<SaveDialogOptions>> = []

  showOpenDialog = async (
    ...args: [OpenDialogOptions] | [unknown, OpenDialogOptions]
  ): Promise<OpenDialogReturnValue> => {
    const [parent, options] = args.length === 2 ? args : [undefined, args[0]]
    checkFilters(options.filters)
    this.opened.push({ parent, options })
    if ('cancel' in this.answer) return { canceled: true, filePaths: [] }
    const multiple = options.properties?.includes('multiSelections') ?? false
    return { canceled: false, filePaths: multiple ? [...this.answer.choose] : this.answer.choose.slice(0, 1) }
  }

  showSaveDialog = async (
    ...args: [SaveDialogOptions] | [unknown, SaveDialogOptions]
  ): Promise<SaveDialogReturnValue> => {
    const [parent, options] = args.length === 2 ? args : [undefined, args[0]]
    checkFilters(options.filters)
    this.saved.push({ parent, options })
    if ('cancel' in this.answer) return { canceled: true, filePath: '' }
    return { canceled: false, filePath: this.answer.choose[0] ?? '' }
  }
}
