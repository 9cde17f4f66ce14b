import { existsSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { basename, dirname, join } from 'node:path'
import Conf from 'conf'
import { keptName } from './file-role'
import { tightenFiles } from './private-files'

/**
 * Stores that hold API keys (the key vault's `secrets`; in clear for a profile whose user chose the
 * unprotected file). Their `.bak` is rewritten after every change, so no copy keeps a replaced or
 * removed key, and a damaged one is deleted, never kept aside: it may hold keys.
 */
export const KEY_STORES: ReadonlySet<string> = new Set(['secrets'])

/** Copies the store's file to its `.bak` (0600), through a temporary file and a rename. */
function writeBackup(file: string, bak: string): void {
  const tmp = `${bak}.tmp-${process.pid}`
  try {
    writeFileSync(tmp, readFileSync(file), { mode: 0o600 })
    tightenFiles(tmp)
    renameSync(tmp, bak)
  } finally {
    rmSync(tmp, { force: true })
  }
}

/** Damaged copies of a key store kept by earlier versions: removed, as they may hold old keys. */
function removeKeptCopies(file: string): void {
  const prefix = `${basename(file)}.corrupt-`
  let names: string[]
  try {
    names = readdirSync(dirname(file))
  } catch {
    return
  }
  for (const n of names) if (n.startsWith(prefix)) rmSync(join(dirname(file), n), { force: true })
}

/** The small-settings store the core needs; electron-store and conf both satisfy it. */
export interface KeyValueStore<T extends Record<string, unknown>> {
  get<K extends keyof T>(key: K): T[K]
  set<K extends keyof T>(key: K, value: T[K]): void
  readonly path: string
}

export type OpenStore = <T extends Record<string, unknown>>(name: string, defaults: T) => KeyValueStore<T>

export interface StoreNotice {
  store: string
  message: string
}

/** What conf and electron-store (a conf subclass) share, as far as recovery and the core need. */
export interface ConfLike {
  get(key: string): unknown
  set(key: string, value: unknown): void
}

/**
 * Opens a conf-family store and survives a corrupt file: conf throws on bad JSON (with
 * `clearInvalidConfig: false`, which every caller must pass), so the file is quarantined, the last
 * good copy (`.bak`, refreshed after every good load) is restored, and a notice is recorded for the
 * user. Never a silent reset. `make` must create the store for exactly `file`.
 */
export function openRecoverableStore<T extends Record<string, unknown>>(
  file: string,
  name: string,
  make: () => ConfLike,
  notices: StoreNotice[] = []
): KeyValueStore<T> {
  const bak = `${file}.bak`
  const holdsKeys = KEY_STORES.has(name)
  if (holdsKeys) removeKeptCopies(file)
  let conf: ConfLike
  try {
    conf = make()
  } catch {
    const quarantine = `${file}.corrupt-${Date.now()}`
    // A damaged key file is deleted: a copy kept aside would keep its keys on disk for good.
    const kept = holdsKeys
      ? 'the damaged file was deleted, as it may hold keys'
      : `damaged file kept as ${keptName(quarantine)}`
    if (existsSync(file)) {
      if (holdsKeys) rmSync(file, { force: true })
      else renameSync(file, quarantine)
    }
    if (existsSync(bak)) {
      writeBackup(bak, file)
      notices.push({ store: name, message: `${name}.json was damaged; restored the last good copy (${kept})` })
    } else {
      notices.push({ store: name, message: `${name}.json was damaged and had no backup; started empty (${kept})` })
    }
    conf = make()
  }
  const refreshBackup = () => {
    try {
      if (existsSync(file)) writeBackup(file, bak)
    } catch {
      // A missing backup only weakens recovery; it must not stop the app.
    }
  }
  refreshBackup()
  return {
    get: (key) => conf.get(key as string) as T[typeof key],
    set: (key, value) => {
      conf.set(key as string, value)
      // The last good copy follows every change of a key store, so it never keeps a replaced key.
      if (holdsKeys) refreshBackup()
    },
    path: file
  }
}

/** Opens a conf store (atomic writes, mode 0600) with corrupt-file recovery; used outside Electron. */
export function openConfStore<T extends Record<string, unknown>>(
  dir: string,
  name: string,
  defaults: T,
  notices: StoreNotice[] = []
): KeyValueStore<T> {
  const make = () =>
    new Conf<T>({
      cwd: dir,
      configName: name,
      defaults,
      configFileMode: 0o600,
      clearInvalidConfig: false,
      projectName: 'generation-studio'
    })
  return openRecoverableStore<T>(join(dir, `${name}.json`), name, make as () => ConfLike, notices)
}
