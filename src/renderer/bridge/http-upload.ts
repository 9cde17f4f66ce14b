import { lostConnectionResult, readResult, TOKEN_HEADER, UPLOAD_ROUTES } from '@shared/bridge-wire'
import type { BridgeTransport } from '@shared/contract-kit'
import type { Result } from '@shared/error-core'

export interface HttpUploadOptions {
  /** The page's fetch by default; tests pass one that adds what a browser adds (Origin, cookie). */
  fetch?: (input: string, init: RequestInit) => Promise<Response>
  /** Prefix for the route; '' on the page (same origin). */
  base?: string
  /** The launch token the page holds; sent in TOKEN_HEADER (the host takes no cookie). */
  token?: () => Promise<string | null>
  /**
   * Resolves null once the bridge socket's host has proved it holds the launch token, or the
   * Result to answer instead (socket-transport.ts whenProven). Nothing is sent before: a server
   * that took the port after the host exited gets neither the file nor the token. The page always
   * passes it; without it (unit tests of the plain route) the upload is sent at once.
   */
  proven?: () => Promise<Result<never> | null>
}

function refused(message: string): Result<never> {
  return { ok: false, error: { code: 'INVALID_INPUT', message, retryable: false } }
}

/**
 * `window.studio`'s uploads in the browser host: the Blob is the POST body, so the browser
 * streams it from disk and it never sits in a WebSocket frame. The host answers a Result as JSON,
 * for refusals too; anything else (a proxy page, a dropped connection) becomes a coded error.
 */
export function createHttpUpload(opts: HttpUploadOptions = {}): BridgeTransport['upload'] {
  const doFetch = opts.fetch ?? ((input: string, init: RequestInit) => fetch(input, init))
  return async (channel, blob, meta) => {
    if (!Object.prototype.hasOwnProperty.call(UPLOAD_ROUTES, channel)) return refused(`No upload route for ${channel}`)
    const route = UPLOAD_ROUTES[channel as keyof typeof UPLOAD_ROUTES]
    const query = new URLSearchParams()
    for (const [key, value] of Object.entries(typeof meta === 'object' && meta !== null ? meta : {})) {
      if (typeof value !== 'string') return refused('Upload details must be text')
      query.set(key, value)
    }
    const refusal = opts.proven ? await opts.proven() : null
    if (refusal) return refusal
    let res: Response
    try {
      const token = opts.token ? await opts.token() : null
      res = await doFetch(`${opts.base ?? ''}${route}?${query.toString()}`, {
        method: 'POST',
        body: blob,
        // The token header authenticates; the browser adds our Origin to every POST, which the host requires.
        credentials: 'same-origin',
        headers: { 'Content-Type': 'application/octet-stream', ...(token ? { [TOKEN_HEADER]: token } : {}) }
      })
    } catch {
      return lostConnectionResult()
    }
    const parsed = readResult(await res.json().catch(() => undefined))
    if (parsed) return parsed
    return {
      ok: false,
      error: {
        code: 'INTERNAL',
        message: `The studio host answered the upload with HTTP ${res.status}`,
        status: res.status,
        retryable: false
      }
    }
  }
}
