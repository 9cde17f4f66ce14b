import { resolve } from 'node:path'
import type { App } from 'electron'
import { APP_ID } from './app-identity'

/**
 * Windows shows a toast only for an app whose AppUserModelID matches a Start-menu shortcut's; the NSIS
 * installer gives the shortcut electron-builder's `appId`, and Electron sets the process's id itself only
 * under Squirrel. So the shell sets it, from the same source, before any notification. A no-op elsewhere
 * ("app.setAppUserModelId(id) _Windows_").
 */
export function applyAppIdentity(
  app: Pick<App, 'setAppUserModelId'>,
  platform: NodeJS.Platform = process.platform
): void {
  if (platform === 'win32') app.setAppUserModelId(APP_ID)
}

/**
 * Where profiles, stores and logs live. STUDIO_DATA_DIR moves userData itself (before `ready` and
 * before the single-instance lock, which Electron keys on userData), so two studios with different
 * data dirs are two independent instances, as the end-to-end tests need.
 */
export function resolveDataDir(app: Pick<App, 'getPath' | 'setPath'>, override: string | undefined): string {
  if (override) {
    const dir = resolve(override)
    app.setPath('userData', dir)
    return dir
  }
  return app.getPath('userData')
}

/**
 * The single-instance lock (A22): a second launch hands over to the first (which focuses its
 * window) and quits, so two processes never poll, download or write the same stores.
 * Returns false in the second instance, which must then do nothing else.
 */
export function claimSingleInstance(
  app: Pick<App, 'requestSingleInstanceLock' | 'quit' | 'on'>,
  onSecondInstance: () => void
): boolean {
  if (!app.requestSingleInstanceLock()) {
    app.quit()
    return false
  }
  app.on('second-instance', () => onSecondInstance())
  return true
}

/**
 * Holds the quit until `dispose` (the core: sandbox server, pollers, stores) has finished or timed
 * out; before-quit listeners cannot await, so the first quit is cancelled and repeated afterwards.
 */
export function disposeBeforeQuit(
  app: Pick<App, 'on' | 'quit'>,
  dispose: () => Promise<void> | void,
  log: (line: string) => void = () => {},
  timeoutMs = 5000
): void {
  let state: 'running' | 'disposing' | 'done' = 'running'
  app.on('before-quit', (event) => {
    if (state === 'done') return
    event.preventDefault()
    if (state === 'disposing') return
    state = 'disposing'
    let timer: NodeJS.Timeout | undefined
    const timeout = new Promise<void>((done) => {
      timer = setTimeout(() => {
        log('shutdown took too long; quitting anyway')
        done()
      }, timeoutMs)
    })
    void Promise.race([Promise.resolve().then(dispose), timeout])
      .catch((e: unknown) => log(`shutdown failed: ${String(e)}`))
      .finally(() => {
        clearTimeout(timer)
        state = 'done'
        app.quit()
      })
  })
}
