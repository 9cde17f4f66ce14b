/**
 * The renderer's one trusted origin, and how to compute an origin from a URL in the main process.
 * Node's WHATWG `URL` gives every non-special scheme an opaque origin (`new URL('app://bundle/').origin`
 * is the string 'null'), while Chromium, where `app` is registered as a standard scheme, reports
 * 'app://bundle'. So a plain `.origin` comparison could never match our own pages; `originOf` rebuilds
 * the standard-scheme origin from the parsed parts and never falls back to prefix matching.
 */
export const APP_SCHEME = 'app'
export const APP_HOST = 'bundle'
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`
export const APP_ENTRY_URL = `${APP_ORIGIN}/index.html`

/** The Electron shell's media scheme: `studio-media://m/<mediaId>` (core/files/media.ts). */
export const MEDIA_SCHEME = 'studio-media'
export const MEDIA_HOST = 'm'
export const MEDIA_URL_PREFIX = `${MEDIA_SCHEME}://${MEDIA_HOST}/`

/** Schemes whose origin Node computes itself (the WHATWG "special" schemes that have hosts). */
const SPECIAL = new Set(['http:', 'https:', 'ws:', 'wss:'])

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]'])

/** The origin of `url` as Chromium would report it, or null when it has none we could ever trust. */
export function originOf(url: unknown): string | null {
  if (typeof url !== 'string' || url === '') return null
  let u: URL
  try {
    u = new URL(url)
  } catch {
    return null
  }
  // Credentials in a URL are a classic disguise (`app://bundle@evil`); no trusted URL carries them.
  if (u.username !== '' || u.password !== '') return null
  if (SPECIAL.has(u.protocol)) return u.origin
  if (u.protocol !== `${APP_SCHEME}:` || u.host === '') return null
  // host includes any port, so `app://bundle:81` is a different origin, as in Chromium.
  return `${u.protocol}//${u.host}`
}

/** True when `url` belongs to one of `trusted` (exact origin equality). */
export function hasTrustedOrigin(url: unknown, trusted: readonly string[]): boolean {
  const origin = originOf(url)
  return origin !== null && trusted.includes(origin)
}

/**
 * Where the window loads from and which origins are ours. The Vite dev server is trusted only in an
 * unpackaged build and only on loopback, so a packaged app can never be pointed elsewhere by the env.
 */
export function rendererTarget(
  isPackaged: boolean,
  devServerUrl: string | undefined
): { url: string; origins: readonly string[] } {
  if (!isPackaged && devServerUrl) {
    const dev = originOf(devServerUrl)
    const u = dev === null ? null : new URL(dev)
    if (u && u.protocol === 'http:' && LOOPBACK.has(u.hostname))
      return { url: devServerUrl, origins: Object.freeze([APP_ORIGIN, u.origin]) }
  }
  return { url: APP_ENTRY_URL, origins: Object.freeze([APP_ORIGIN]) }
}
