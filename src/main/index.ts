/**
 * The Electron shell: lifecycle only. Every decision lives in a module under electron/ or security/
 * (tested with a mocked electron); this file wires them in the order Electron requires.
 */
// First: takes STUDIO_API_KEY out of process.env before any other module of the app is evaluated.
// eslint-disable-next-line import-x/order
import { envApiKey } from './take-env-key'
import { fileURLToPath } from 'node:url'
import { app, BrowserWindow, dialog, ipcMain, Notification, powerMonitor, protocol, session, shell } from 'electron'
import type { StoreNotice } from './core/store/kv-store'
import type { StudioCore } from './core/studio-core'
import { PRODUCT_NAME } from './electron/app-identity'
import { installAppProtocol, registerAppScheme } from './electron/app-protocol'
import { addWindowEventSink, registerIpcHandlers } from './electron/ipc'
import { applyAppIdentity, claimSingleInstance, disposeBeforeQuit, resolveDataDir } from './electron/lifecycle'
import { createMainWindow, focusWindow } from './electron/main-window'
import { registerUploadHandlers } from './electron/upload-ipc'
import { WindowRegistry } from './electron/window-registry'
import { installContentsHardening } from './security/harden-contents'
import { hasTrustedOrigin, MEDIA_URL_PREFIX, rendererTarget } from './security/origins'
import { installPermissionHandlers } from './security/permissions'

// Resolved from this entry file (out/main/index.js), never from a shared chunk whose URL differs.
const PRELOAD = fileURLToPath(new URL('../preload/index.cjs', import.meta.url))
const RENDERER_DIR = fileURLToPath(new URL('../renderer', import.meta.url))

function main(): void {
  // envApiKey (take-env-key.ts, evaluated first) now lives only in the core's memory: no window,
  // child process started from here on or crash report inherits it from the environment.
  // The Windows app id before any notification (the installer's shortcut carries the same id).
  applyAppIdentity(app)
  // Before the lock: Electron keys the single-instance lock on userData.
  const dataDir = resolveDataDir(app, process.env.STUDIO_DATA_DIR)
  const windows = new WindowRegistry()
  let mainWindow: BrowserWindow | undefined
  let core: StudioCore | undefined
  const log = (line: string) => (core ? core.log(line) : console.error(`[studio] ${line}`))
  const target = rendererTarget(app.isPackaged, process.env.ELECTRON_RENDERER_URL)
  const openWindow = () => {
    mainWindow = createMainWindow({ preload: PRELOAD, isPackaged: app.isPackaged, url: target.url, windows, log })
    mainWindow.once('closed', () => (mainWindow = undefined))
  }

  if (!claimSingleInstance(app, () => (mainWindow ? focusWindow(mainWindow) : core && openWindow()))) return
  app.enableSandbox()
  registerAppScheme(protocol)
  installContentsHardening(app, { trusted: target.origins, log })
  disposeBeforeQuit(app, () => core?.dispose(), log)

  app.on('window-all-closed', () => {
    // macOS apps stay alive without windows; the core keeps polling until the user quits.
    if (process.platform !== 'darwin') app.quit()
  })
  app.on('activate', () => {
    if (core && !mainWindow) openWindow()
  })

  void app
    .whenReady()
    .then(async () => {
      installPermissionHandlers(session.defaultSession, target.origins)
      installAppProtocol(protocol, RENDERER_DIR)
      // The window comes first (T2): the core, its stores, the gateway client and the built-in sandbox
      // are loaded after it, and calls that arrive meanwhile wait for the core instead of failing.
      const policy = { windows, trusted: target.origins }
      let coreReady!: (c: StudioCore) => void
      const corePromise = new Promise<StudioCore>((resolve) => (coreReady = resolve))
      registerIpcHandlers(
        ipcMain,
        async (channel, input, ctx) => (await corePromise).dispatch(channel, input, ctx),
        policy,
        log
      )
      registerUploadHandlers(
        ipcMain,
        async (channel, body, meta, ctx) => (await corePromise).upload(channel, body, meta, ctx),
        policy,
        log
      )
      openWindow()

      // Everything only the core needs is loaded with it, after the window (T2): electron-store (conf,
      // ajv, semver), zod (through the dialogs' shared file rules and errors), net and safeStorage glue.
      const [
        { createStudioCore },
        { createElectronStoreOpener },
        { createFilePicker },
        { createSaveFile },
        { createSafeStorageBackend },
        { createNetFetch },
        { installMediaProtocol }
      ] = await Promise.all([
        import('./core/studio-core'),
        import('./electron/store'),
        import('./electron/file-dialog'),
        import('./electron/save-dialog'),
        import('./electron/secret-backend'),
        import('./electron/net-fetch'),
        import('./electron/media-protocol')
      ])
      const { createNotifier, createOpenFile } = await import('./electron/notifications')
      const storeNotices: StoreNotice[] = []
      core = await createStudioCore({
        shell: 'electron',
        dataDir,
        appVersion: app.getVersion(),
        platform: process.platform,
        secrets: createSafeStorageBackend(),
        openStore: createElectronStoreOpener(dataDir, storeNotices),
        fetch: createNetFetch(),
        env: {
          gatewayUrl: process.env.STUDIO_GATEWAY_URL,
          apiKey: envApiKey,
          resultOrigins: process.env.STUDIO_RESULT_ORIGINS
        },
        // Installed builds talk to saved gateways over https only (README: plain http).
        plainHttp: app.isPackaged ? 'never' : 'loopback',
        sandbox: { enabled: true, speed: Number(process.env.STUDIO_SANDBOX_SPEED) || 1 },
        pickFiles: createFilePicker(dialog, () => BrowserWindow.getFocusedWindow() ?? mainWindow),
        // Images: gallery export through the OS save dialog (the core answers a download URL without it).
        saveFile: createSaveFile(dialog, () => BrowserWindow.getFocusedWindow() ?? mainWindow),
        mediaUrlPrefix: MEDIA_URL_PREFIX,
        // Video: OS notifications (a click focuses the window and opens the card) and the system player.
        notify: createNotifier(Notification, () => mainWindow, focusWindow),
        openFile: createOpenFile(shell),
        // End-to-end tests shift the host's clock instead of waiting (README: environment variables); never in installed builds.
        ...(!app.isPackaged && process.env.STUDIO_CLOCK_FILE
          ? { now: (await import('./core/offset-clock')).offsetClock(process.env.STUDIO_CLOCK_FILE) }
          : {})
      })
      // After sleep, video tasks are checked again soon (and downloads that waited are retried).
      powerMonitor.on('resume', () => core?.resume())
      installMediaProtocol(protocol, core.media, {
        trusted: target.origins,
        strangerShown: () =>
          windows.live().some((wc) => wc.getURL() !== '' && !hasTrustedOrigin(wc.getURL(), target.origins))
      })
      // The core only collects notices from its own conf opener; ours are handed over here.
      for (const n of storeNotices) {
        core.notices.push(n)
        core.log(`store notice: ${n.message}`)
      }
      addWindowEventSink(core.events, policy)
      coreReady(core)
    })
    .catch((e: unknown) => {
      log(`startup failed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`)
      dialog.showErrorBox(`${PRODUCT_NAME} could not start`, e instanceof Error ? e.message : String(e))
      app.exit(1)
    })
}

main()
