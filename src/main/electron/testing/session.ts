/**
 * A Session's permission handlers, driven the way Electron 45 documents them (https://www.electronjs.org/docs/latest/api/session,
 * `ses.setPermissionRequestHandler` / `ses.setPermissionCheckHandler`; typings of electron 45.4.1).
 * Tests install the real handlers on it and then ask what a page, a sub frame or a foreign page would get.
 */

type PermissionRequestHandler = (
  wc: unknown,
  permission: string,
  callback: (granted: boolean) => void,
  details: { requestingUrl?: string; isMainFrame?: boolean }
) => void
type PermissionCheckHandler = (
  wc: unknown,
  permission: string,
  requestingOrigin: string,
  details: { isMainFrame?: boolean; requestingUrl?: string; embeddingOrigin?: string }
) => boolean

/** Who is asking, as Electron describes the frame to the handlers. */
export interface Asker {
  /** The last URL the requesting frame loaded (PermissionRequest.requestingUrl). */
  url: string
  /** "Whether the frame making the request is the main frame" (PermissionRequest.isMainFrame). */
  isMainFrame?: boolean
  /** The top page's origin when the asker is a cross-origin sub frame. */
  embeddingOrigin?: string
}

const originOf = (url: string): string => {
  const m = /^([a-z][a-z0-9+.-]*:\/\/[^/?#]*)/i.exec(url)
  return m ? m[1] : 'null'
}

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

  /**
   * The check handler as Electron calls it. Docs: "All cross origin sub frames making permission checks
   * will pass a `null` webContents to this handler"; `embeddingOrigin` is "only set for cross-origin sub
   * frames"; `requestingUrl` "is not provided for cross-origin sub frames".
   */
  check(permission: string, asker: Asker, contents: unknown = {}): boolean {
    // Docs: "Sets the handler ... To clear the handler, call setPermissionCheckHandler(null)"; with no
    // handler Electron allows (its default is to grant every permission).
    if (!this.checkHandler) return true
    const crossOriginSubFrame = asker.embeddingOrigin !== undefined && asker.embeddingOrigin !== originOf(asker.url)
    return this.checkHandler(crossOriginSubFrame ? null : contents, permission, originOf(asker.url), {
      isMainFrame: asker.isMainFrame ?? false,
      ...(crossOriginSubFrame ? { embeddingOrigin: asker.embeddingOrigin } : { requestingUrl: asker.url })
    })
  }

  /** The request handler as Electron calls it; throws when the handler never answers (a hung page). */
  request(permission: string, asker: Asker, contents: unknown = {}): boolean {
    if (!this.requestHandler) return true
    let answer: boolean | undefined
    this.requestHandler(contents, permission, (granted) => (answer = granted), {
      requestingUrl: asker.url,
      isMainFrame: asker.isMainFrame ?? false
    })
    if (answer === undefined) throw new Error('the request handler never answered')
    return answer
  }

  /**
   * What a web API gets. Docs (setPermissionRequestHandler): "Please note that you must also implement
   * setPermissionCheckHandler to get complete permission handling. Most web APIs do a permission check
   * and then make a permission request if the check is denied."
   */
  pageAsks(permission: string, asker: Asker): boolean {
    return this.check(permission, asker) || this.request(permission, asker)
  }
}
