import { createHash } from 'node:crypto'
import { join, resolve } from 'node:path'
import { containedRealPath, contentTypeOf, isInside, safePathSegments } from '../security/bundle-paths'

export { containedRealPath, contentTypeOf }

/**
 * Maps a raw URL path (no query) to a file inside the renderer build, or null. The segment rules are
 * the ones the Electron shell's app:// protocol uses (security/bundle-paths.ts).
 */
export function resolveStaticPath(rootDir: string, urlPath: string): string | null {
  const segments = safePathSegments(urlPath)
  if (!segments) return null
  const root = resolve(rootDir)
  const file = join(root, ...segments)
  return isInside(root, file) ? file : null
}

export const BRIDGE_SCRIPT_PATH = '/bridge.js'
export const BRIDGE_SCRIPT_TAG = `<script type="module" src="${BRIDGE_SCRIPT_PATH}"></script>`

/** The query parameter naming the bridge script's content version (`/bridge.js?v=…`). */
export const BRIDGE_VERSION_PARAM = 'v'

/** A short name for a file's content: the bridge's address changes exactly when the script does. */
export function contentVersion(body: Buffer): string {
  return createHash('sha256').update(body).digest('base64url').slice(0, 16)
}

/**
 * The bridge's tag, naming its content version when there is one. Nothing is cached any more
 * (pageSecurityHeaders: no-store for everything), so the version only makes a rebuilt bridge's
 * address differ, which helps whoever reads a page's network log.
 */
export function bridgeScriptTag(version: string | null = null): string {
  return version === null
    ? BRIDGE_SCRIPT_TAG
    : `<script type="module" src="${BRIDGE_SCRIPT_PATH}?${BRIDGE_VERSION_PARAM}=${version}"></script>`
}

/**
 * Puts the bridge first in <head>: module scripts run in document order, so `window.studio`
 * exists before the app's module script runs.
 */
export function injectBridgeScript(html: string, tag = BRIDGE_SCRIPT_TAG): string {
  const head = /<head(\s[^>]*)?>/i.exec(html)
  if (head) {
    const at = head.index + head[0].length
    return html.slice(0, at) + tag + html.slice(at)
  }
  const script = html.search(/<script/i)
  if (script >= 0) return html.slice(0, script) + tag + html.slice(script)
  return tag + html
}

/** Files up to this size are kept in memory once read; bigger ones are streamed every time. */
const CACHED_MAX_BYTES = 2 * 1024 * 1024

/**
 * The renderer build, read once per file and then answered from memory: a cold page load asks for
 * about ten scripts at once, and a read through the thread pool for each made the page wait (T1).
 * An entry is used only while the file's size and mtime are unchanged, so a rebuild is served fresh.
 */
export function createStaticCache(
  read: (file: string) => Promise<Buffer>
): (file: string, info: { size: number; mtimeMs: number }) => Promise<Buffer | null> {
  const entries = new Map<string, { size: number; mtimeMs: number; body: Buffer }>()
  return async (file, info) => {
    if (info.size > CACHED_MAX_BYTES) return null
    const hit = entries.get(file)
    if (hit && hit.size === info.size && hit.mtimeMs === info.mtimeMs) return hit.body
    const body = await read(file)
    if (body.length === info.size) entries.set(file, { size: info.size, mtimeMs: info.mtimeMs, body })
    return body
  }
}
