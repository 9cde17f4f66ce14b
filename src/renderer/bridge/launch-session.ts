import { HOST_PROOF_LABEL, LAUNCH_PARAM, SESSION_PATH } from '@shared/bridge-wire'
import type { HostHandshake } from './socket-transport'

/** Where a reload finds the token again: per tab and per origin (port included), never sent anywhere. */
export const TOKEN_STORAGE_KEY = 'studio.launch-token'

export interface LaunchEnv {
  location: { hash: string; pathname: string; search: string }
  history: { state: unknown; replaceState(state: unknown, unused: string, url: string): void }
  storage: Pick<Storage, 'getItem' | 'setItem'> | null
  fetch: (input: string, init: RequestInit) => Promise<Response>
  /**
   * Runs the write of a token for a later reload. The first touch of sessionStorage loads it from
   * the browser process over a synchronous IPC (8-65 ms of start-up on a loaded machine, T1), and
   * nothing needs the stored copy before the page is reloaded, so the page passes a scheduler that
   * writes after start-up (and at the latest when the page goes away). Without one it is written at once.
   */
  deferWrite?: ((write: () => void) => void) | null
}

/**
 * The launch token, from the address the page was opened with: `#token=` (the link the host
 * prints) or `#code=` (the one-time address the host opens, exchanged here once). The fragment and
 * the launch nonce (`?launch=`, which only the first page load uses) are removed from the address
 * bar and history at once, before the app runs. A reload of the same tab
 * finds the token in sessionStorage: unlike a cookie it is bound to this port's origin and is never
 * sent to a server.
 */
export function takeLaunchToken(env: LaunchEnv): Promise<string | null> {
  const params = new URLSearchParams(env.location.hash.replace(/^#/, ''))
  const token = params.get('token')
  const code = params.get('code')
  const search = new URLSearchParams(env.location.search)
  if (token !== null || code !== null || search.has(LAUNCH_PARAM)) {
    search.delete(LAUNCH_PARAM)
    const rest = search.toString()
    env.history.replaceState(env.history.state, '', env.location.pathname + (rest ? `?${rest}` : ''))
  }
  const remember = (t: string | null): string | null => {
    if (t) {
      const write = (): void => {
        try {
          env.storage?.setItem(TOKEN_STORAGE_KEY, t)
        } catch {
          // storage off (private mode): the tab still works until it is reloaded
        }
      }
      if (env.deferWrite) env.deferWrite(write)
      else write()
    }
    return t
  }
  if (token) return Promise.resolve(remember(token))
  if (code) return exchangeCode(env.fetch, code).then(remember)
  try {
    return Promise.resolve(env.storage?.getItem(TOKEN_STORAGE_KEY) ?? null)
  } catch {
    return Promise.resolve(null)
  }
}

/**
 * A `deferWrite` for the page: the write runs once, in the first idle time after start-up (within
 * `timeoutMs` however busy the page is), or when the page is hidden or left first, so a reload
 * right after opening still finds the token.
 */
export function afterStartup(
  env: {
    requestIdleCallback?: (cb: () => void, opts: { timeout: number }) => unknown
    setTimeout: (cb: () => void, ms: number) => unknown
    addEventListener: (type: 'pagehide', cb: () => void) => void
    removeEventListener: (type: 'pagehide', cb: () => void) => void
  },
  timeoutMs = 2000
): (write: () => void) => void {
  return (write) => {
    let done = false
    const once = (): void => {
      if (done) return
      done = true
      env.removeEventListener('pagehide', once)
      write()
    }
    env.addEventListener('pagehide', once)
    if (env.requestIdleCallback) env.requestIdleCallback(once, { timeout: timeoutMs })
    else env.setTimeout(once, timeoutMs)
  }
}

async function exchangeCode(doFetch: LaunchEnv['fetch'], code: string): Promise<string | null> {
  try {
    const res = await doFetch(SESSION_PATH, {
      method: 'POST',
      body: code,
      credentials: 'omit',
      headers: { 'Content-Type': 'text/plain' }
    })
    if (!res.ok) return null
    const body = (await res.json()) as { token?: unknown }
    return typeof body.token === 'string' ? body.token : null
  } catch {
    return null
  }
}

function base64url(bytes: Uint8Array): string {
  let bin = ''
  for (const b of bytes) bin += String.fromCharCode(b)
  return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
}

/** HMAC-SHA256 in base64url with WebCrypto (the host computes the same with node:crypto). */
export async function hmacBase64url(key: string, message: string): Promise<string> {
  const enc = new TextEncoder()
  const k = await crypto.subtle.importKey('raw', enc.encode(key), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign'])
  return base64url(new Uint8Array(await crypto.subtle.sign('HMAC', k, enc.encode(message))))
}

/**
 * The page's side of the bridge handshake: check the host's proof, then present the token.
 * The proof to expect is computed as soon as the challenge is made, while the socket is still
 * connecting: the tab's first WebCrypto calls cost tens of ms on a loaded machine, and after the
 * host's hello they would delay the start-up reads by as much (T1-warm).
 */
export function createHostHandshake(token: Promise<string | null>): HostHandshake {
  const proofFor = (challenge: string) => token.then((t) => (t ? hmacBase64url(t, HOST_PROOF_LABEL + challenge) : null))
  // Only the latest connection's: a socket that closed before the host's hello is never answered.
  let expected: { challenge: string; proof: Promise<string | null> } | null = null
  return {
    challenge: () => {
      const challenge = base64url(crypto.getRandomValues(new Uint8Array(32)))
      const proof = proofFor(challenge)
      proof.catch(() => {}) // a failure is met (and reported as a refusal) when the hello is answered
      expected = { challenge, proof }
      return challenge
    },
    async answer(challenge, proof) {
      const t = await token
      if (!t) return null
      const want = expected?.challenge === challenge ? expected.proof : proofFor(challenge)
      if (expected?.challenge === challenge) expected = null
      return (await want) === proof ? JSON.stringify({ t: 'auth', token: t }) : null
    }
  }
}
