/**
 * Electron 45's `protocol` for the schemes the shell registers, as documented (https://www.electronjs.org/docs/latest/api/protocol,
 * as shipped in electron@45.4.1's electron.d.ts) and as lib/browser/api/protocol.ts and
 * shell/browser/net/electron_url_loader_factory.cc implement it where the docs are silent.
 *
 * What a handler receives. `protocol.handle(scheme, handler)`: "handler Function<GlobalRequest>", and
 * "In addition to the standard Request fields, request.initiatorOrigin is set to the origin that issued
 * the request (for example https://example.com, or null for an opaque origin) when web content made it;
 * it is absent for requests the browser started itself. Unlike request.referrer it is not controlled by
 * the requesting page" (ProtocolRequest gains the same field: https://www.electronjs.org/docs/latest/api/structures/protocol-request).
 * No webContents or frame. Electron deletes an `origin: null` header first ("filters an illegal origin:
 * null header", spec/api-protocol-spec.ts). Which headers a page's request carries is decided outside
 * the handler and cannot be known without a binary; this fake follows the sources:
 * - `Origin` is appended by the network service's CorsURLLoader, which custom-scheme subresource loads
 *   bypass ("Subresource requests for registered custom protocols reach ElectronURLLoaderFactory via the
 *   renderer's per-scheme URLLoaderFactoryBundle entry, which bypasses the network service's
 *   CorsURLLoaderFactory", electron/electron#51152): a page's GET arrives without one.
 * - The referrer is stripped by Blink unless the page's scheme may be a referrer (http, https; Electron
 *   registers no custom scheme for it): from app:// pages it is '' (electron/electron#14747); from an
 *   http(s) page it is the page's origin for a cross-origin request (strict-origin-when-cross-origin),
 *   or '' when the page asks for no referrer.
 * - electron/electron#51152: a cross-origin `mode: cors` request to a scheme without `corsEnabled` fails
 *   before the handler runs, and a cross-origin `no-cors` answer is opaque (not readable by script). A
 *   `corsEnabled` scheme's answers are readable by every origin: no Access-Control-Allow-Origin is
 *   checked (the suite's "does not affect cross-origin fetch to a corsEnabled scheme", #52498).
 *
 * What a handler may answer: "Either a Response or a Promise<Response> can be returned"; Electron checks
 * that `status` is a number, `headers` an object and `body` null or a ReadableStream, answers
 * net::ERR_UNEXPECTED otherwise (and when the handler throws), net::ERR_FAILED for Response.error().
 */

export interface SchemePrivileges {
  standard?: boolean
  secure?: boolean
  supportFetchAPI?: boolean
  corsEnabled?: boolean
  stream?: boolean
  codeCache?: boolean
  bypassCSP?: boolean
}

export interface PageRequest {
  /** The requesting document's URL. */
  pageUrl: string
  /** Who started the load: the page (the default), or the browser itself (loadURL, a download): no initiator. */
  startedBy?: 'page' | 'browser'
  /** The document is in a sandboxed frame (no allow-same-origin): its origin is opaque, whatever its URL. */
  sandboxed?: boolean
  /** The page asked for no referrer (referrerPolicy "no-referrer"), which any page may do. */
  noReferrer?: boolean
  /** `cors` for fetch() and crossOrigin media, `no-cors` for a plain <img> or <video>. */
  mode?: 'cors' | 'no-cors'
  method?: string
  headers?: Record<string, string>
}

/** What the page gets back: the network error, or what its script may read. */
export type PageOutcome =
  | {
      kind: 'error'
      error: 'net::ERR_UNEXPECTED' | 'net::ERR_FAILED' | 'net::ERR_UNKNOWN_URL_SCHEME' | 'CORS: scheme not corsEnabled'
    }
  | { kind: 'response'; readable: boolean; response: Response }

const REFERRER_SCHEMES = new Set(['http:', 'https:'])
const schemeOf = (url: string) => /^([a-z][a-z0-9+.-]*:)/i.exec(url)?.[1].toLowerCase() ?? ''
const originOf = (url: string) => /^([a-z][a-z0-9+.-]*:\/\/[^/?#]*)/i.exec(url)?.[1] ?? 'null'
/** The requesting document's origin: 'null' (opaque) for a sandboxed frame or a data:/about: page. */
const pageOriginOf = (req: PageRequest) => (req.sandboxed ? 'null' : originOf(req.pageUrl))

export class FakeProtocol {
  readonly privileges = new Map<string, SchemePrivileges>()
  readonly handlers = new Map<string, (request: Request) => Response | Promise<Response>>()
  private registered = false

  /** "This method can only be used before the ready event of the app module gets emitted and can be called only once." */
  registerSchemesAsPrivileged(schemes: Array<{ scheme: string; privileges?: SchemePrivileges }>): void {
    if (this.registered)
      throw new Error(
        'registerSchemesAsPrivileged can be called only once (a second call replaces the first, electron#6802)'
      )
    this.registered = true
    for (const s of schemes) this.privileges.set(s.scheme, s.privileges ?? {})
  }

  handle(scheme: string, handler: (request: Request) => Response | Promise<Response>): void {
    if (this.handlers.has(scheme)) throw new Error(`Failed to register protocol: ${scheme}`)
    this.handlers.set(scheme, handler)
  }

  /** The Request the handler sees for a page's load, built as described above. */
  requestAsDelivered(url: string, req: PageRequest): Request {
    const headers = new Headers(req.headers)
    // No CorsURLLoader on this path: nothing appends Origin; a page cannot set it (a forbidden header).
    headers.delete('origin')
    const pageScheme = schemeOf(req.pageUrl)
    const crossOrigin = pageOriginOf(req) !== originOf(url)
    const referrer =
      req.noReferrer || !REFERRER_SCHEMES.has(pageScheme)
        ? ''
        : crossOrigin
          ? `${originOf(req.pageUrl)}/`
          : req.pageUrl.replace(/#.*$/, '')
    const request = new Request(url, { method: req.method ?? 'GET', headers, referrer })
    // "request.initiatorOrigin is set ... when web content made it; it is absent for requests the
    // browser started itself" ('null' for an opaque origin). Set by Electron, never from the page.
    if (req.startedBy !== 'browser')
      Object.defineProperty(request, 'initiatorOrigin', { value: pageOriginOf(req), enumerable: true })
    return request
  }

  /** A page's load of `url`, through the cross-origin gate, the handler and the answer's checks. */
  async load(url: string, req: PageRequest): Promise<PageOutcome> {
    const scheme = schemeOf(url).slice(0, -1)
    const handler = this.handlers.get(scheme)
    if (!handler) return { kind: 'error', error: 'net::ERR_UNKNOWN_URL_SCHEME' }
    // A load the browser started (a navigation) is not a page's cross-origin read.
    const crossOrigin = req.startedBy !== 'browser' && pageOriginOf(req) !== originOf(url)
    const mode = req.mode ?? 'no-cors'
    if (crossOrigin && mode === 'cors' && !this.privileges.get(scheme)?.corsEnabled)
      return { kind: 'error', error: 'CORS: scheme not corsEnabled' }
    let res: Response
    try {
      res = await handler(this.requestAsDelivered(url, req))
    } catch {
      return { kind: 'error', error: 'net::ERR_UNEXPECTED' }
    }
    if (!(res instanceof Response)) return { kind: 'error', error: 'net::ERR_UNEXPECTED' }
    if (res.type === 'error') return { kind: 'error', error: 'net::ERR_FAILED' }
    // No CORS check of the answer on this path: Access-Control-Allow-Origin is not consulted.
    return { kind: 'response', readable: !(crossOrigin && mode === 'no-cors'), response: res }
  }
}
