import { type EventEmitter } from 'node:events'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { INVOKE_CHANNELS, UPLOAD_CHANNELS } from '@shared/contract'
import type { MediaLibrary } from './core/files/media'
import type { CoreOptions } from './core/studio-core'
import { fakeEvent, type FakeSession, FakeWebContents } from './electron/testing/fakes'

/** Everything the entry touches, rebuilt before each test; the entry runs at import. */
const h = vi.hoisted(() => ({
  lock: true,
  coreFails: false,
  coreGate: undefined as Promise<void> | undefined,
  calls: [] as string[],
  /** process.env.STUDIO_API_KEY as each window and the core saw it. */
  envKeySeen: [] as Array<[string, string | undefined]>,
  windows: [] as Array<
    EventEmitter & {
      options: Record<string, unknown>
      loadURL: (u: string) => Promise<void>
      focus: () => void
      webContents: unknown
    }
  >,
  electron: undefined as unknown as Record<string, unknown>,
  core: undefined as unknown as {
    dispose: () => Promise<void>
    log: (l: string) => void
    notices: unknown[]
    dispatch: ReturnType<typeof vi.fn>
  },
  coreOptions: undefined as unknown as CoreOptions
}))

vi.mock('electron', async () => {
  const { EventEmitter } = await import('node:events')
  const { FakeSession, FakeWebContents } = await import('./electron/testing/fakes')
  const rec = (name: string, value?: unknown) =>
    vi.fn((..._args: unknown[]) => {
      h.calls.push(name)
      return value
    })
  class BrowserWindow extends EventEmitter {
    static getFocusedWindow = () => null
    webContents = new FakeWebContents()
    loadURL = vi.fn(async () => {})
    show = vi.fn()
    focus = vi.fn()
    restore = vi.fn()
    setBackgroundColor = vi.fn()
    constructor(readonly options: Record<string, unknown>) {
      super()
      h.envKeySeen.push(['window', process.env.STUDIO_API_KEY])
      h.windows.push(this)
    }
    isMinimized = () => false
    isDestroyed = () => false
  }
  const app = Object.assign(new EventEmitter(), {
    isPackaged: true,
    getPath: vi.fn(() => '/home/u/.config/Generation Studio'),
    setPath: rec('setPath'),
    getVersion: () => '9.9.9',
    requestSingleInstanceLock: vi.fn(() => {
      h.calls.push('requestSingleInstanceLock')
      return h.lock
    }),
    quit: rec('quit'),
    exit: rec('exit'),
    enableSandbox: rec('enableSandbox'),
    whenReady: vi.fn(() => {
      h.calls.push('whenReady')
      h.envKeySeen.push(['ready', process.env.STUDIO_API_KEY])
      return Promise.resolve()
    })
  })
  const electron = {
    app,
    BrowserWindow,
    protocol: { registerSchemesAsPrivileged: rec('registerSchemesAsPrivileged'), handle: rec('protocol.handle') },
    session: { defaultSession: new FakeSession() },
    ipcMain: { handle: vi.fn(), removeHandler: vi.fn(), on: vi.fn(), removeAllListeners: vi.fn() },
    dialog: {
      showErrorBox: rec('showErrorBox'),
      showOpenDialog: vi.fn(async () => ({ canceled: false, filePaths: ['/home/u/cat.png'] }))
    },
    nativeTheme: Object.assign(new EventEmitter(), { shouldUseDarkColors: false }),
    safeStorage: {},
    net: { fetch: vi.fn() },
    shell: { openExternal: vi.fn(), openPath: vi.fn(async () => '') },
    // Video: OS notifications and the resume-from-sleep hook.
    Notification: Object.assign(
      class extends EventEmitter {
        show = vi.fn()
      },
      { isSupported: () => true }
    ),
    powerMonitor: new EventEmitter()
  }
  h.electron = electron
  return { ...electron, default: electron }
})

vi.mock('./core/studio-core', async () => {
  const { EventHub } = await import('./core/ipc/event-hub')
  const { SecretGuard } = await import('./core/ipc/secret-guard')
  const { MediaLibrary } = await import('./core/files/media')
  return {
    createStudioCore: vi.fn(async (opts: CoreOptions) => {
      h.calls.push('createStudioCore')
      h.envKeySeen.push(['core', process.env.STUDIO_API_KEY])
      h.coreOptions = opts
      if (h.coreGate) await h.coreGate
      if (h.coreFails) throw new Error('the data dir is read-only')
      h.core = {
        dispatch: vi.fn(async () => ({ ok: true, value: null })),
        upload: vi.fn(async () => ({ ok: true, value: null })),
        media: new MediaLibrary(opts.mediaUrlPrefix ?? '/media/'),
        events: new EventHub(new SecretGuard()),
        log: vi.fn(),
        notices: [],
        dispose: vi.fn(async () => {})
      } as never
      return h.core
    })
  }
})

type FakeApp = EventEmitter & Record<string, ReturnType<typeof vi.fn>> & { isPackaged: boolean }
const app = () => h.electron.app as FakeApp
const settle = () => new Promise((r) => setTimeout(r, 0))

async function launch(env: Record<string, string | undefined> = {}) {
  vi.resetModules()
  const saved = { ...process.env }
  Object.assign(process.env, { STUDIO_DATA_DIR: undefined, ELECTRON_RENDERER_URL: undefined, ...env })
  for (const [k, v] of Object.entries(env)) if (v === undefined) delete process.env[k]
  try {
    await import('./index')
    await settle()
    await settle()
    // The core is imported after the window opens; wait until the entry has asked for it.
    if (h.lock) await vi.waitFor(() => expect(h.calls).toContain('createStudioCore'), { timeout: 10_000 })
    await settle()
  } finally {
    process.env = saved
  }
}

beforeEach(() => {
  // The electron mock outlives vi.resetModules, so each launch starts from a clean app and clean spies.
  if (h.electron) app().removeAllListeners()
  vi.clearAllMocks()
  h.lock = true
  h.coreFails = false
  h.coreGate = undefined
  h.calls = []
  h.envKeySeen = []
  h.windows = []
})

describe('the Electron entry', () => {
  it('as a second instance: quits at once and starts nothing', async () => {
    h.lock = false
    await launch({ STUDIO_DATA_DIR: '/tmp/studio-second' })
    expect(h.calls).toEqual(['setPath', 'requestSingleInstanceLock', 'quit'])
    expect(h.windows).toHaveLength(0)
  })

  it('moves userData to STUDIO_DATA_DIR before taking the lock, and hands that dir to the core', async () => {
    await launch({ STUDIO_DATA_DIR: '/tmp/studio-first' })
    expect(h.calls.indexOf('setPath')).toBeLessThan(h.calls.indexOf('requestSingleInstanceLock'))
    expect(app().setPath).toHaveBeenCalledWith('userData', '/tmp/studio-first')
    expect(h.coreOptions.dataDir).toBe('/tmp/studio-first')
  })

  it('sandboxes every renderer and registers the app scheme before ready', async () => {
    await launch()
    const ready = h.calls.indexOf('whenReady')
    expect(h.calls.indexOf('enableSandbox')).toBeGreaterThan(-1)
    expect(h.calls.indexOf('enableSandbox')).toBeLessThan(ready)
    expect(h.calls.indexOf('registerSchemesAsPrivileged')).toBeLessThan(ready)
    expect(h.calls.indexOf('protocol.handle')).toBeGreaterThan(ready)
    const handledSchemes = (h.electron.protocol as { handle: ReturnType<typeof vi.fn> }).handle.mock.calls.map(
      (c) => c[0]
    )
    expect(handledSchemes.sort()).toEqual(['app', 'studio-media'])
  })

  it('serves studio-media to the page origin only, and to no one once a window shows another page', async () => {
    await launch()
    const calls = (h.electron.protocol as { handle: ReturnType<typeof vi.fn> }).handle.mock.calls
    const serve = calls.filter((c) => c[0] === 'studio-media').at(-1)![1] as (r: Request) => Promise<Response>
    const dir = mkdtempSync(join(tmpdir(), 'studio-entry-media-'))
    try {
      writeFileSync(join(dir, 'frame.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]))
      const url = (h.core as unknown as { media: MediaLibrary }).media.urlFor(
        (h.core as unknown as { media: MediaLibrary }).media.register(join(dir, 'frame.png'), 'image/png')
      )
      // As Electron 45 hands protocol.handle a request: initiatorOrigin set by the browser, not by the page.
      const from = (initiator?: string): Request => {
        const r = new Request(url)
        if (initiator !== undefined) Object.defineProperty(r, 'initiatorOrigin', { value: initiator, enumerable: true })
        return r
      }
      const ours = await serve(from('app://bundle'))
      expect(ours.status).toBe(200)
      expect(ours.headers.get('access-control-allow-origin')).toBe('app://bundle')
      expect((await serve(from('https://evil.example'))).status).toBe(403)
      expect((await serve(from('null'))).status).toBe(403)
      expect((await serve(from())).status).toBe(403)
      ;(h.windows.at(-1)!.webContents as FakeWebContents).mainFrame.url = 'https://evil.example/'
      expect((await serve(from('app://bundle'))).status).toBe(403)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('builds the core for the Electron shell with the Electron adapters and the env profile', async () => {
    await launch({ STUDIO_GATEWAY_URL: 'https://gw.example', STUDIO_API_KEY: 'sk-env-0123456789' })
    expect(h.coreOptions).toMatchObject({
      shell: 'electron',
      dataDir: '/home/u/.config/Generation Studio',
      appVersion: '9.9.9',
      platform: process.platform,
      env: { gatewayUrl: 'https://gw.example', apiKey: 'sk-env-0123456789' }
    })
    expect(h.coreOptions.secrets.name).toBeTypeOf('function')
    expect(h.coreOptions.openStore).toBeTypeOf('function')
    expect(h.coreOptions.fetch).toBeTypeOf('function')
    expect(h.coreOptions.mediaUrlPrefix).toBe('studio-media://m/')
  })

  it('takes STUDIO_API_KEY out of process.env before anything starts; only the core gets it', async () => {
    await launch({ STUDIO_GATEWAY_URL: 'https://gw.example', STUDIO_API_KEY: 'sk-env-0123456789' })
    expect(h.envKeySeen).toEqual([
      ['ready', undefined],
      ['window', undefined],
      ['core', undefined]
    ])
    expect(h.coreOptions.env).toMatchObject({ apiKey: 'sk-env-0123456789' })
  })

  it('a packaged build refuses plain http for saved gateways; a development build allows it for this computer', async () => {
    await launch()
    expect(h.coreOptions.plainHttp).toBe('never')
    app().isPackaged = false
    try {
      await launch()
      expect(h.coreOptions.plainHttp).toBe('loopback')
    } finally {
      app().isPackaged = true
    }
  })

  it('gives the core a file picker that uses the system dialog', async () => {
    await launch()
    expect(await h.coreOptions.pickFiles!('image-edit', false)).toEqual(['/home/u/cat.png'])
    const showOpenDialog = (h.electron.dialog as { showOpenDialog: ReturnType<typeof vi.fn> }).showOpenDialog
    // No window has focus in the fake, so the dialog is parented to the studio's main window.
    expect(showOpenDialog).toHaveBeenCalledWith(h.windows[0], expect.objectContaining({ properties: ['openFile'] }))
  })

  it('opens the window before the core is loaded, and calls made meanwhile wait for the core', async () => {
    let release!: () => void
    h.coreGate = new Promise<void>((r) => (release = r))
    await launch()
    expect(h.windows).toHaveLength(1)
    expect(h.calls).toContain('createStudioCore')
    const handle = (h.electron.ipcMain as { handle: ReturnType<typeof vi.fn> }).handle
    const [, listener] = handle.mock.calls.find((c) => c[0] === 'app:get-info')!
    const contents = h.windows[0].webContents as { mainFrame: { url: string } }
    contents.mainFrame.url = 'app://bundle/index.html'
    const pending = listener({ sender: contents, senderFrame: contents.mainFrame }, undefined)
    release()
    await pending
    expect(h.core.dispatch).toHaveBeenCalled()
  })

  it('denies permissions on the default session, registers every channel, then opens the hardened window on app://', async () => {
    await launch()
    const session = (h.electron.session as { defaultSession: FakeSession }).defaultSession
    expect(session.checkHandler!(null, 'media', 'app://bundle', {})).toBe(false)
    const handled = (h.electron.ipcMain as { handle: ReturnType<typeof vi.fn> }).handle.mock.calls.map((c) => c[0])
    expect(handled.sort()).toEqual([...INVOKE_CHANNELS, ...UPLOAD_CHANNELS].sort())
    expect(h.windows).toHaveLength(1)
    const win = h.windows[0]
    expect(win.options.webPreferences).toMatchObject({ sandbox: true, contextIsolation: true, devTools: false })
    expect(String((win.options.webPreferences as { preload: string }).preload)).toMatch(/[/\\]preload[/\\]index\.cjs$/)
    expect(win.loadURL).toHaveBeenCalledWith('app://bundle/index.html')
  })

  it('never loads a dev server in a packaged build', async () => {
    await launch({ ELECTRON_RENDERER_URL: 'http://localhost:5173' })
    expect(h.windows[0].loadURL).toHaveBeenCalledWith('app://bundle/index.html')
  })

  it('hardens every webContents the app creates', async () => {
    await launch()
    const wc = new FakeWebContents()
    app().emit('web-contents-created', fakeEvent({}), wc)
    expect(wc.windowOpenHandler!({ url: 'https://evil.example' })).toEqual({ action: 'deny' })
  })

  it('focuses the first window when a second instance starts', async () => {
    await launch()
    app().emit('second-instance', fakeEvent({}), [], '/')
    expect(h.windows[0].focus).toHaveBeenCalled()
  })

  it('disposes the core before quitting', async () => {
    await launch()
    app().emit('before-quit', fakeEvent({}))
    await vi.waitFor(() => expect(h.core.dispose).toHaveBeenCalled())
    await vi.waitFor(() => expect(app().quit).toHaveBeenCalled())
  })

  it('reopens a window on activate only when none is open', async () => {
    await launch()
    app().emit('activate')
    expect(h.windows).toHaveLength(1)
    h.windows[0].emit('closed')
    app().emit('activate')
    expect(h.windows).toHaveLength(2)
  })

  it('tells the user and exits when the core cannot start', async () => {
    h.coreFails = true
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {})
    await launch()
    expect(consoleError).toHaveBeenCalledWith(expect.stringContaining('the data dir is read-only'))
    consoleError.mockRestore()
    expect(h.calls).toContain('showErrorBox')
    expect(app().exit).toHaveBeenCalledWith(1)
  })
})
