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
