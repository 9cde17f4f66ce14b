import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs'
import { copyFile, link, mkdir, readdir, rename, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { keptName } from './file-role'
import type { Library } from './library-db'
import { privateFile, tightenFiles } from './private-files'

/**
 * Library backups: `<dataDir>/backups/<stamp>/` holds an online copy of the database and the media
 * folder as it was. Media files are written once and never changed, so they are hard-linked where
 * the file system allows (a backup of 50 GB of images costs no space) and copied otherwise.
 */

const BACKUP_NAME = /^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}(-\d+)?$/
const PENDING = 'restore-pending'

export interface BackupInfo {
  name: string
  createdAt: number
  bytes: number
}

export const backupsDir = (dataDir: string): string => join(dataDir, 'backups')

export async function createBackup(lib: Library, dataDir: string, now = Date.now()): Promise<BackupInfo> {
  const root = backupsDir(dataDir)
  await mkdir(root, { recursive: true, mode: 0o700 })
  const stamp = new Date(now).toISOString().slice(0, 19).replace(/:/g, '-')
  let name = stamp
  for (let i = 1; existsSync(join(root, name)); i++) name = `${stamp}-${i}`
  // Built under a temp name and renamed: a backup cut off by a crash is never offered for restore.
  const tmp = join(root, `.partial-${name}`)
  await rm(tmp, { recursive: true, force: true })
  await mkdir(tmp, { recursive: true, mode: 0o700 })
  // The copy is made in a file that is private (0600) before SQLite writes a byte into it.
  privateFile(join(tmp, 'library.db'))
  await lib.backupTo(join(tmp, 'library.db'))
  tightenFiles(join(tmp, 'library.db'))
  await mirror(join(dataDir, 'library'), join(tmp, 'media'))
  await rename(tmp, join(root, name))
  await writeFile(join(root, name, 'done'), String(now), { mode: 0o600 })
  return { name, createdAt: now, bytes: statSync(join(root, name, 'library.db')).size }
}

async function mirror(from: string, to: string): Promise<void> {
  let entries
  try {
    entries = await readdir(from, { withFileTypes: true })
  } catch {
    return
  }
  await mkdir(to, { recursive: true, mode: 0o700 })
  for (const e of entries) {
    const src = join(from, e.name)
    const dest = join(to, e.name)
    if (e.isDirectory()) await mirror(src, dest)
    else if (e.isFile() && !e.name.endsWith('.part') && !e.name.includes('.tmp-'))
      await link(src, dest).catch(() => copyFile(src, dest))
  }
}

/** Complete backups, newest first. */
export function listBackups(dataDir: string): BackupInfo[] {
  const root = backupsDir(dataDir)
  let names: string[]
  try {
    names = readdirSync(root)
  } catch {
    return []
  }
  return names
    .filter((n) => BACKUP_NAME.test(n) && existsSync(join(root, n, 'done')) && existsSync(join(root, n, 'library.db')))
    .map((name) => ({
      name,
      createdAt: Number(readFileSync(join(root, name, 'done'), 'utf8')) || 0,
      bytes: statSync(join(root, name, 'library.db')).size
    }))
    .sort((a, b) => b.createdAt - a.createdAt || (a.name < b.name ? 1 : -1))
}

/** Asks for `name` to replace the library at the next start (the open database cannot be swapped under the stores). */
export async function requestRestore(dataDir: string, name: string): Promise<void> {
  if (!listBackups(dataDir).some((b) => b.name === name))
    throw new Error(`no complete backup named ${JSON.stringify(name)}`)
  await writeFile(join(backupsDir(dataDir), PENDING), name, { mode: 0o600 })
}

/** Puts the latest backup's database at `dbPath`; returns its name, or null when there is none. */
export function restoreLatestBackup(dataDir: string, dbPath: string): string | null {
  const latest = listBackups(dataDir)[0]
  if (!latest) return null
  putBack(dataDir, latest.name, dbPath)
  return latest.name
}

/** At start, before the database opens: carries out a restore asked for in the last session. */
export function restorePending(dataDir: string, notice: (message: string) => void): void {
  const marker = join(backupsDir(dataDir), PENDING)
  if (!existsSync(marker)) return
  const name = readFileSync(marker, 'utf8').trim()
  const dbPath = join(dataDir, 'library.db')
  if (!listBackups(dataDir).some((b) => b.name === name)) {
    rmSync(marker, { force: true })
    notice(`The backup ${name} chosen for restore is gone or incomplete; the library was left as it was.`)
    return
  }
  // The library being replaced is kept beside it, so a restore can itself be undone by hand.
  const kept = `${dbPath}.before-restore-${Date.now()}`
  for (const suffix of ['', '-wal', '-shm']) if (existsSync(dbPath + suffix)) renameSync(dbPath + suffix, kept + suffix)
  putBack(dataDir, name, dbPath)
  rmSync(marker, { force: true })
  notice(`The library was restored from the backup of ${name}. The library it replaced is kept as ${keptName(kept)}.`)
}

function putBack(dataDir: string, name: string, dbPath: string): void {
  const dir = join(backupsDir(dataDir), name)
  copyFileSync(join(dir, 'library.db'), dbPath)
  tightenFiles(dbPath)
  restoreMedia(join(dir, 'media'), join(dataDir, 'library'))
}

/** Media the backup has and the library lost come back; files added since stay (the gallery adopts them). */
function restoreMedia(from: string, to: string): void {
  let entries
  try {
    entries = readdirSync(from, { withFileTypes: true })
  } catch {
    return
  }
  mkdirSync(to, { recursive: true, mode: 0o700 })
  for (const e of entries) {
    const src = join(from, e.name)
    const dest = join(to, e.name)
    if (e.isDirectory()) restoreMedia(src, dest)
    else if (e.isFile() && !existsSync(dest)) copyFileSync(src, dest)
  }
}
