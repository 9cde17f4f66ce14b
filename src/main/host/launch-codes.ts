import { randomBytes } from 'node:crypto'

/** How long the address handed to the browser works: long enough for a cold browser start. */
export const LAUNCH_CODE_TTL_MS = 30_000

/** What a presented code is worth. `reused`: it already gave the token once, so two parties held it. */
export type Redemption = { ok: true; token: string } | { ok: false; reused: boolean }

export interface LaunchCodes {
  /** A new one-time code for the address the host opens in the browser. */
  issue(): string
  /** The launch token for a live, unused code. A code works once, even when it fails. */
  redeem(code: string): Redemption
  /** Every code not yet used stops working (the token they would give was replaced). */
  revokeAll(): void
}

/** Codes that gave the token are remembered (to tell a second use) up to this many. */
const MAX_SPENT = 1000

/**
 * The address the host opens stays in browser history and, for as long as a browser starts, could
 * be seen by other local users if it were ever on a command line, so it carries a code that works
 * once, for LAUNCH_CODE_TTL_MS, instead of the token. The page exchanges it for the token
 * (SESSION_PATH) and keeps the token in memory. A code presented again after it gave the token means
 * someone else had it too: the caller treats that as a compromise (server.ts rotates the token).
 */
export function createLaunchCodes(token: () => string, opts: { ttlMs?: number; now?: () => number } = {}): LaunchCodes {
  const ttl = opts.ttlMs ?? LAUNCH_CODE_TTL_MS
  const now = opts.now ?? Date.now
  const live = new Map<string, number>()
  const spent = new Set<string>()
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
      if (expires !== undefined && expires > now()) {
        spent.add(code)
        if (spent.size > MAX_SPENT) spent.delete(spent.values().next().value as string)
        return { ok: true, token: token() }
      }
      return { ok: false, reused: spent.has(code) }
    },
    revokeAll() {
      live.clear()
    }
  }
}
