import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import type { IncomingHttpHeaders } from 'node:http'
import { HOST_PROOF_LABEL, TOKEN_HEADER } from '@shared/bridge-wire'

/**
 * Who may talk to the browser host. Anything on this machine can reach 127.0.0.1, and any web page
 * the user visits can make the browser send requests to it, so every request and upgrade must show:
 *  - a Host header naming us by loopback address (defeats DNS rebinding: a rebound name arrives
 *    with its own Host),
 *  - no foreign Origin, and no Sec-Fetch-Site saying another site or port sent it (a page on
 *    another port of 127.0.0.1 is "same-site", never "same-origin"),
 *  - where it acts (uploads, the bridge socket), the per-launch token, which the page keeps in
 *    memory and presents itself: never a cookie, since cookies are not separated by port
 *    (RFC 6265 §8.5) and would reach any other server on 127.0.0.1.
 */

export function newToken(): string {
  return randomBytes(32).toString('base64url')
}

/** The Host headers that name this server: its address, and `localhost` when it is 127.0.0.1. */
export function allowedHosts(port: number, host = '127.0.0.1'): string[] {
  return host === '127.0.0.1' ? [`127.0.0.1:${port}`, `localhost:${port}`] : [`${host}:${port}`]
}

/** Compares in constant time; hashing first hides the length too. */
export function sameToken(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given).digest()
  const b = createHash('sha256').update(expected).digest()
  return timingSafeEqual(a, b)
}

/** What the host shows a page to prove it printed the token (bridge-wire.ts, the handshake). */
export function hostProof(token: string, challenge: string): string {
  return createHmac('sha256', token)
    .update(HOST_PROOF_LABEL + challenge)
    .digest('base64url')
}

/** A challenge as the page makes it: 16 to 64 random bytes in base64url. */
export function isChallenge(value: string | null): value is string {
  return value !== null && /^[A-Za-z0-9_-]{22,86}$/.test(value)
}

/**
 * What is asked for:
 *  - `page`: the built studio (public code: no token; a navigation from anywhere may load it);
 *  - `media`: a file by its unguessable id (an <img> or <video> cannot send a header);
 *  - `upload`: a POST that stores a file, with the token header;
 *  - `session`: the exchange of a one-time launch code for the token;
 *  - `upgrade`: the bridge socket (the token comes in its first frame).
 */
export type AccessKind = 'page' | 'media' | 'upload' | 'session' | 'upgrade'

export type AccessDecision = { ok: true } | { ok: false; reason: 'host' | 'origin' | 'fetch-site' | 'token' }

export function checkAccess(
  req: { headers: IncomingHttpHeaders; kind: AccessKind },
  port: number,
  token: string,
  address = '127.0.0.1'
): AccessDecision {
  const { headers, kind } = req
  const host = headers.host
  if (typeof host !== 'string' || !allowedHosts(port, address).includes(host)) return { ok: false, reason: 'host' }
  const origin = headers.origin
  // Browsers send Origin on every POST and upgrade; only plain GETs may lack it.
  const originRequired = kind === 'upload' || kind === 'session' || kind === 'upgrade'
  if (origin === undefined ? originRequired : origin !== `http://${host}`) return { ok: false, reason: 'origin' }
  const site = headers['sec-fetch-site']
  if (site !== undefined && site !== 'same-origin') {
    // 'none': the user opened the address; a page of another site or port only by navigating to it.
    const navigation = headers['sec-fetch-mode'] === 'navigate'
    const allowed = kind === 'page' ? site === 'none' || navigation : kind === 'media' && site === 'none'
    if (!allowed) return { ok: false, reason: 'fetch-site' }
  }
  if (kind === 'upload') {
    const given = headers[TOKEN_HEADER.toLowerCase()]
    if (typeof given !== 'string' || !sameToken(given, token)) return { ok: false, reason: 'token' }
  }
  return { ok: true }
}

export const FORBIDDEN_TEXT = 'Forbidden: open the studio with the link printed when it started.\n'
