import { readFile, stat } from 'node:fs/promises'
import { join } from 'node:path'
import type { Protocol } from 'electron'
import { containedRealPath, contentTypeOf, isInside, safePathSegments } from '../security/bundle-paths'
import { electronCsp } from '../security/csp'
import { APP_HOST, APP_SCHEME, MEDIA_SCHEME } from '../security/origins'

/**
 * Serves the built renderer on `app://bundle/` (SECURITY.md A18): a standard, secure scheme so
 * pages get a real origin, CSP and fetch semantics; never file://, which would give every page the
 * whole disk. The CSP travels as a response header on every answer.
 */
export function registerAppScheme(protocol: Pick<Protocol, 'registerSchemesAsPrivileged'>): void {
  // Must run before `ready`, and once: a second call replaces the first (electron#6802), so the
  // media scheme (media-protocol.ts) is registered here too. No bypassCSP: our CSP header must bind
  // these pages. The app scheme has no corsEnabled: Electron would then let any origin read these
  // files without a CORS check. studio-media has it, since the page reads a video's pixels to
  // extract a frame (a cross-origin read); its handler serves only loads whose initiator (Electron's
  // request.initiatorOrigin, which the page cannot set) is one of our pages (MediaAccess).
  // stream: true lets media elements play and seek (Range) from studio-media responses.
  protocol.registerSchemesAsPrivileged([
    // codeCache: V8 keeps the compiled app scripts between launches, as it does for http(s) pages
    // (VS Code registers its app protocol the same way); a second start skips most compiling (T1-warm).
    { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true } },
    {
      scheme: MEDIA_SCHEME,
      privileges: { standard: true, secure: true, supportFetchAPI: true, stream: true, corsEnabled: true }
    }
  ])
}

/** The Electron shell's page policy: the browser host's plus images and videos from studio-media. */
export const ELECTRON_CSP = electronCsp(MEDIA_SCHEME)

export type Resolution = { ok: true; segments: string[] } | { ok: false; status: 400 | 404 }

/**
 * Turns a request URL into path segments under the renderer dir, or a refusal. Pure, so every
 * traversal trick can be tested without Electron; the segment rules are shared with the browser host.
 */
export function resolveAppPath(requestUrl: string): Resolution {
  const m = /^([a-z][a-z0-9+.-]*):\/\/([^/?#]*)([^?#]*)/i.exec(requestUrl)
  if (!m || m[1].toLowerCase() !== APP_SCHEME) return { ok: false, status: 400 }
  if (m[2] !== APP_HOST) return { ok: false, status: 404 }
  const segments = safePathSegments(m[3])
  return segments ? { ok: true, segments } : { ok: false, status: 400 }
}

/** Resolves to a real file inside `rootDir` (after following symlinks), or a refusal. */
export async function resolveAppFile(
  rootDir: string,
  requestUrl: string
): Promise<{ ok: true; file: string } | { ok: false; status: 400 | 404 }> {
  const r = resolveAppPath(requestUrl)
  if (!r.ok) return r
  const candidate = join(rootDir, ...r.segments)
  if (!isInside(rootDir, candidate)) return { ok: false, status: 400 }
  const real = await containedRealPath(rootDir, candidate)
  if (!real) return { ok: false, status: 404 }
  try {
    return (await stat(real)).isFile() ? { ok: true, file: real } : { ok: false, status: 404 }
  } catch {
    return { ok: false, status: 404 }
  }
}

export { contentTypeOf }

/** The protocol handler: GET/HEAD only, files from `rootDir`, the CSP and nosniff on every answer. */
export function createAppRequestHandler(
  rootDir: string,
  csp: string = ELECTRON_CSP
): (request: Request) => Promise<Response> {
  const base = { 'Content-Security-Policy': csp, 'X-Content-Type-Options': 'nosniff', 'Cache-Control': 'no-cache' }
  const refuse = (status: number, text: string) =>
    new Response(text, { status, headers: { ...base, 'Content-Type': 'text/plain; charset=utf-8' } })
  return async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return refuse(405, 'Method not allowed')
    const r = await resolveAppFile(rootDir, request.url)
    if (!r.ok) return refuse(r.status, r.status === 400 ? 'Bad request' : 'Not found')
    const body = request.method === 'HEAD' ? null : new Uint8Array(await readFile(r.file))
    return new Response(body, { status: 200, headers: { ...base, 'Content-Type': contentTypeOf(r.file) } })
  }
}

/** Installs the handler on the default session's protocol registry (after `ready`). */
export function installAppProtocol(protocol: Pick<Protocol, 'handle'>, rootDir: string, csp?: string): void {
  protocol.handle(APP_SCHEME, createAppRequestHandler(rootDir, csp))
}
