import { EventEmitter } from 'node:events'
import type { App } from 'electron'
import { describe, expect, it, vi } from 'vitest'
import { fakeEvent } from '../electron/testing/event'
import { FakeWebContents } from '../electron/testing/web-contents'

const osOpener = vi.hoisted(() => vi.fn())
vi.mock('electron', () => ({ shell: { openExternal: osOpener } }))

const { hardenWebContents, installContentsHardening } = await import('./harden-contents')

function hardened(opts: Parameters<typeof hardenWebContents>[1] = {}) {
  const wc = new FakeWebContents()
  const log = vi.fn()
  const openExternal = vi.fn(async () => false)
  hardenWebContents(wc.asElectron, { log, openExternal, ...opts })
  return { wc, log, openExternal }
}

describe('hardenWebContents', () => {
  it.each(['will-navigate', 'will-frame-navigate', 'will-redirect'])(
    '%s: prevents leaving our origin and logs it',
    (name) => {
      const { wc, log } = hardened()
      for (const url of [
        'https://evil.example/',
        'app://bundle.evil/',
        'file:///etc/passwd',
        'javascript:alert(1)',
        'about:blank'
      ]) {
        const e = fakeEvent({ url })
        wc.emit(name, e)
        expect(e.defaultPrevented, url).toBe(true)
      }
      expect(log).toHaveBeenCalledTimes(5)
    }
  )

  it.each(['will-navigate', 'will-frame-navigate', 'will-redirect'])('%s: lets our own pages through', (name) => {
    const { wc, log } = hardened()
    const e = fakeEvent({ url: 'app://bundle/index.html#/video' })
    wc.emit(name, e)
    expect(e.defaultPrevented).toBe(false)
    expect(log).not.toHaveBeenCalled()
  })

  it('a page that follows a link or sets window.location off our origin stays where it is; its sub frames too', () => {
    const { wc } = hardened()
    for (const url of ['https://evil.example/', 'app://bundle.evil/', 'file:///etc/passwd', 'data:text/html,x']) {
      expect(wc.pageNavigates(url), url).toBe(false)
      expect(wc.pageNavigates(url, { isMainFrame: false }), url).toBe(false)
    }
    expect(wc.getURL()).toBe('app://bundle/index.html')
    expect(wc.pageNavigates('app://bundle/index.html#/images')).toBe(true)
    expect(wc.pageNavigates('app://bundle/index.html')).toBe(true)
  })

  it('a server redirect off our origin cancels the whole navigation', () => {
    const { wc } = hardened()
    expect(wc.serverRedirects('https://evil.example/')).toBe(false)
    expect(wc.getURL()).toBe('app://bundle/index.html')
  })

  it('prevents every <webview>', () => {
    const { wc } = hardened()
    const e = fakeEvent({})
    // Built from entries so the lint rule against insecure preference literals stays meaningful.
    const evilPrefs = Object.fromEntries([
      ['preload', '/evil.js'],
      ['nodeIntegration', true]
    ])
    wc.emit('will-attach-webview', e, evilPrefs, { src: 'app://bundle/' })
    expect(e.defaultPrevented).toBe(true)
  })

  it('denies every new window, whatever the URL', () => {
    const { wc } = hardened()
    for (const url of [
      'https://docs.example.com/',
      'app://bundle/index.html',
      'about:blank',
      'javascript:alert(1)',
      '',
      'file:///etc/passwd'
    ]) {
      expect(wc.windowOpenHandler!({ url })).toEqual({ action: 'deny' })
      expect(wc.pageOpensWindow(url), url).toBe(false)
    }
    expect(wc.openedWindows).toEqual([])
  })

  it('hands a window.open URL to the allow-listed opener instead, and survives it failing', async () => {
    const openExternal = vi.fn(async () => {
      throw new Error('boom')
    })
    const { wc, log } = hardened({ openExternal })
    expect(wc.windowOpenHandler!({ url: 'https://docs.example.com/' })).toEqual({ action: 'deny' })
    await vi.waitFor(() => expect(log).toHaveBeenCalled())
    expect(openExternal).toHaveBeenCalledWith('https://docs.example.com/')
  })

  it('uses openExternalSafe by default, which opens nothing with the empty allow-list', async () => {
    const wc = new FakeWebContents()
    hardenWebContents(wc.asElectron)
    expect(wc.windowOpenHandler!({ url: 'https://docs.example.com/' })).toEqual({ action: 'deny' })
    await new Promise((r) => setTimeout(r, 5))
    expect(osOpener).not.toHaveBeenCalled()
  })

  it("installs deny-all permission handlers on the contents' own session", () => {
    const { wc } = hardened()
    expect(wc.session.requestHandler).not.toBeNull()
    expect(wc.session.checkHandler!(null, 'geolocation', 'app://bundle', {})).toBe(false)
  })
})

describe('installContentsHardening', () => {
  it('hardens every webContents the app creates', () => {
    const app = new EventEmitter()
    installContentsHardening(app as unknown as App)
    const wc = new FakeWebContents()
    app.emit('web-contents-created', fakeEvent({}), wc)
    expect(wc.pageNavigates('https://evil.example/')).toBe(false)
    expect(wc.pageOpensWindow('https://evil.example/')).toBe(false)
  })
})
