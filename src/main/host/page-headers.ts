import { browserHostCsp } from '../security/csp'

/**
 * The security headers the browser host sends with every answer, its page included, for a server
 * on `port`. One list: T1-warm's baseline page (bench/lib/static-server.ts) is served with the same.
 */
export function pageSecurityHeaders(port: number): Record<string, string> {
  return {
    // 'self' for the page's uploads (POST /upload); the ws origins for the bridge socket. Nothing else.
    'Content-Security-Policy': browserHostCsp(port),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'X-Frame-Options': 'DENY',
    // Defence in depth, kept although a new tab then starts in a new renderer process (T1-warm's
    // baseline pays that switch too): it severs window.opener links with pages of other origins
    // (every other server on 127.0.0.1 is the same site), and in browsers without site isolation it
    // is what keeps the studio out of their process.
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Cross-Origin-Resource-Policy': 'same-origin',
    // Pages, the bridge and refusals stay out of the disk cache; content-hashed assets get their
    // own policy where they are served (cacheControlFor).
    'Cache-Control': 'no-store'
  }
}
