import type { Session } from 'electron'
import { describe, expect, it } from 'vitest'
import { FakeSession } from '../electron/testing/fakes'
import { installPermissionHandlers, isPermissionAllowed, type PermissionName } from './permissions'

/** Every name in Electron 45's typings; `satisfies` keeps the list honest against them. */
const ALL_PERMISSIONS = [
  'ar', 'automatic-fullscreen', 'background-fetch', 'background-sync', 'captured-surface-control', 'clipboard-read',
  'clipboard-sanitized-write', 'deprecated-sync-clipboard-read', 'display-capture', 'fileSystem', 'fullscreen', 'geolocation',
  'geolocation-approximate', 'hand-tracking', 'hid', 'idle-detection', 'keyboardLock', 'local-fonts', 'local-network',
  'local-network-access', 'loopback-network', 'media', 'mediaKeySystem', 'midi', 'midiSysex', 'nfc', 'notifications',
  'openExternal', 'payment-handler', 'periodic-background-sync', 'persistent-storage', 'pointerLock', 'screen-wake-lock',
  'sensors', 'serial', 'smart-card', 'speaker-selection', 'storage-access', 'system-wake-lock', 'top-level-storage-access',
  'usb', 'vr', 'web-app-installation', 'web-printing', 'window-management', 'unknown'
] satisfies PermissionName[]
const DENIED = ALL_PERMISSIONS.filter((p) => p !== 'clipboard-sanitized-write')

function installed() {
  const session = new FakeSession()
  installPermissionHandlers(session as unknown as Session)
  return session
}

function request(session: FakeSession, permission: string, requestingUrl = 'app://bundle/index.html'): boolean {
  let answer: boolean | undefined
  session.requestHandler!(null, permission, (granted) => (answer = granted), { requestingUrl })
  if (answer === undefined) throw new Error('the request handler never answered')
  return answer
}

describe('permission handlers', () => {
  it.each(DENIED)('deny the request and the check for %s, even from our own page', (permission) => {
    const session = installed()
    expect(request(session, permission)).toBe(false)
    expect(session.checkHandler!(null, permission, 'app://bundle', { isMainFrame: true })).toBe(false)
  })

  it('allow only a sanitized clipboard write, and only from our own origin', () => {
    const session = installed()
    expect(request(session, 'clipboard-sanitized-write')).toBe(true)
    expect(session.checkHandler!(null, 'clipboard-sanitized-write', 'app://bundle/', { isMainFrame: true })).toBe(true)
    expect(request(session, 'clipboard-sanitized-write', 'https://evil.example/')).toBe(false)
    expect(session.checkHandler!(null, 'clipboard-sanitized-write', 'app://bundle.evil', { isMainFrame: false })).toBe(false)
    expect(session.checkHandler!(null, 'clipboard-sanitized-write', '', { isMainFrame: true })).toBe(false)
  })

  it('deny names Electron does not know yet', () => {
    const session = installed()
    for (const p of ['camera', 'microphone', 'clipboard-write', 'CLIPBOARD-SANITIZED-WRITE', '', '__proto__']) {
      expect(request(session, p)).toBe(false)
      expect(isPermissionAllowed(p, 'app://bundle/')).toBe(false)
    }
  })

  it('deny every device grant (WebHID, WebSerial, WebUSB)', () => {
    expect(installed().deviceHandler!({ deviceType: 'usb', origin: 'app://bundle' })).toBe(false)
  })
})
