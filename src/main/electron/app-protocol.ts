import { readFile, realpath, stat } from 'node:fs/promises'
import { extname, isAbsolute, join, relative, sep } from 'node:path'
import type { Protocol } from 'electron'
import { buildCsp } from '../security/csp'
import { APP_HOST, APP_SCHEME, MEDIA_SCHEME } from '../security/origins'

/**
 * Serves the built renderer on `app://bundle/` (security-anchors A18): a standard, secure scheme so
 * pages get a real origin, CSP and fetch semantics; never file://, which would give every page the
 * whole disk. The CSP travels as a response header on every answer.
 */
export function registerAppScheme(protocol: Pick<Protocol, 'registerSchemesAsPrivileged'>): void {
  // Must run before `ready`, and once: a second call replaces the first (electron#6802), so the
  // media scheme (media-protocol.ts) is registered here too. No bypassCSP: our CSP header must bind
  // these pages. No corsEnabled: it would let other origins read these files without any CORS check
  // (the page only needs <img>/<video> loads from studio-media, which CORS does not gate).
  // stream: true lets media elements play and seek (Range) from studio-media responses.
  protocol.registerSchemesAsPrivileged([
    { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } },
    { scheme: MEDIA_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true, stream: true } }
  ])
}

/** The Electron shell's page policy: the browser host's plus images and videos from studio-media. */
export const ELECTRON_CSP = buildCsp({ media: [`${MEDIA_SCHEME}:`] })

export type Resolution = { ok: true; segments: string[] } | { ok: false; status: 400 | 404 }

const FORBIDDEN_RAW = /%2f|%5c|%00|\\|\0/i
const FORBIDDEN_SEGMENT = /^\.{1,2}$|[\0\\/:]/

/**
 * Turns a request URL into path segments under the renderer dir, or a refusal. Pure, so every
 * traversal trick can be tested without Electron. The path is split before it is decoded and each
 * decoded segment is checked, so `%2e%2e`, `..%2f` or `%5c` can never become a traversal; the raw
 * check in front of that is a second, independent layer (the browser host uses the same two).
 */
export function resolveAppPath(requestUrl: string): Resolution {
  const m = /^([a-z][a-z0-9+.-]*):\/\/([^/?#]*)([^?#]*)/i.exec(requestUrl)
  if (!m || m[1].toLowerCase() !== APP_SCHEME) return { ok: false, status: 400 }
  if (m[2] !== APP_HOST) return { ok: false, status: 404 }
  const rawPath = m[3] === '' || m[3] === '/' ? '/index.html' : m[3]
  if (FORBIDDEN_RAW.test(rawPath) || !rawPath.startsWith('/')) return { ok: false, status: 400 }
  const segments: string[] = []
  for (const raw of rawPath.slice(1).split('/')) {
    let seg: string
    try {
      seg = decodeURIComponent(raw)
    } catch {
      return { ok: false, status: 400 }
    }
    // Empty segments (`//etc`) would make an absolute path; dot segments and drive letters escape.
    if (seg === '' || FORBIDDEN_SEGMENT.test(seg)) return { ok: false, status: 400 }
    segments.push(seg)
  }
  return { ok: true, segments }
}

const inside = (root: string, candidate: string) => {
  const rel = relative(root, candidate)
  return rel !== '' && !rel.startsWith(`..${sep}`) && rel !== '..' && !isAbsolute(rel)
}

/** Resolves to a real file inside `rootDir` (after following symlinks), or a refusal. */
export async function resolveAppFile(rootDir: string, requestUrl: string): Promise<{ ok: true; file: string } | { ok: false; status: 400 | 404 }> {
  const r = resolveAppPath(requestUrl)
  if (!r.ok) return r
  const candidate = join(rootDir, ...r.segments)
  if (!inside(rootDir, candidate)) return { ok: false, status: 400 }
  try {
    const [realRoot, realFile] = await Promise.all([realpath(rootDir), realpath(candidate)])
    // A symlink inside the bundle must not lead out of it.
    if (!inside(realRoot, realFile)) return { ok: false, status: 404 }
    if (!(await stat(realFile)).isFile()) return { ok: false, status: 404 }
    return { ok: true, file: realFile }
  } catch {
    return { ok: false, status: 404 }
  }
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.wasm': 'application/wasm',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
  '.txt': 'text/plain; charset=utf-8'
}

export function contentTypeOf(file: string): string {
  return CONTENT_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream'
}

/** The protocol handler: GET/HEAD only, files from `rootDir`, the CSP and nosniff on every answer. */
export function createAppRequestHandler(rootDir: string, csp: string = ELECTRON_CSP): (request: Request) => Promise<Response> {
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
