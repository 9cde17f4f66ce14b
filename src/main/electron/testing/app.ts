/**
 * Electron's `app`, as Electron 45 documents it (https://www.electronjs.org/docs/latest/api/app), for the parts the shell uses: the
 * app's name and userData folder, the single-instance lock and its `second-instance` event, the
 * Windows app id, and quitting.
 */
import { EventEmitter } from 'node:events'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { App } from 'electron'
import { fakeEvent } from './event'

/** The repository's package.json, which Electron reads the app's name from. */
export const PACKAGE_JSON = join(import.meta.dirname, '..', '..', '..', '..', 'package.json')

/** Which fake app holds the lock for a userData folder (a second app is a second process). */
const locks = new Map<string, FakeApp>()

export class FakeApp extends EventEmitter {
  readonly quit = (): void => void this.quits++
  quits = 0
  isPackaged = true
  appUserModelId: string | undefined
  private readonly paths = new Map<string, string>()

  /**
   * app.getName(): "the name in the application's package.json file. ... You should usually also specify
   * a productName field, which is your application's full capitalized name, and which will be preferred
   * over name by Electron."
   */
  readonly name: string

  constructor(
    pkg: { name?: string; productName?: string } = JSON.parse(readFileSync(PACKAGE_JSON, 'utf8')) as {
      name?: string
      productName?: string
    },
    appData = '/home/u/.config'
  ) {
    super()
    this.name = pkg.productName || pkg.name || 'Electron'
    this.paths.set('appData', appData)
  }

  static releaseAllLocks(): void {
    locks.clear()
  }

  getName(): string {
    return this.name
  }

  /** userData: "The directory for storing your app's configuration files, which by default is the appData directory appended with your app's name." */
  getPath(name: string): string {
    const set = this.paths.get(name)
    if (set !== undefined) return set
    if (name === 'userData') return join(this.getPath('appData'), this.name)
    throw new Error(`Failed to get '${name}' path`)
  }

  setPath(name: string, path: string): void {
    this.paths.set(name, path)
  }

  /** "Changes the Application User Model ID to id." (_Windows_) */
  setAppUserModelId(id: string): void {
    this.appUserModelId = id
  }

  /**
   * "This method returns true if your process is the primary instance of your application and your app
   * should continue loading. It returns false if your process should immediately quit as it has sent its
   * parameters to another instance that has already acquired the lock." The primary then gets
   * 'second-instance' (event, argv, workingDirectory, additionalData): "emitted inside the primary
   * instance of your application when a second instance has been executed and calls
   * app.requestSingleInstanceLock()". The lock lives in the userData folder (Chromium's process singleton).
   */
  requestSingleInstanceLock(additionalData?: Record<string, unknown>, argv: string[] = ['studio'], cwd = '/'): boolean {
    const key = this.getPath('userData')
    const holder = locks.get(key)
    if (holder === undefined || holder === this) {
      locks.set(key, this)
      return true
    }
    holder.emit('second-instance', fakeEvent({}), argv, cwd, additionalData ?? {})
    return false
  }

  /** Typed as Electron's, for code that takes an App. */
  get asElectron(): App {
    return this as unknown as App
  }
}
