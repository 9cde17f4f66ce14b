import { copyFileSync, existsSync, renameSync } from 'node:fs'
import { join } from 'node:path'
import Conf from 'conf'
import { keptName } from './file-role'

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
  let conf: ConfLike
  try {
    conf = make()
  } catch {
    const quarantine = `${file}.corrupt-${Date.now()}`
    if (existsSync(file)) renameSync(file, quarantine)
    if (existsSync(bak)) {
      copyFileSync(bak, file)
      notices.push({ store: name, message: `${name}.json was damaged; restored the last good copy (damaged file kept as ${keptName(quarantine)})` })
    } else {
      notices.push({ store: name, message: `${name}.json was damaged and had no backup; started empty (damaged file kept as ${keptName(quarantine)})` })
    }
    conf = make()
  }
  try {
    if (existsSync(file)) copyFileSync(file, bak)
  } catch {
    // A missing backup only weakens recovery; it must not stop the app.
  }
  return {
    get: (key) => conf.get(key as string) as T[typeof key],
    set: (key, value) => conf.set(key as string, value),
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
    new Conf<T>({ cwd: dir, configName: name, defaults, configFileMode: 0o600, clearInvalidConfig: false, projectName: 'generation-studio' })
  return openRecoverableStore<T>(join(dir, `${name}.json`), name, make as () => ConfLike, notices)
}
