import { EventEmitter } from 'node:events'
import type { WebContents } from 'electron'

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

type PermissionRequestHandler = (wc: unknown, permission: string, callback: (granted: boolean) => void, details: { requestingUrl?: string }) => void
type PermissionCheckHandler = (wc: unknown, permission: string, origin: string, details: object) => boolean

/** The parts of a Session the hardening touches, recording the handlers it installs. */
export class FakeSession {
  requestHandler: PermissionRequestHandler | null = null
  checkHandler: PermissionCheckHandler | null = null
  deviceHandler: ((details: object) => boolean) | null = null
  setPermissionRequestHandler(h: PermissionRequestHandler | null) {
    this.requestHandler = h
  }
  setPermissionCheckHandler(h: PermissionCheckHandler | null) {
    this.checkHandler = h
  }
  setDevicePermissionHandler(h: ((details: object) => boolean) | null) {
    this.deviceHandler = h
  }
}

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
