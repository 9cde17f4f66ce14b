import { EventEmitter } from 'node:events'
import type { IpcMain, IpcMainInvokeEvent, WebContents } from 'electron'
import { vi } from 'vitest'
import type { Result } from '@shared/errors'
import { WindowRegistry } from '../window-registry'
import { FakeSession } from './session'

/** An Electron-style event: the listener may cancel the default action. */
export function fakeEvent<T extends object>(fields: T): T & { defaultPrevented: boolean; preventDefault(): void } {
  const e = {
    ...fields,
    defaultPrevented: false,
    preventDefault() {
      e.defaultPrevented = true
    }
  }
  return e
}

/** The session fake lives in session.ts (one file per Electron API); kept here for the tests that import it from fakes. */
export { FakeSession }

export interface FakeFrame {
  url: string
}

let nextId = 1

/** A webContents with a main frame, an event emitter, and recorded sends. */
export class FakeWebContents extends EventEmitter {
  readonly id = nextId++
  readonly session = new FakeSession()
  readonly mainFrame: FakeFrame
  readonly sent: Array<[string, unknown]> = []
  destroyed = false
  windowOpenHandler: ((details: { url: string }) => { action: string }) | null = null

  constructor(url = 'app://bundle/index.html') {
    super()
    this.mainFrame = { url }
  }
  setWindowOpenHandler(h: (details: { url: string }) => { action: string }) {
    this.windowOpenHandler = h
  }
  getURL() {
    return this.mainFrame.url
  }
  send(channel: string, payload: unknown) {
    this.sent.push([channel, payload])
  }
  isDestroyed() {
    return this.destroyed
  }
  destroy() {
    this.destroyed = true
    this.emit('destroyed')
  }
  /** Typed as Electron's, for code that takes a WebContents. */
  get asElectron(): WebContents {
    return this as unknown as WebContents
  }
}

type InvokeHandler = (event: IpcMainInvokeEvent, input: unknown) => Promise<Result<unknown>>

/**
 * An ipcMain that keeps its handlers in a map, and a window registry holding one studio window on
 * app://bundle: what every IPC registration test starts from.
 */
export function fakeIpcSetup() {
  const handlers = new Map<string, InvokeHandler>()
  const ipcMain = {
    handle: vi.fn((channel: string, fn: InvokeHandler) => handlers.set(channel, fn)),
    removeHandler: vi.fn((channel: string) => handlers.delete(channel))
  }
  const windows = new WindowRegistry()
  const ours = new FakeWebContents('app://bundle/index.html')
  windows.add(ours.asElectron)
  const call = (channel: string, event: unknown, input?: unknown) => handlers.get(channel)!(event as IpcMainInvokeEvent, input)
  return { handlers, ipcMain, asIpcMain: ipcMain as unknown as IpcMain, windows, ours, log: vi.fn(), call }
}
