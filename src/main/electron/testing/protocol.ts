/**
 * Electron 45's `protocol` for the schemes the shell registers, as documented (docs/api/protocol.md)
 * and as lib/browser/api/protocol.ts and shell/browser/net/electron_url_loader_factory.cc implement it
 * at v45.0.0-nightly.20260821 where the docs are silent.
 *
 * What a handler receives. `protocol.handle(scheme, handler)`: "handler Function<GlobalRequest>"; Electron
 * builds that Request from a ProtocolRequest, which has only `url`, `referrer`, `method`, `uploadData` and
 * `headers` (docs/api/structures/protocol-request.md): no webContents, frame or initiator. It deletes an
 * `origin: null` header first ("filters an illegal origin: null header", spec/api-protocol-spec.ts).
 * Which headers a page's request carries is decided outside the handler and cannot be known without a
 * binary; this fake follows the sources:
 * - `Origin` is appended by the network service's CorsURLLoader, which custom-scheme subresource loads
 *   bypass ("Subresource requests for registered custom protocols reach ElectronURLLoaderFactory via the
 *   renderer's per-scheme URLLoaderFactoryBundle entry, which bypasses the network service's
 *   CorsURLLoaderFactory", electron/electron#51152): a page's GET arrives without one.
 * - The referrer is stripped by Blink unless the page's scheme may be a referrer (http, https; Electron
 *   registers no custom scheme for it): from app:// pages it is '' (electron/electron#14747); from an
 *   http(s) page it is the page's origin for a cross-origin request (strict-origin-when-cross-origin).
 * - electron/electron#51152: a cross-origin `mode: cors` request to a scheme without `corsEnabled` fails
 *   before the handler runs, and a cross-origin `no-cors` answer is opaque (not readable by script).
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
  /** `cors` for fetch() and crossOrigin media, `no-cors` for a plain <img> or <video>. */
  mode?: 'cors' | 'no-cors'
  method?: string
  headers?: Record<string, string>
}

/** What the page gets back: the network error, or what its script may read. */
export type PageOutcome =
  | { kind: 'error'; error: 'net::ERR_UNEXPECTED' | 'net::ERR_FAILED' | 'net::ERR_UNKNOWN_URL_SCHEME' | 'CORS: scheme not corsEnabled' }
  | { kind: 'response'; readable: boolean; response: Response }

const REFERRER_SCHEMES = new Set(['http:', 'https:'])
const schemeOf = (url: string) => /^([a-z][a-z0-9+.-]*:)/i.exec(url)?.[1].toLowerCase() ?? ''
const originOf = (url: string) => /^([a-z][a-z0-9+.-]*:\/\/[^/?#]*)/i.exec(url)?.[1] ?? 'null'

export class FakeProtocol {
  readonly privileges = new Map<string, SchemePrivileges>()
  readonly handlers = new Map<string, (request: Request) => Response | Promise<Response>>()
  private registered = false

  /** "This method can only be used before the ready event of the app module gets emitted and can be called only once." */
  registerSchemesAsPrivileged(schemes: Array<{ scheme: string; privileges?: SchemePrivileges }>): void {
    if (this.registered) throw new Error('registerSchemesAsPrivileged can be called only once (a second call replaces the first, electron#6802)')
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
    const crossOrigin = originOf(req.pageUrl) !== originOf(url)
    const referrer = !REFERRER_SCHEMES.has(pageScheme) ? '' : crossOrigin ? `${originOf(req.pageUrl)}/` : req.pageUrl.replace(/#.*$/, '')
    return new Request(url, { method: req.method ?? 'GET', headers, referrer })
  }

  /** A page's load of `url`, through the cross-origin gate, the handler and the answer's checks. */
  async load(url: string, req: PageRequest): Promise<PageOutcome> {
    const scheme = schemeOf(url).slice(0, -1)
    const handler = this.handlers.get(scheme)
    if (!handler) return { kind: 'error', error: 'net::ERR_UNKNOWN_URL_SCHEME' }
    const crossOrigin = originOf(req.pageUrl) !== originOf(url)
    const mode = req.mode ?? 'no-cors'
    if (crossOrigin && mode === 'cors' && !this.privileges.get(scheme)?.corsEnabled) return { kind: 'error', error: 'CORS: scheme not corsEnabled' }
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
