import type { Session } from 'electron'
import { APP_ORIGIN, hasTrustedOrigin } from './origins'

/** Every permission name Electron 45 can ask about (taken from its typings, so a new one fails to compile here). */
export type PermissionName = Parameters<Parameters<Session['setPermissionRequestHandler']>[0] & object>[1]

/** The only permissions a feature needs: copying text or an image to the clipboard. */
export const ALLOWED_PERMISSIONS: ReadonlySet<string> = new Set<PermissionName>(['clipboard-sanitized-write'])

/** Electron grants every permission by default; this is the one answer to all of them. */
export function isPermissionAllowed(permission: string, requestingUrl: string | undefined, trusted: readonly string[] = [APP_ORIGIN]): boolean {
  return ALLOWED_PERMISSIONS.has(permission) && hasTrustedOrigin(requestingUrl, trusted)
}

/** Installs deny-by-default handlers on a session (idempotent: each call replaces the previous handlers). */
export function installPermissionHandlers(session: Session, trusted: readonly string[] = [APP_ORIGIN]): void {
  session.setPermissionRequestHandler((_contents, permission, callback, details) => {
    callback(isPermissionAllowed(permission, details.requestingUrl, trusted))
  })
  session.setPermissionCheckHandler((_contents, permission, requestingOrigin) => isPermissionAllowed(permission, requestingOrigin, trusted))
  // WebHID / WebSerial / WebUSB device grants bypass the two handlers above.
  session.setDevicePermissionHandler(() => false)
}
