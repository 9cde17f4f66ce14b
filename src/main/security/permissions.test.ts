import type { Session } from 'electron'
import { describe, expect, it } from 'vitest'
import { FakeSession } from '../electron/testing/session'
import { installPermissionHandlers, isPermissionAllowed, type PermissionName } from './permissions'

/** Every name in Electron 45's typings; `satisfies` keeps the list honest against them. */
const ALL_PERMISSIONS = [
  'ar',
  'automatic-fullscreen',
  'background-fetch',
  'background-sync',
  'captured-surface-control',
  'clipboard-read',
  'clipboard-sanitized-write',
  'deprecated-sync-clipboard-read',
  'display-capture',
  'fileSystem',
  'fullscreen',
  'geolocation',
  'geolocation-approximate',
  'hand-tracking',
  'hid',
  'idle-detection',
  'keyboardLock',
  'local-fonts',
  'local-network',
  'local-network-access',
  'loopback-network',
  'media',
  'mediaKeySystem',
  'midi',
  'midiSysex',
  'nfc',
  'notifications',
  'openExternal',
  'payment-handler',
  'periodic-background-sync',
  'persistent-storage',
  'pointerLock',
  'screen-wake-lock',
  'sensors',
  'serial',
  'smart-card',
  'speaker-selection',
  'storage-access',
  'system-wake-lock',
  'top-level-storage-access',
  'usb',
  'vr',
  'web-app-installation',
  'web-printing',
  'window-management',
  'unknown'
] satisfies PermissionName[]
const GRANTED = ['clipboard-sanitized-write', 'fullscreen']
const DENIED = ALL_PERMISSIONS.filter((p) => !GRANTED.includes(p))

const OURS = { url: 'app://bundle/index.html', isMainFrame: true }

function installed(trusted?: readonly string[]) {
  const session = new FakeSession()
  installPermissionHandlers(session as unknown as Session, trusted)
  return session
}

describe('permission handlers', () => {
  it.each(DENIED)('deny the request and the check for %s, even from our own page', (permission) => {
    const session = installed()
    expect(session.request(permission, OURS)).toBe(false)
    expect(session.check(permission, OURS)).toBe(false)
    expect(session.pageAsks(permission, OURS)).toBe(false)
  })

  it('allow only a sanitized clipboard write, and only from our own origin', () => {
    const session = installed()
    expect(session.pageAsks('clipboard-sanitized-write', OURS)).toBe(true)
    expect(session.check('clipboard-sanitized-write', { url: 'app://bundle/' })).toBe(true)
    expect(session.request('clipboard-sanitized-write', { url: 'https://evil.example/', isMainFrame: true })).toBe(
      false
    )
    expect(session.check('clipboard-sanitized-write', { url: 'app://bundle.evil/' })).toBe(false)
    expect(session.checkHandler!(null, 'clipboard-sanitized-write', '', { isMainFrame: true })).toBe(false)
  })

  it('let the studio page enter fullscreen (the <video controls> button), through the check and the request alike', () => {
    const session = installed()
    expect(session.check('fullscreen', OURS)).toBe(true)
    expect(session.request('fullscreen', OURS)).toBe(true)
    expect(session.pageAsks('fullscreen', OURS)).toBe(true)
    // The unpackaged build's dev server is one of our pages too, when the shell trusts it.
    const dev = installed(['app://bundle', 'http://localhost:5173'])
    expect(dev.pageAsks('fullscreen', { url: 'http://localhost:5173/', isMainFrame: true })).toBe(true)
  })

  it.each([
    ['a foreign page', { url: 'https://evil.example/', isMainFrame: true }],
    ['a look-alike origin', { url: 'app://bundle.evil/index.html', isMainFrame: true }],
    ['an opaque page', { url: 'data:text/html,<video controls>', isMainFrame: true }],
    ['a frame inside our page', { url: 'app://bundle/frame.html', isMainFrame: false }],
    [
      'a foreign frame inside our page',
      { url: 'https://evil.example/', isMainFrame: false, embeddingOrigin: 'app://bundle' }
    ],
    ['the dev server in a build that does not trust it', { url: 'http://localhost:5173/', isMainFrame: true }]
  ])('refuse fullscreen to %s', (_what, asker) => {
    const session = installed()
    expect(session.check('fullscreen', asker)).toBe(false)
    expect(session.request('fullscreen', asker)).toBe(false)
    expect(session.pageAsks('fullscreen', asker)).toBe(false)
  })

  it('refuse fullscreen to a check that does not say it comes from the main frame', () => {
    expect(isPermissionAllowed('fullscreen', 'app://bundle/index.html')).toBe(false)
    expect(
      isPermissionAllowed('fullscreen', { url: 'app://bundle', isMainFrame: true, embeddingOrigin: 'app://bundle' })
    ).toBe(false)
  })

  it('deny names Electron does not know yet', () => {
    const session = installed()
    for (const p of [
      'camera',
      'microphone',
      'clipboard-write',
      'CLIPBOARD-SANITIZED-WRITE',
      'FULLSCREEN',
      '',
      '__proto__'
    ]) {
      expect(session.request(p, OURS)).toBe(false)
      expect(isPermissionAllowed(p, 'app://bundle/')).toBe(false)
    }
  })

  it('deny every device grant (WebHID, WebSerial, WebUSB)', () => {
    expect(installed().deviceHandler!({ deviceType: 'usb', origin: 'app://bundle' })).toBe(false)
  })
})
