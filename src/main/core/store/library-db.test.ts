import {
  closeSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  rmSync,
  writeFileSync,
  writeSync
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { createBackup, listBackups, requestRestore } from './library-backup'
import { openLibrary, type Library } from './library-db'

const newDir = () => mkdtempSync(join(tmpdir(), 'library-'))

function notes(dataDir: string): { lib: Library; notices: string[] } {
  const notices: string[] = []
  const lib = openLibrary(dataDir, (m) => notices.push(m))
  lib.schema('t', ['CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT NOT NULL)'])
  return { lib, notices }
}

const values = (lib: Library) => lib.all<{ v: string }>('SELECT v FROM t ORDER BY id').map((r) => r.v)

describe('library database', () => {
  it('commits in WAL mode with synchronous FULL (a commit is on disk before the call returns)', () => {
    const { lib } = notes(newDir())
    expect(lib.get('PRAGMA journal_mode')).toEqual({ journal_mode: 'wal' })
    expect(lib.get('PRAGMA synchronous')).toEqual({ synchronous: 2 })
    lib.release()
  })

  it('applies each schema step once, across starts', () => {
    const dir = newDir()
    const a = notes(dir)
    a.lib.run('INSERT INTO t (v) VALUES (?)', 'one')
    a.lib.schema('t', ['CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT NOT NULL)', 'ALTER TABLE t ADD COLUMN w TEXT'])
    a.lib.release()
    const b = notes(dir)
    b.lib.schema('t', ['CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT NOT NULL)', 'ALTER TABLE t ADD COLUMN w TEXT'])
    expect(b.lib.all('SELECT v, w FROM t')).toEqual([{ v: 'one', w: null }])
    b.lib.release()
  })

  it('a damaged database is moved aside and the last backup restored, with a notice (never a silent reset)', async () => {
    const dir = newDir()
    const a = notes(dir)
    a.lib.run('INSERT INTO t (v) VALUES (?)', 'backed up')
    mkdirSync(join(dir, 'library', 'images'), { recursive: true })
    writeFileSync(join(dir, 'library', 'images', 'one.png'), 'image bytes')
    const backup = await createBackup(a.lib, dir)
    a.lib.run('INSERT INTO t (v) VALUES (?)', 'after the backup')
    a.lib.release()
    writeFileSync(join(dir, 'library.db'), 'this is not a database, it was overwritten by something else')

    const b = notes(dir)
    expect(values(b.lib)).toEqual(['backed up'])
    expect(b.notices.join(' ')).toMatch(
      new RegExp(`library database was damaged .*the backup of ${backup.name} was restored`)
    )
    expect(readdirSync(dir).some((n) => n.startsWith('library.db.damaged-'))).toBe(true)
    b.lib.release()
  })

  it('without a backup, a damaged database is still kept and the user told the library starts empty', () => {
    const dir = newDir()
    writeFileSync(join(dir, 'library.db'), Buffer.alloc(8192, 7))
    const { lib, notices } = notes(dir)
    expect(values(lib)).toEqual([])
    expect(notices.join(' ')).toMatch(
      /damaged .* and there is no backup; the library starts empty. The damaged file is kept as/
    )
    lib.release()
  })

  it('after an unclean exit, quick_check finds damage that opening alone does not', async () => {
    const dir = newDir()
    const a = notes(dir)
    a.lib.tx(() => {
      for (let i = 0; i < 3000; i++) a.lib.run('INSERT INTO t (v) VALUES (?)', `row ${i} ${'x'.repeat(100)}`)
    })
    await createBackup(a.lib, dir)
    a.lib.release()
    // Pages in the middle of the table overwritten (a bad sector, say), and the WAL of a crashed session left behind.
    const fd = openSync(join(dir, 'library.db'), 'r+')
    writeSync(fd, Buffer.alloc(4096 * 4, 0xa5), 0, 4096 * 4, 4096 * 8)
    closeSync(fd)
    // Opened after a clean exit, the same file raises nothing at start (the check is what finds it).
    const clean = newDir()
    copyFileSync(join(dir, 'library.db'), join(clean, 'library.db'))
    const quiet: string[] = []
    openLibrary(clean, (m) => quiet.push(m)).release()
    expect(quiet).toEqual([])
    writeFileSync(join(dir, 'library.db-wal'), '')

    const b = notes(dir)
    expect(b.notices.join(' ')).toMatch(
      /library database was damaged \(.*(quick_check|malformed).*the backup of .* was restored/
    )
    expect(values(b.lib)).toHaveLength(3000)
    b.lib.release()
  })

  it('Restore replaces the library at the next start, brings back lost media, and keeps the replaced one', async () => {
    const dir = newDir()
    const a = notes(dir)
    a.lib.run('INSERT INTO t (v) VALUES (?)', 'first')
    const media = join(dir, 'library', 'images')
    mkdirSync(media, { recursive: true })
    writeFileSync(join(media, 'kept.png'), 'image bytes')
    const backup = await createBackup(a.lib, dir)
    expect(listBackups(dir).map((b) => b.name)).toEqual([backup.name])
    a.lib.run('INSERT INTO t (v) VALUES (?)', 'second')
    rmSync(join(media, 'kept.png'))
    await requestRestore(dir, backup.name)
    await expect(requestRestore(dir, 'nope')).rejects.toThrow(/no complete backup named "nope"/)
    a.lib.release()

    const b = notes(dir)
    expect(values(b.lib)).toEqual(['first'])
    expect(existsSync(join(media, 'kept.png'))).toBe(true)
    expect(b.notices.join(' ')).toMatch(
      new RegExp(`restored from the backup of ${backup.name}. The library it replaced is kept as`)
    )
    b.lib.release()
    const c = notes(dir)
    expect(c.notices).toEqual([])
    c.lib.release()
  })
})
