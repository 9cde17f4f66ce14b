import { describe, expect, it } from 'vitest'
import { afterElectronExit, fallbackLine, findElectronBinary, hostMode, lastLine } from './launch-decision.mjs'

describe('hostMode', () => {
  it('reads STUDIO_HOST: unset tries Electron first, browser and electron force a shell', () => {
    expect(hostMode({})).toEqual({ mode: 'auto' })
    expect(hostMode({ STUDIO_HOST: '' })).toEqual({ mode: 'auto' })
    expect(hostMode({ STUDIO_HOST: 'browser' })).toEqual({ mode: 'browser' })
    expect(hostMode({ STUDIO_HOST: ' Electron ' })).toEqual({ mode: 'electron' })
  })

  it('refuses anything else loudly', () => {
    expect(hostMode({ STUDIO_HOST: 'web' })).toEqual({
      error: 'STUDIO_HOST must be "electron" or "browser", got "web"'
    })
  })
})

describe('findElectronBinary', () => {
  const files = (entries: Record<string, string>) => ({
    exists: (p: string) => p in entries,
    readText: (p: string) => entries[p] ?? null
  })

  it('finds the binary named by path.txt under dist/', () => {
    const fs = files({ '/e/package.json': '{}', '/e/path.txt': 'electron\n', '/e/dist/electron': '' })
    expect(findElectronBinary('/e', {}, fs)).toEqual({ ok: true, path: '/e/dist/electron' })
  })

  it('says why when the package, the download or the file is missing', () => {
    expect(findElectronBinary('/e', {}, files({}))).toEqual({
      ok: false,
      reason: 'the electron package is not installed'
    })
    expect(findElectronBinary('/e', {}, files({ '/e/package.json': '{}' }))).toEqual({
      ok: false,
      reason: 'the Electron binary was never downloaded'
    })
    expect(findElectronBinary('/e', {}, files({ '/e/package.json': '{}', '/e/path.txt': 'electron' }))).toEqual({
      ok: false,
      reason: 'the Electron binary is missing from node_modules/electron/dist'
    })
  })

  it('honours ELECTRON_OVERRIDE_DIST_PATH like electron itself does', () => {
    const fs = files({ '/e/package.json': '{}', '/opt/el/electron': '' })
    expect(findElectronBinary('/e', { ELECTRON_OVERRIDE_DIST_PATH: '/opt/el' }, fs)).toEqual({
      ok: true,
      path: '/opt/el/electron'
    })
    expect(findElectronBinary('/e', { ELECTRON_OVERRIDE_DIST_PATH: '/nowhere' }, fs)).toMatchObject({ ok: false })
  })
})

describe('afterElectronExit', () => {
  const base = { mode: 'auto' as const, code: 0, signal: null, elapsedMs: 100, forwarded: false, graceMs: 5000 }

  it('falls back when Electron fails within the grace period in auto mode', () => {
    expect(afterElectronExit({ ...base, code: 1 })).toEqual({
      action: 'fallback',
      reason: 'Electron could not start (it exited with code 1)'
    })
    expect(afterElectronExit({ ...base, code: null, signal: 'SIGTRAP' })).toEqual({
      action: 'fallback',
      reason: 'Electron could not start (it was killed by SIGTRAP)'
    })
    expect(afterElectronExit({ ...base, code: null, spawnError: 'EACCES', elapsedMs: 99_999 })).toMatchObject({
      action: 'fallback'
    })
  })

  it('ends the session when Electron ran and stopped, succeeded, or was stopped by us', () => {
    expect(afterElectronExit({ ...base, code: 1, elapsedMs: 5000 })).toEqual({
      action: 'exit',
      reason: 'Electron stopped: it exited with code 1'
    })
    expect(afterElectronExit({ ...base, code: 0 })).toEqual({ action: 'exit' })
    expect(afterElectronExit({ ...base, code: null, signal: 'SIGINT', forwarded: true })).toEqual({ action: 'exit' })
  })

  it('never falls back when Electron was asked for explicitly', () => {
    expect(afterElectronExit({ ...base, mode: 'electron', code: 1 })).toEqual({
      action: 'exit',
      reason: 'Electron stopped: it exited with code 1'
    })
  })
})

describe('the fallback line', () => {
  it('is one line, quoting what Electron last said, shortened', () => {
    expect(fallbackLine('Electron could not start (it exited with code 1)', 'Missing X server or $DISPLAY')).toBe(
      'Electron could not start (it exited with code 1): Missing X server or $DISPLAY; serving the studio in your browser instead.'
    )
    expect(fallbackLine('Electron is not available (x)')).toBe(
      'Electron is not available (x); serving the studio in your browser instead.'
    )
    expect(fallbackLine('r', 'y'.repeat(500))).toHaveLength(
      'r: '.length + 201 + '; serving the studio in your browser instead.'.length
    )
    expect(lastLine('a\n\n  b  \r\n\n')).toBe('b')
    expect(lastLine('\n')).toBeUndefined()
  })
})
