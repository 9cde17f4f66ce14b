import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'
import type { IncomingHttpHeaders } from 'node:http'

/**
 * Who may talk to the browser host. Anything on this machine can reach 127.0.0.1, and any web page
 * the user visits can make the browser send requests to it, so every request and upgrade must show:
 *  - a Host header naming us by loopback address (defeats DNS rebinding: a rebound name arrives
 *    with its own Host),
 *  - no foreign Origin (defeats cross-site requests that a page can make without reading answers),
 *  - the per-launch token, in the query or in the HttpOnly cookie set from it.
 */

export function newToken(): string {
  return randomBytes(32).toString('base64url')
}

/** Cookies ignore ports, so the port is in the name: two studios (or old launches) never clash. */
export function cookieName(port: number): string {
  return `studio_token_${port}`
}

export function tokenCookie(port: number, token: string): string {
  // Session cookie: it dies with the browser, and the token dies with the launch anyway.
  return `${cookieName(port)}=${token}; Path=/; HttpOnly; SameSite=Strict`
}

export function allowedHosts(port: number): string[] {
  return [`127.0.0.1:${port}`, `localhost:${port}`]
}

/** Compares in constant time; hashing first hides the length too. */
export function sameToken(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given).digest()
  const b = createHash('sha256').update(expected).digest()
  return timingSafeEqual(a, b)
}

export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined
  for (const part of header.split(';')) {
    const eq = part.indexOf('=')
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim()
  }
  return undefined
}

export type AccessDecision =
  | { ok: true; /** The token came in the query: the answer should set the cookie. */ setCookie: boolean }
  | { ok: false; reason: 'host' | 'origin' | 'token' }

export interface AccessRequest {
  headers: IncomingHttpHeaders
  /** The token from the query, if the URL had one. */
  queryToken: string | null
  /** Upgrades must carry an Origin (every browser sends one); plain requests may omit it. */
  requireOrigin: boolean
}

export function checkAccess(req: AccessRequest, port: number, token: string): AccessDecision {
  const host = req.headers.host
  if (typeof host !== 'string' || !allowedHosts(port).includes(host)) return { ok: false, reason: 'host' }
  const origin = req.headers.origin
  if (origin === undefined ? req.requireOrigin : origin !== `http://${host}`) return { ok: false, reason: 'origin' }
  if (req.queryToken !== null) {
    return sameToken(req.queryToken, token) ? { ok: true, setCookie: true } : { ok: false, reason: 'token' }
  }
  const fromCookie = readCookie(req.headers.cookie, cookieName(port))
  if (fromCookie !== undefined && sameToken(fromCookie, token)) return { ok: true, setCookie: false }
  return { ok: false, reason: 'token' }
}

export const FORBIDDEN_TEXT = 'Forbidden: open the studio with the link printed when it started.\n'
