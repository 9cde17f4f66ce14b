import type { FileGrant, FilePurpose } from '@shared/domain/files'
import { StudioError } from '@shared/errors'
import type { Handlers } from '../ipc/dispatcher'
import type { UploadHandlers } from '../ipc/upload-dispatcher'
import type { FileGrants } from './grants'

/**
 * The shell's file dialog: Electron shows dialog.showOpenDialog on the focused window and returns
 * the chosen paths ([] when cancelled). The browser host has none: a page there cannot be given
 * a native dialog, so it uses <input type=file> and files.upload instead.
 */
export type PickFiles = (purpose: FilePurpose, multiple: boolean) => Promise<string[]>

export interface FileDeps {
  grants: FileGrants
  pickFiles?: PickFiles
}

/** A dialog can return any number of paths; more than this in one go is not an attachment any more. */
const MAX_PICKED = 20

export function fileHandlers(d: FileDeps): Pick<Handlers, 'files:pick' | 'files:release'> {
  return {
    'files:pick': async ({ purpose, multiple }) => {
      if (!d.pickFiles) return { files: [] }
      const paths = await d.pickFiles(purpose, multiple === true)
      const files: FileGrant[] = []
      try {
        for (const path of paths.slice(0, multiple === true ? MAX_PICKED : 1))
          files.push(await d.grants.grantPath(path, purpose))
      } catch (e) {
        // All or nothing: the refusal names the file, and the page is left with no half-attached set.
        for (const f of files) await d.grants.release(f.fileId).catch(() => {})
        throw e
      }
      return { files }
    },
    'files:release': async ({ fileId }) => {
      await d.grants.release(fileId)
      return {}
    }
  }
}

export function fileUploadHandlers(grants: FileGrants): UploadHandlers {
  return {
    'files:upload': async (body, meta, ctx) => {
      if (body.kind === 'path') {
        // Only the Electron preload produces paths; a browser page must never be able to name one.
        if (ctx.shell !== 'electron')
          throw new StudioError('INVALID_INPUT', 'This shell does not accept file paths', { field: 'file' })
        return grants.grantPath(body.path, meta.purpose)
      }
      return grants.grantUpload(body.kind === 'bytes' ? body.bytes : body.stream, meta.name, meta.purpose)
    }
  }
}
