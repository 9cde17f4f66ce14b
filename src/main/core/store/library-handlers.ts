import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { StudioError } from '@shared/errors'
import type { Handlers } from '../ipc/dispatcher'
import { backupsDir, createBackup, listBackups, requestRestore } from './library-backup'
import type { Library } from './library-db'

type LibraryChannel = Extract<keyof Handlers, `library:${string}`>

/** Back up and Restore of the library (Settings). One backup at a time: a second click joins the first. */
export function createLibraryHandlers(d: { dataDir: string; library: Library }): Pick<Handlers, LibraryChannel> {
  let running: ReturnType<typeof createBackup> | null = null
  const pending = (): string | null => {
    const marker = join(backupsDir(d.dataDir), 'restore-pending')
    return existsSync(marker) ? readFileSync(marker, 'utf8').trim() : null
  }
  return {
    'library:list-backups': () => ({ backups: listBackups(d.dataDir), restorePending: pending() }),
    'library:back-up': () => (running ??= createBackup(d.library, d.dataDir).finally(() => (running = null))),
    'library:restore': async ({ name }) => {
      if (!listBackups(d.dataDir).some((b) => b.name === name))
        throw new StudioError('NOT_FOUND', 'That backup is gone or incomplete.', { field: 'name' })
      await requestRestore(d.dataDir, name)
      return { restorePending: name }
    }
  }
}
