// Electron stand-in for bench T2, installed as node_modules/electron of a mirror of the repo (see
// bench/lib/electron-layout.ts), so no loader hook is charged to the start-up being timed.
// "The window can be created" as soon as the entry asks for one.
// The first `new BrowserWindow()` prints one line `BENCH_T2_WINDOW <json>` and exits the process,
// so the parent measures whole-process wall time from spawn to that point.
import { writeSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { receiveMessageOnPort } from 'node:worker_threads'

const noop = () => undefined
/** Anything the entry calls that is not spelled out below is a no-op, so new calls do not break T2. */
function lenient(impl) {
  return new Proxy(impl, {
    get(target, prop) {
      if (prop in target) return target[prop]
      if (prop === 'then' || typeof prop === 'symbol') return undefined
      return noop
    }
  })
}

const userData = process.env.STUDIO_DATA_DIR || join(tmpdir(), 'bench-t2-userdata')
/** When the entry first asked for `ready`: its static imports are done by then (diagnosis of T2). */
let msToWhenReady = null

export const app = lenient({
  isPackaged: false,
  name: 'generation-studio',
  getName: () => 'generation-studio',
  getVersion: () => '0.1.0',
  getPath: () => userData,
  setPath: noop,
  requestSingleInstanceLock: () => true,
  whenReady: () => {
    msToWhenReady ??= performance.now()
    return Promise.resolve()
  },
  isReady: () => true,
  on: noop,
  once: noop,
  exit: (code) => process.exit(code ?? 0),
  quit: () => process.exit(0)
})

function loadedModules() {
  const port = globalThis.__benchModulePort
  if (!port) return undefined
  const esm = []
  for (let i = 0; i < 100_000; i++) {
    const m = receiveMessageOnPort(port)
    if (!m) break
    esm.push(m.message)
  }
  return { esm, cjs: globalThis.__benchCjs ?? [] }
}

export class BrowserWindow {
  constructor() {
    const report = { msToWindow: performance.now(), msToWhenReady, modules: loadedModules() }
    writeSync(1, `BENCH_T2_WINDOW ${JSON.stringify(report)}\n`)
    process.exit(0)
  }
  static getAllWindows() {
    return []
  }
}

export const ipcMain = lenient({ handle: noop, on: noop, removeHandler: noop, removeAllListeners: noop })
export const protocol = lenient({ registerSchemesAsPrivileged: noop, handle: noop })
export const session = { defaultSession: lenient({ webRequest: lenient({}) }) }
// A machine without a keyring: the core must still start (keys stay session-only).
export const safeStorage = lenient({
  isAsyncEncryptionAvailable: () => Promise.resolve(false),
  isEncryptionAvailable: () => false,
  getSelectedStorageBackend: () => 'basic_text'
})
export const net = lenient({ fetch: (input, init) => fetch(input, init) })
export const nativeTheme = lenient({ shouldUseDarkColors: false, themeSource: 'system', on: noop })
export const dialog = lenient({
  showErrorBox: (title, message) => {
    writeSync(2, `${title}: ${message}\n`)
  }
})
export const shell = lenient({ openExternal: () => Promise.resolve(), openPath: () => Promise.resolve('') })
export const webContents = lenient({ getAllWebContents: () => [] })
export const Menu = lenient({ setApplicationMenu: noop, buildFromTemplate: () => lenient({}) })
// OS notifications (video/balance alerts) and sleep/resume: a machine without a notification daemon.
export class Notification {
  static isSupported() {
    return false
  }
  show() {}
  on() {
    return this
  }
}
export const powerMonitor = lenient({ on: noop, off: noop, removeListener: noop })

export default {
  app,
  BrowserWindow,
  ipcMain,
  protocol,
  session,
  safeStorage,
  net,
  nativeTheme,
  dialog,
  shell,
  webContents,
  Menu,
  Notification,
  powerMonitor
}
