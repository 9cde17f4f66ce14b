import type { Session } from 'electron'
import { APP_ORIGIN, hasTrustedOrigin } from './origins'

/** Every permission name Electron 45 can ask about (taken from its typings, so a new one fails to compile here). */
export type PermissionName = Parameters<Parameters<Session['setPermissionRequestHandler']>[0] & object>[1]

/**
 * The only permissions a feature needs: copying text or an image to the clipboard, and the page's own
 * fullscreen (the <video controls> fullscreen button on video cards and the compare board). Electron
 * routes the Fullscreen API through both handlers as `fullscreen` (session docs: "fullscreen - Request
 * control of the app's fullscreen state via the Fullscreen API"), so denying it made the button do nothing.
 */
export const ALLOWED_PERMISSIONS: ReadonlySet<string> = new Set<PermissionName>([
  'clipboard-sanitized-write',
  'fullscreen'
])

/** Permissions granted to the top-level page only: a frame inside it (none of ours has any) never gets them. */
const MAIN_FRAME_ONLY: ReadonlySet<string> = new Set<PermissionName>(['fullscreen'])

/** Who asks: the requesting URL or origin, and what the handler's details say about the frame. */
export interface PermissionAsker {
  /** `details.requestingUrl` of a request, the `requestingOrigin` of a check. */
  url: string | undefined
  /** `details.isMainFrame`; absent when Electron did not say (treated as not the main frame). */
  isMainFrame?: boolean
  /** A check's `details.embeddingOrigin`: only set for cross-origin sub frames (session docs). */
  embeddingOrigin?: string
}

/** Electron grants every permission by default; this is the one answer to all of them. */
export function isPermissionAllowed(
  permission: string,
  asker: PermissionAsker | string | undefined,
  trusted: readonly string[] = [APP_ORIGIN]
): boolean {
  const who: PermissionAsker = typeof asker === 'object' ? asker : { url: asker }
  if (!ALLOWED_PERMISSIONS.has(permission) || !hasTrustedOrigin(who.url, trusted)) return false
  if (MAIN_FRAME_ONLY.has(permission)) return who.isMainFrame === true && who.embeddingOrigin === undefined
  return true
}

/** Installs deny-by-default handlers on a session (idempotent: each call replaces the previous handlers). */
export function installPermissionHandlers(session: Session, trusted: readonly string[] = [APP_ORIGIN]): void {
  session.setPermissionRequestHandler((_contents, permission, callback, details) => {
    callback(isPermissionAllowed(permission, { url: details.requestingUrl, isMainFrame: details.isMainFrame }, trusted))
  })
  // The check handler answers the synchronous questions (document.fullscreenEnabled, a clipboard
  // write's check) the same way, so the page never sees "allowed" from one handler and "denied" from the other.
  session.setPermissionCheckHandler((_contents, permission, requestingOrigin, details) =>
    isPermissionAllowed(
      permission,
      { url: requestingOrigin, isMainFrame: details.isMainFrame, embeddingOrigin: details.embeddingOrigin },
      trusted
    )
  )
  // WebHID / WebSerial / WebUSB device grants bypass the two handlers above.
  session.setDevicePermissionHandler(() => false)
}
