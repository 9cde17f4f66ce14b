/**
 * A webContents with its main frame, recorded sends, and the navigation events Electron 45 documents
 * (https://www.electronjs.org/docs/latest/api/web-contents), driven by what the page or the server does:
 *
 * - 'will-navigate': "Emitted when a user or the page wants to start navigation on the main frame ... This
 *   event will not emit when the navigation is started programmatically with APIs like webContents.loadURL
 *   ... It is also not emitted for in-page navigations, such as clicking anchor links or updating the
 *   window.location.hash ... Calling event.preventDefault() will prevent the navigation."
 * - 'will-frame-navigate': "fired when the main frame or any of its subframes attempts to navigate. When
 *   the navigation event comes from the main frame, isMainFrame will be true."
 * - 'will-redirect': "Emitted when a server side redirect occurs during navigation ... Calling
 *   event.preventDefault() will prevent the navigation (not just the redirect)."
 * - setWindowOpenHandler: "When set to { action: 'deny' } cancels the creation of the new window.
 *   { action: 'allow' } will allow the new window to be created. Returning an unrecognized value ... will
 *   have the same effect as returning {action: 'deny'}." With no handler, the window is created.
 */
import { EventEmitter } from 'node:events'
import type { WebContents } from 'electron'
import { fakeEvent } from './event'
import { FakeSession } from './session'

export interface FakeFrame {
  url: string
}

type WindowOpenDetails = { url: string; frameName?: string; features?: string; disposition?: string }

let nextId = 1

const withoutHash = (url: string) => url.replace(/#.*$/, '')

export class FakeWebContents extends EventEmitter {
  readonly id = nextId++
  readonly session = new FakeSession()
  readonly mainFrame: FakeFrame
  readonly sent: Array<[string, unknown]> = []
  destroyed = false
  windowOpenHandler: ((details: WindowOpenDetails) => { action: string }) | null = null
  /** Windows created by window.open that the handler let through. */
  readonly openedWindows: string[] = []

  constructor(url = 'app://bundle/index.html') {
    super()
    this.mainFrame = { url }
  }
  setWindowOpenHandler(h: (details: WindowOpenDetails) => { action: string }) {
    this.windowOpenHandler = h
  }
  getURL() {
    return this.mainFrame.url
  }
  /** Programmatic navigation: no will-navigate / will-frame-navigate (docs). */
  loadURL(url: string) {
    this.mainFrame.url = url
    return Promise.resolve()
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

  /**
   * The page (a link, window.location) navigates its main frame, or a sub frame. Returns whether the
   * navigation went ahead. An in-page navigation (only the hash changes) emits nothing.
   */
  pageNavigates(url: string, opts: { isMainFrame?: boolean } = {}): boolean {
    const isMainFrame = opts.isMainFrame ?? true
    if (isMainFrame && withoutHash(url) === withoutHash(this.mainFrame.url) && url.includes('#')) {
      this.mainFrame.url = url
      return true
    }
    const details = {
      url,
      isSameDocument: false,
      isMainFrame,
      frame: isMainFrame ? this.mainFrame : { url: 'about:blank' },
      initiator: null
    }
    const frameEvent = fakeEvent({ ...details })
    this.emit('will-frame-navigate', frameEvent)
    let prevented = frameEvent.defaultPrevented
    if (isMainFrame) {
      const mainEvent = fakeEvent({ ...details })
      this.emit('will-navigate', mainEvent)
      prevented ||= mainEvent.defaultPrevented
    }
    if (prevented) return false
    if (isMainFrame) this.mainFrame.url = url
    return true
  }

  /** The server answers the navigation to `from` with a redirect to `to`. Returns whether it went ahead. */
  serverRedirects(to: string, opts: { isMainFrame?: boolean } = {}): boolean {
    const isMainFrame = opts.isMainFrame ?? true
    const e = fakeEvent({ url: to, isSameDocument: false, isMainFrame })
    this.emit('will-redirect', e)
    if (e.defaultPrevented) return false
    if (isMainFrame) this.mainFrame.url = to
    return true
  }

  /** The page calls window.open(url) (or a target=_blank link). Returns whether a window was created. */
  pageOpensWindow(url: string, details: Partial<WindowOpenDetails> = {}): boolean {
    if (!this.windowOpenHandler) {
      this.openedWindows.push(url)
      return true
    }
    const answer: unknown = this.windowOpenHandler({
      url,
      frameName: '',
      features: '',
      disposition: 'foreground-tab',
      ...details
    })
    const allowed = typeof answer === 'object' && answer !== null && (answer as { action?: unknown }).action === 'allow'
    if (allowed) this.openedWindows.push(url)
    return allowed
  }

  /** Typed as Electron's, for code that takes a WebContents. */
  get asElectron(): WebContents {
    return this as unknown as WebContents
  }
}
