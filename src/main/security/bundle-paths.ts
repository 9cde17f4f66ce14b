import { realpath } from 'node:fs/promises'
import { extname, isAbsolute, relative, sep } from 'node:path'

/**
 * Path rules shared by the two shells that serve the built renderer (Electron's app:// protocol and
 * the browser host's static files). Pure Node, no electron, so both shells and their tests use one
 * implementation.
 */

const FORBIDDEN_RAW = /%2f|%5c|%00|\\|\0/i
const FORBIDDEN_SEGMENT = /^\.{1,2}$|[\0\\/:]/

/**
 * Splits a raw URL path into decoded segments, or null. The raw path is checked before decoding and
 * each segment is decoded alone, so `%2e%2e`, `..%2f` or `%5c` can never become a traversal; empty
 * segments (`//etc`), dot segments, drive letters and separators are refused.
 */
export function safePathSegments(rawPath: string): string[] | null {
  const path = rawPath === '' || rawPath === '/' ? '/index.html' : rawPath
  if (!path.startsWith('/') || FORBIDDEN_RAW.test(path)) return null
  const segments: string[] = []
  for (const raw of path.slice(1).split('/')) {
    let segment: string
    try {
      segment = decodeURIComponent(raw)
    } catch {
      return null
    }
    if (segment === '' || FORBIDDEN_SEGMENT.test(segment)) return null
    segments.push(segment)
  }
  return segments
}

export function isInside(root: string, file: string): boolean {
  const rel = relative(root, file)
  return rel !== '' && rel !== '..' && !rel.startsWith(`..${sep}`) && !isAbsolute(rel)
}

/** Follows symlinks and checks the real file is still inside the real root: a link must not lead out. */
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
  '.wasm': 'application/wasm',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm'
}

export function contentTypeOf(file: string): string {
  return CONTENT_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream'
}
