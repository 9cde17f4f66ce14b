import { chmodSync, closeSync, existsSync, openSync } from 'node:fs'

/**
 * Files and folders only their owner may read. POSIX modes: the data folder 0700, the library
 * database (with its -wal and -shm), its backups and the key file's copies 0600. On Windows modes
 * do not apply (Node's chmod only toggles read-only there): the data folder lives under the user's
 * profile (`%APPDATA%`), whose ACL already gives other users no access, and nothing here changes it.
 */
export const POSIX_MODES = process.platform !== 'win32'

/** Sets the folder to 0700 (an existing folder too). Throws when it cannot (not the owner). */
export function tightenDir(path: string): void {
  if (POSIX_MODES) chmodSync(path, 0o700)
}

/** Sets each file that exists to 0600. */
export function tightenFiles(...paths: string[]): void {
  if (!POSIX_MODES) return
  for (const p of paths) if (existsSync(p)) chmodSync(p, 0o600)
}

/** Creates the file empty with mode 0600 unless it exists, then makes sure it is 0600. */
export function privateFile(path: string): void {
  if (!POSIX_MODES) return
  if (!existsSync(path)) closeSync(openSync(path, 'a', 0o600))
  chmodSync(path, 0o600)
}

/**
 * Runs `fn` (synchronous, so no other code runs meanwhile) with umask 077, so whatever it creates
 * (SQLite's database, -wal and -shm files) is private whatever mode the creator asks for. Where the
 * umask cannot be set (a worker thread) `fn` runs as is; the explicit modes above still hold.
 */
export function withPrivateUmask<T>(fn: () => T): T {
  let previous: number | undefined
  if (POSIX_MODES) {
    try {
      previous = process.umask(0o077)
    } catch {
      previous = undefined
    }
  }
  try {
    return fn()
  } finally {
    if (previous !== undefined) process.umask(previous)
  }
}
