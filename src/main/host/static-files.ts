import { realpath } from 'node:fs/promises'
import { extname, isAbsolute, join, relative, resolve, sep } from 'node:path'

const FORBIDDEN_RAW = /%2f|%5c|%00|\\|\0/i
const FORBIDDEN_SEGMENT = /^\.{1,2}$|[\0\\/:]/

/**
 * Maps a raw URL path (no query) to a file inside the renderer build, or null. Pure, so every trick
 * is unit-tested. Same rules as the Electron shell's `resolveAppPath` (src/main/electron/app-protocol.ts):
 * the raw path is checked before decoding, so an encoded slash or dot segment can never be rebuilt
 * into a traversal; then each segment is decoded alone and dot segments, empty segments, drive
 * letters and separators are refused.
 */
export function resolveStaticPath(rootDir: string, urlPath: string): string | null {
  const rawPath = urlPath === '' || urlPath === '/' ? '/index.html' : urlPath
  if (!rawPath.startsWith('/') || FORBIDDEN_RAW.test(rawPath)) return null
  const segments: string[] = []
  for (const raw of rawPath.slice(1).split('/')) {
    let segment: string
    try {
      segment = decodeURIComponent(raw)
    } catch {
      return null
    }
    if (segment === '' || FORBIDDEN_SEGMENT.test(segment)) return null
    segments.push(segment)
  }
  const root = resolve(rootDir)
  const file = join(root, ...segments)
  return isInside(root, file) ? file : null
}

function isInside(root: string, file: string): boolean {
  const rel = relative(root, file)
  return rel !== '' && !rel.startsWith('..' + sep) && rel !== '..' && !isAbsolute(rel)
}

/** Follows symlinks and checks the real file is still inside the real root. */
export async function containedRealPath(rootDir: string, file: string): Promise<string | null> {
  try {
    const [realRoot, realFile] = await Promise.all([realpath(rootDir), realpath(file)])
    return isInside(realRoot, realFile) ? realFile : null
  } catch {
    return null
  }
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
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
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
  '.wasm': 'application/wasm'
}

export function contentTypeOf(file: string): string {
  return CONTENT_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream'
}

export const BRIDGE_SCRIPT_TAG = '<script type="module" src="/bridge.js"></script>'

/**
 * Puts the bridge first in <head>: module scripts run in document order, so `window.studio`
 * exists before the app's module script runs.
 */
export function injectBridgeScript(html: string): string {
  const head = /<head(\s[^>]*)?>/i.exec(html)
  if (head) {
    const at = head.index + head[0].length
    return html.slice(0, at) + BRIDGE_SCRIPT_TAG + html.slice(at)
  }
  const script = html.search(/<script/i)
  if (script >= 0) return html.slice(0, script) + BRIDGE_SCRIPT_TAG + html.slice(script)
  return BRIDGE_SCRIPT_TAG + html
}
