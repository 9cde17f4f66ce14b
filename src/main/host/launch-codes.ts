import { randomBytes } from 'node:crypto'

/** How long the address handed to the browser works: long enough for a cold browser start. */
export const LAUNCH_CODE_TTL_MS = 30_000

export interface LaunchCodes {
  /** A new one-time code for the address the host opens in the browser. */
  issue(): string
  /** The launch token for a live, unused code; null otherwise. A code works once, even when it fails. */
  redeem(code: string): string | null
}

/**
 * The address the host opens is visible to every local user (the opener's argv in /proc) and stays
 * in browser history, so it carries a code that works once, for LAUNCH_CODE_TTL_MS, instead of the
 * token. The page exchanges it for the token (SESSION_PATH) and keeps the token in memory.
 */
export function createLaunchCodes(token: string, opts: { ttlMs?: number; now?: () => number } = {}): LaunchCodes {
  const ttl = opts.ttlMs ?? LAUNCH_CODE_TTL_MS
  const now = opts.now ?? Date.now
  const live = new Map<string, number>()
  return {
    issue() {
      const code = randomBytes(16).toString('base64url')
      live.set(code, now() + ttl)
      return code
    },
    redeem(code) {
      const expires = live.get(code)
      live.delete(code)
      for (const [c, at] of live) if (at <= now()) live.delete(c)
      return expires !== undefined && expires > now() ? token : null
    }
  }
}
