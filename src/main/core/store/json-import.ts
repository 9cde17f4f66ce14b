import { existsSync } from 'node:fs'
import { rename } from 'node:fs/promises'
import type { Library } from './library-db'

/** The suffix a JSON store gets once imported: kept for the user to remove, never read again. */
export const MIGRATED_SUFFIX = '.migrated'

/**
 * Imports a JSON store into the library once. The rows and the "done" mark commit in one
 * transaction, so a kill before the commit leaves nothing (the next start imports again from the
 * untouched originals) and a kill after it leaves only renames to finish. A later start does nothing.
 *
 * `read` returns what to import, or null when there is no JSON store (a new install).
 */
export async function importOnce<T>(
  lib: Library,
  name: string,
  originals: string[],
  read: () => Promise<T | null>,
  write: (data: T) => void
): Promise<boolean> {
  lib.run('CREATE TABLE IF NOT EXISTS imports (name TEXT PRIMARY KEY, at INTEGER NOT NULL)')
  const done = lib.get('SELECT 1 FROM imports WHERE name = ?', name) !== undefined
  let imported = false
  if (!done) {
    const data = await read()
    lib.tx(() => {
      if (data !== null) write(data)
      lib.run('INSERT INTO imports (name, at) VALUES (?, ?)', name, Date.now())
    })
    imported = data !== null
  }
  for (const path of originals) if (existsSync(path)) await rename(path, path + MIGRATED_SUFFIX)
  return imported
}
