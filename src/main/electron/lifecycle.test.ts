import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join, resolve } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { APP_ID, PRODUCT_NAME } from './app-identity'
import { applyAppIdentity, claimSingleInstance, disposeBeforeQuit, resolveDataDir } from './lifecycle'
import { FakeApp, PACKAGE_JSON } from './testing/app'
import { fakeEvent } from './testing/fakes'

afterEach(() => FakeApp.releaseAllLocks())

const pkg = JSON.parse(readFileSync(PACKAGE_JSON, 'utf8')) as { name: string; productName?: string; appId?: string }
const builderConfig = createRequire(import.meta.url)('../../../electron-builder.config.cjs') as {
  appId: string
  productName: string
}

describe('the app identity (package.json is its one source)', () => {
  it('names the app "Generation Studio", so userData, the keychain item and the window are not the package name', () => {
    const app = new FakeApp()
    expect(app.getName()).toBe('Generation Studio')
    expect(resolveDataDir(app.asElectron, undefined)).toBe(join('/home/u/.config', 'Generation Studio'))
    expect(PRODUCT_NAME).toBe('Generation Studio')
    // Without productName, Electron would fall back to the npm name for all of them.
    expect(new FakeApp({ name: pkg.name }).getPath('userData')).toBe(join('/home/u/.config', 'generation-studio'))
  })

  it('electron-builder packages with the same productName and appId', () => {
    expect(builderConfig.productName).toBe(pkg.productName)
    expect(builderConfig.appId).toBe(pkg.appId)
    expect(APP_ID).toBe('studio.generation.desktop')
    expect(APP_ID).toBe(builderConfig.appId)
  })

  it("sets the Windows AppUserModelID to electron-builder's appId (the shortcut's), and touches nothing elsewhere", () => {
    const win = new FakeApp()
    applyAppIdentity(win.asElectron, 'win32')
    expect(win.appUserModelId).toBe(builderConfig.appId)
    for (const platform of ['linux', 'darwin'] as const) {
      const other = new FakeApp()
      applyAppIdentity(other.asElectron, platform)
      expect(other.appUserModelId).toBeUndefined()
    }
  })
})

describe('single instance', () => {
  it('the second instance quits at once and never hears about other instances; the first is told', () => {
    const first = new FakeApp()
    const focusFirst = vi.fn()
    expect(claimSingleInstance(first.asElectron, focusFirst)).toBe(true)
    const second = new FakeApp()
    expect(claimSingleInstance(second.asElectron, vi.fn())).toBe(false)
    expect(second.quits).toBe(1)
    expect(second.listenerCount('second-instance')).toBe(0)
    expect(first.quits).toBe(0)
    expect(focusFirst).toHaveBeenCalledTimes(1)
  })

  it('two data dirs are two independent instances (the lock lives in userData)', () => {
    const a = new FakeApp()
    resolveDataDir(a.asElectron, '/tmp/studio-a')
    const b = new FakeApp()
    resolveDataDir(b.asElectron, '/tmp/studio-b')
    expect(claimSingleInstance(a.asElectron, vi.fn())).toBe(true)
    expect(claimSingleInstance(b.asElectron, vi.fn())).toBe(true)
  })

  it('the first instance keeps running and focuses itself when a second one starts', () => {
    const app = new FakeApp()
    const focusFirst = vi.fn()
    expect(claimSingleInstance(app.asElectron, focusFirst)).toBe(true)
    app.emit('second-instance', fakeEvent({}), ['studio'], '/', {})
    expect(focusFirst).toHaveBeenCalledTimes(1)
  })
})

describe('data dir', () => {
  it('uses userData by default', () => {
    const app = new FakeApp()
    const setPath = vi.spyOn(app, 'setPath')
    expect(resolveDataDir(app.asElectron, undefined)).toBe(app.getPath('userData'))
    expect(resolveDataDir(app.asElectron, '')).toBe(app.getPath('userData'))
    expect(setPath).not.toHaveBeenCalled()
  })

  it('moves userData to STUDIO_DATA_DIR (absolute), so the lock and Chromium data follow it', () => {
    const app = new FakeApp()
    expect(resolveDataDir(app.asElectron, 'tmp/studio-a')).toBe(resolve('tmp/studio-a'))
    expect(app.getPath('userData')).toBe(resolve('tmp/studio-a'))
  })
})

describe('dispose before quit', () => {
  it('holds the first quit until the core is disposed, then quits for real', async () => {
    const app = new FakeApp()
    let finish!: () => void
    const dispose = vi.fn(() => new Promise<void>((r) => (finish = r)))
    disposeBeforeQuit(app.asElectron, dispose)
    const first = fakeEvent({})
    app.emit('before-quit', first)
    expect(first.defaultPrevented).toBe(true)
    // A second quit while disposing is also held, and does not dispose twice.
    const second = fakeEvent({})
    app.emit('before-quit', second)
    expect(second.defaultPrevented).toBe(true)
    await vi.waitFor(() => expect(dispose).toHaveBeenCalledTimes(1))
    expect(app.quits).toBe(0)
    finish()
    await vi.waitFor(() => expect(app.quits).toBe(1))
    const last = fakeEvent({})
    app.emit('before-quit', last)
    expect(last.defaultPrevented).toBe(false)
  })

  it('quits anyway when disposing fails or hangs', async () => {
    const failing = new FakeApp()
    const log = vi.fn()
    disposeBeforeQuit(failing.asElectron, () => Promise.reject(new Error('boom')), log)
    failing.emit('before-quit', fakeEvent({}))
    await vi.waitFor(() => expect(failing.quits).toBeGreaterThan(0))
    expect(log).toHaveBeenCalledWith(expect.stringContaining('boom'))

    const hanging = new FakeApp()
    disposeBeforeQuit(hanging.asElectron, () => new Promise<void>(() => {}), log, 20)
    hanging.emit('before-quit', fakeEvent({}))
    await vi.waitFor(() => expect(hanging.quits).toBeGreaterThan(0))
  })

  it('quits at once when there is no core yet', async () => {
    const app = new FakeApp()
    disposeBeforeQuit(app.asElectron, () => undefined)
    app.emit('before-quit', fakeEvent({}))
    await vi.waitFor(() => expect(app.quits).toBe(1))
  })
})
