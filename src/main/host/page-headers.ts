import { browserHostCsp } from '../security/csp'

/**
 * The security headers the browser host sends with every answer, its page included, for a server
 * on `host`:`port`. One list: T1-warm's baseline page (bench/lib/static-server.ts) is served with the
 * same. The first page of a launch adds `Clear-Site-Data` (FIRST_PAGE_HEADERS, server.ts).
 */
export function pageSecurityHeaders(port: number, host = '127.0.0.1'): Record<string, string> {
  return {
    // 'self' for the page's uploads (POST /upload); the ws origins for the bridge socket. Nothing else.
    'Content-Security-Policy': browserHostCsp(port, host),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'X-Frame-Options': 'DENY',
    // Defence in depth, kept although a new tab then starts in a new renderer process (T1-warm's
    // baseline pays that switch too): it severs window.opener links with pages of other origins
    // (every other server on 127.0.0.1 is the same site), and in browsers without site isolation it
    // is what keeps the studio out of their process.
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Cross-Origin-Resource-Policy': 'same-origin',
    // Everything, content-hashed assets and the bridge script included, stays out of the disk
    // cache. A loopback address is not ours between launches: whoever listens on it while the studio
    // is not running could answer an asset's name with its own code, and an `immutable` copy would
    // then run in the next studio on that address without the host being asked. This knowingly
    // gives up what `immutable` bought T1-warm (assets and V8's code cache from disk on a second
    // launch on the same origin; see docs/PERFORMANCE.md).
    'Cache-Control': 'no-store'
  }
}

/**
 * Added to the first page asked for with an unused launch address (LAUNCH_PARAM): clears what an
 * earlier server on this origin may have left in the browser before the studio's code runs.
 *  - "cache": its HTTP cache entries (an asset or page kept `immutable` would be used unasked);
 *  - "storage": service worker registrations, Cache Storage, IndexedDB and localStorage of the origin
 *    (the studio keeps nothing there across launches: its data lives in the host).
 * Not "cookies": cookies are shared by every port of the address (RFC 6265 §8.5), so clearing them
 * would sign the user out of other local servers, and the studio uses none. Not "executionContexts":
 * it would reload every open studio tab of the origin (and Chromium no longer supports it). The page
 * is about to take its token from the address and keep it in memory (sessionStorage only after
 * start-up), so nothing this clears is needed by the session it establishes.
 */
export const FIRST_PAGE_HEADERS: Readonly<Record<string, string>> = { 'Clear-Site-Data': '"cache", "storage"' }
