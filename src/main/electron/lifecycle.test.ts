import { EventEmitter } from 'node:events'
import { resolve } from 'node:path'
import type { App } from 'electron'
import { describe, expect, it, vi } from 'vitest'
import { claimSingleInstance, disposeBeforeQuit, resolveDataDir } from './lifecycle'
import { fakeEvent } from './testing/fakes'

function fakeApp(lock = true) {
  const app = Object.assign(new EventEmitter(), {
    requestSingleInstanceLock: vi.fn(() => lock),
    quit: vi.fn(),
    getPath: vi.fn(() => '/home/u/.config/Generation Studio'),
    setPath: vi.fn()
  })
  return app
}
const asApp = (a: ReturnType<typeof fakeApp>) => a as unknown as App

describe('single instance', () => {
  it('the second instance quits at once and never hears about other instances', () => {
    const app = fakeApp(false)
    const focusFirst = vi.fn()
    expect(claimSingleInstance(asApp(app), focusFirst)).toBe(false)
    expect(app.quit).toHaveBeenCalledTimes(1)
    expect(app.listenerCount('second-instance')).toBe(0)
  })

  it('the first instance keeps running and focuses itself when a second one starts', () => {
    const app = fakeApp(true)
    const focusFirst = vi.fn()
    expect(claimSingleInstance(asApp(app), focusFirst)).toBe(true)
    expect(app.quit).not.toHaveBeenCalled()
    app.emit('second-instance', fakeEvent({}), ['studio'], '/')
    expect(focusFirst).toHaveBeenCalledTimes(1)
  })
})

describe('data dir', () => {
  it('uses userData by default', () => {
    const app = fakeApp()
    expect(resolveDataDir(asApp(app), undefined)).toBe('/home/u/.config/Generation Studio')
    expect(resolveDataDir(asApp(app), '')).toBe('/home/u/.config/Generation Studio')
    expect(app.setPath).not.toHaveBeenCalled()
  })

  it('moves userData to STUDIO_DATA_DIR (absolute), so the lock and Chromium data follow it', () => {
    const app = fakeApp()
    expect(resolveDataDir(asApp(app), 'tmp/studio-a')).toBe(resolve('tmp/studio-a'))
    expect(app.setPath).toHaveBeenCalledWith('userData', resolve('tmp/studio-a'))
  })
})

describe('dispose before quit', () => {
  it('holds the first quit until the core is disposed, then quits for real', async () => {
    const app = fakeApp()
    let finish!: () => void
    const dispose = vi.fn(() => new Promise<void>((r) => (finish = r)))
    disposeBeforeQuit(asApp(app), dispose)
    const first = fakeEvent({})
    app.emit('before-quit', first)
    expect(first.defaultPrevented).toBe(true)
    // A second quit while disposing is also held, and does not dispose twice.
    const second = fakeEvent({})
    app.emit('before-quit', second)
    expect(second.defaultPrevented).toBe(true)
    await vi.waitFor(() => expect(dispose).toHaveBeenCalledTimes(1))
    expect(app.quit).not.toHaveBeenCalled()
    finish()
    await vi.waitFor(() => expect(app.quit).toHaveBeenCalledTimes(1))
    const last = fakeEvent({})
    app.emit('before-quit', last)
    expect(last.defaultPrevented).toBe(false)
  })

  it('quits anyway when disposing fails or hangs', async () => {
    const failing = fakeApp()
    const log = vi.fn()
    disposeBeforeQuit(asApp(failing), () => Promise.reject(new Error('boom')), log)
    failing.emit('before-quit', fakeEvent({}))
    await vi.waitFor(() => expect(failing.quit).toHaveBeenCalled())
    expect(log).toHaveBeenCalledWith(expect.stringContaining('boom'))

    const hanging = fakeApp()
    disposeBeforeQuit(asApp(hanging), () => new Promise<void>(() => {}), log, 20)
    hanging.emit('before-quit', fakeEvent({}))
    await vi.waitFor(() => expect(hanging.quit).toHaveBeenCalled())
  })

  it('quits at once when there is no core yet', async () => {
    const app = fakeApp()
    disposeBeforeQuit(asApp(app), () => undefined)
    app.emit('before-quit', fakeEvent({}))
    await vi.waitFor(() => expect(app.quit).toHaveBeenCalled())
  })
})
