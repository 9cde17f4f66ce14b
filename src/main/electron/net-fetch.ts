import { net } from 'electron'
import type { FetchLike } from '../core/gateway/http'

type NetFetch = (input: string, init?: RequestInit) => Promise<Response>

/**
 * Chromium reports failures as `net::ERR_*` messages without Node's error codes; the gateway client
 * classifies by code (refused/DNS = nothing sent, safe to retry; reset = outcome unknown). Only codes
 * whose meaning is certain are mapped; anything else stays unknown, which is the cautious reading.
 */
const NET_TO_NODE: Record<string, string> = {
  ERR_CONNECTION_REFUSED: 'ECONNREFUSED',
  ERR_NAME_NOT_RESOLVED: 'ENOTFOUND',
  ERR_NAME_RESOLUTION_FAILED: 'EAI_AGAIN',
  ERR_ADDRESS_UNREACHABLE: 'EHOSTUNREACH',
  ERR_INTERNET_DISCONNECTED: 'ENETUNREACH',
  ERR_ADDRESS_INVALID: 'EADDRNOTAVAIL',
  ERR_CONNECTION_RESET: 'ECONNRESET',
  ERR_CONNECTION_CLOSED: 'ECONNRESET',
  ERR_EMPTY_RESPONSE: 'ECONNRESET'
}

/** Electron's net.fetch ends a `redirect: 'manual'` request with this error instead of a 3xx Response. */
const REDIRECT_CANCELLED = 'Redirect was cancelled'

export function withNodeCode(e: unknown): unknown {
  if (!(e instanceof Error)) return e
  const m = /net::(ERR_[A-Z0-9_]+)/.exec(e.message)
  if (!m) return e
  const mapped = NET_TO_NODE[m[1]] ?? (/^ERR_(CERT|SSL)_/.test(m[1]) ? m[1] : undefined)
  if (mapped === undefined) return e
  return Object.assign(new Error(e.message, { cause: e }), { code: mapped })
}

/**
 * FetchLike over Electron's net.fetch: the system proxy (and PAC) and the OS certificate store,
 * which users behind corporate proxies need.
 */
export function createNetFetch(fetchImpl: NetFetch = (input, init) => net.fetch(input, init)): FetchLike {
  return async (input, init) => {
    try {
      return await fetchImpl(typeof input === 'string' ? input : input.href, init)
    } catch (e) {
      if (init?.redirect === 'manual' && e instanceof Error && e.message === REDIRECT_CANCELLED) {
        // The real status is not exposed; any 3xx makes the gateway client refuse the redirect.
        return new Response(null, { status: 300, statusText: 'Redirect refused' })
      }
      throw withNodeCode(e)
    }
  }
}
