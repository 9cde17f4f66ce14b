import { existsSync, mkdirSync, renameSync } from 'node:fs'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { keptName, withoutPaths } from './file-role'
import { restorePending, restoreLatestBackup } from './library-backup'
import { privateFile, tightenFiles, withPrivateUmask } from './private-files'

/**
 * The library's one embedded database (`<dataDir>/library.db`). The rest of the core sees only the
 * `Library` interface below, never the binding, so the binding can change (node:sqlite, say)
 * without touching a store.
 *
 * Durability: WAL with `synchronous=FULL`, so every commit is fsynced before the call returns; the
 * write-ahead records of paid creates rely on that (RELIABILITY.md promise 2, SECURITY.md H8).
 */
export interface Library {
  readonly path: string
  run(sql: string, ...params: unknown[]): { changes: number }
  get<T>(sql: string, ...params: unknown[]): T | undefined
  all<T>(sql: string, ...params: unknown[]): T[]
  /** Runs `fn` in one transaction: all of it commits, or none of it. */
  tx<T>(fn: () => T): T
  /** Applies the store's schema steps it has not had yet, each in its own transaction. */
  schema(store: string, steps: string[]): void
  /** An online, consistent copy of the whole database to `dest` (readers and writers keep going). */
  backupTo(dest: string): Promise<void>
  /** Releases this user's hold; the database closes (and checkpoints) when the last one lets go. */
  release(): void
}

export const LIBRARY_FILE = 'library.db'

interface Shared {
  db: Database.Database
  users: number
  statements: Map<string, Database.Statement>
}

// One connection per data dir: the stores of a core (and a test's second instance on the same dir)
// share it, so their writes are serialised by one handle and none sees a stale snapshot.
const open = new Map<string, Shared>()

/**
 * Opens (or joins) the library of `dataDir`. After an unclean exit (the WAL is still there) it runs
 * `quick_check`; a damaged file is moved aside and the latest backup put back, with a notice.
 */
export function openLibrary(dataDir: string, notice: (message: string) => void = () => {}): Library {
  const path = join(dataDir, LIBRARY_FILE)
  let shared = open.get(path)
  if (!shared) {
    mkdirSync(dataDir, { recursive: true, mode: 0o700 })
    restorePending(dataDir, notice)
    shared = { db: connect(dataDir, path, notice), users: 0, statements: new Map() }
    open.set(path, shared)
  }
  shared.users++
  return handle(path, shared)
}

/**
 * Opens the database file private to its owner: the file made (or set) 0600 before SQLite opens it,
 * SQLite's -wal and -shm taking that mode (and umask 077 while opening, for anything it creates).
 */
function openPrivate(path: string): Database.Database {
  privateFile(path)
  tightenFiles(`${path}-wal`, `${path}-shm`)
  return withPrivateUmask(() => new Database(path))
}

function connect(dataDir: string, path: string, notice: (message: string) => void): Database.Database {
  const unclean = existsSync(`${path}-wal`)
  try {
    return configure(openPrivate(path), unclean)
  } catch (e) {
    const kept = `${path}.damaged-${Date.now()}`
    for (const suffix of ['', '-wal', '-shm']) if (existsSync(path + suffix)) renameSync(path + suffix, kept + suffix)
    const from = restoreLatestBackup(dataDir, path)
    const why = withoutPaths(e instanceof Error ? e.message : String(e))
    notice(
      from
        ? `The library database was damaged (${why}); the backup of ${from} was restored. The damaged file is kept as ${keptName(kept)}.`
        : `The library database was damaged (${why}) and there is no backup; the library starts empty. The damaged file is kept as ${keptName(kept)}.`
    )
    return configure(openPrivate(path), false)
  }
}

function configure(db: Database.Database, check: boolean): Database.Database {
  try {
    db.pragma('journal_mode = WAL')
    db.pragma('synchronous = FULL')
    db.pragma('foreign_keys = ON')
    db.pragma('busy_timeout = 5000')
    if (check) {
      const rows = db.pragma('quick_check') as Array<{ quick_check: string }>
      if (rows.length !== 1 || rows[0].quick_check !== 'ok')
        throw new Error(`quick_check: ${rows.map((r) => r.quick_check).join('; ')}`)
    }
    db.exec('CREATE TABLE IF NOT EXISTS schema_steps (store TEXT PRIMARY KEY, applied INTEGER NOT NULL)')
    return db
  } catch (e) {
    db.close()
    throw e
  }
}

function handle(path: string, s: Shared): Library {
  let released = false
  const stmt = (sql: string): Database.Statement => {
    if (released) throw new Error('the library database was released')
    let st = s.statements.get(sql)
    if (!st) s.statements.set(sql, (st = s.db.prepare(sql)))
    return st
  }
  const lib: Library = {
    path,
    run: (sql, ...params) => ({ changes: stmt(sql).run(...params).changes }),
    get: <T>(sql: string, ...params: unknown[]) => stmt(sql).get(...params) as T | undefined,
    all: <T>(sql: string, ...params: unknown[]) => stmt(sql).all(...params) as T[],
    tx: (fn) => s.db.transaction(fn)(),
    schema(store, steps) {
      const applied =
        lib.get<{ applied: number }>('SELECT applied FROM schema_steps WHERE store = ?', store)?.applied ?? 0
      for (let i = applied; i < steps.length; i++) {
        lib.tx(() => {
          s.db.exec(steps[i])
          lib.run(
            'INSERT INTO schema_steps (store, applied) VALUES (?, ?) ON CONFLICT(store) DO UPDATE SET applied = excluded.applied',
            store,
            i + 1
          )
        })
      }
    },
    backupTo: async (dest) => {
      await s.db.backup(dest)
    },
    release() {
      if (released) return
      released = true
      if (--s.users > 0) return
      open.delete(path)
      s.statements.clear()
      s.db.close()
    }
  }
  return lib
}

/**
 * Opens the library for one store: its schema steps applied, then `setUp` (imports of earlier
 * files, first reads) given the library. A store that fails to open lets go of the library again,
 * so the other stores' shared connection is not held by a store that does not exist.
 */
export async function openStore<T>(
  dataDir: string,
  notice: (message: string) => void,
  store: string,
  steps: string[],
  setUp: (lib: Library) => Promise<T>
): Promise<T> {
  const lib = openLibrary(dataDir, notice)
  try {
    lib.schema(store, steps)
    return await setUp(lib)
  } catch (e) {
    lib.release()
    throw e
  }
}
