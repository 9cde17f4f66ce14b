import { type EventEmitter } from 'node:events'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { type FakeWebContents } from './testing/fakes'

const state = vi.hoisted(() => ({ dark: false, windows: [] as unknown[] }))

vi.mock('electron', async () => {
  const { EventEmitter } = await import('node:events')
  const { FakeWebContents } = await import('./testing/fakes')
  class BrowserWindow extends EventEmitter {
    readonly webContents = new FakeWebContents()
    readonly loadURL = vi.fn(async (_url: string) => {})
    readonly show = vi.fn()
    readonly focus = vi.fn()
    readonly restore = vi.fn()
    readonly setBackgroundColor = vi.fn()
    minimized = false
    destroyed = false
    constructor(readonly options: Record<string, unknown>) {
      super()
      state.windows.push(this)
    }
    isMinimized() {
      return this.minimized
    }
    isDestroyed() {
      return this.destroyed
    }
  }
  const nativeTheme = Object.defineProperty(new EventEmitter(), 'shouldUseDarkColors', { get: () => state.dark })
  return { BrowserWindow, nativeTheme }
})

const { createMainWindow, focusWindow, windowBackground } = await import('./main-window')
const { nativeTheme } = await import('electron')
const { WindowRegistry } = await import('./window-registry')
const { hardenedWebPreferences } = await import('../security/web-preferences')

type FakeWindow = EventEmitter & {
  options: Record<string, unknown>
  webContents: FakeWebContents
  loadURL: ReturnType<typeof vi.fn>
  show: ReturnType<typeof vi.fn>
  focus: ReturnType<typeof vi.fn>
  restore: ReturnType<typeof vi.fn>
  setBackgroundColor: ReturnType<typeof vi.fn>
  minimized: boolean
}

function create(isPackaged = true) {
  const windows = new WindowRegistry()
  const win = createMainWindow({
    preload: '/app/out/preload/index.cjs',
    isPackaged,
    url: 'app://bundle/index.html',
    windows
  }) as unknown as FakeWindow
  return { win, windows }
}

describe('the main window', () => {
  beforeEach(() => {
    state.dark = false
  })

  it('is built from the hardened preferences with our preload, hidden until ready, titled', () => {
    const { win } = create(true)
    expect(win.options).toMatchObject({ show: false, title: 'Generation Studio', width: 1280, height: 820 })
    expect(win.options.webPreferences).toStrictEqual(
      hardenedWebPreferences({ preload: '/app/out/preload/index.cjs', isPackaged: true })
    )
    expect(win.options.webPreferences).toMatchObject({
      sandbox: true,
      contextIsolation: true,
      nodeIntegration: false,
      devTools: false
    })
    expect(Object.isFrozen(win.options.webPreferences)).toBe(true)
    expect(win.show).not.toHaveBeenCalled()
    win.emit('ready-to-show')
    expect(win.show).toHaveBeenCalledTimes(1)
  })

  it('loads the app:// entry and is registered as ours before loading', () => {
    const { win, windows } = create()
    expect(win.loadURL).toHaveBeenCalledWith('app://bundle/index.html')
    expect(windows.has(win.webContents)).toBe(true)
  })

  it('paints the background of the system theme, and follows it', () => {
    state.dark = true
    const { win } = create()
    expect(win.options.backgroundColor).toBe(windowBackground(true))
    state.dark = false
    nativeTheme.emit('updated')
    expect(win.setBackgroundColor).toHaveBeenCalledWith(windowBackground(false))
    win.emit('closed')
    expect(nativeTheme.listenerCount('updated')).toBe(state.windows.length - 1)
  })

  it('can be brought back from the dock by a second launch', () => {
    const { win } = create()
    win.minimized = true
    focusWindow(win as never)
    expect(win.restore).toHaveBeenCalled()
    expect(win.show).toHaveBeenCalled()
    expect(win.focus).toHaveBeenCalled()
  })
})
