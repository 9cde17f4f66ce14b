import { join } from 'node:path'
import { ipcMain } from 'electron'
import Store from 'electron-store'
import { openRecoverableStore, type ConfLike, type OpenStore, type StoreNotice } from '../core/store/kv-store'

/**
 * electron-store, constructed in the main process, registers a sync IPC listener that tells any
 * renderer the userData path. Our renderers never use a store (P4), so it is removed.
 */
const ELECTRON_STORE_CHANNEL = 'electron-store-get-data'

/**
 * OpenStore over electron-store 12 in the data dir: files mode 0600, atomic writes (conf), and the
 * same corrupt-file recovery as the conf stores (quarantine, restore `.bak`, notice; never a reset).
 */
export function createElectronStoreOpener(dataDir: string, notices: StoreNotice[] = []): OpenStore {
  return <T extends Record<string, unknown>>(name: string, defaults: T) => {
    // conf 16 types defaults with dot-path keys a generic T cannot prove; the whole-object defaults are valid.
    const storeDefaults = defaults as Partial<T> as NonNullable<ConstructorParameters<typeof Store<T>>[0]>['defaults']
    const make = () =>
      new Store<T>({ cwd: dataDir, name, defaults: storeDefaults, configFileMode: 0o600, clearInvalidConfig: false })
    const store = openRecoverableStore<T>(join(dataDir, `${name}.json`), name, make as () => ConfLike, notices)
    ipcMain?.removeAllListeners(ELECTRON_STORE_CHANNEL)
    return store
  }
}
