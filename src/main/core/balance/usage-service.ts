import type { KeyUsage } from '@shared/domain/usage'
import { StudioError } from '@shared/errors'
import type { FetchLike } from '../gateway/http'
import { fetchTokenUsage } from '../gateway/usage'
import type { ProfileService } from '../profiles/profile-service'

/** The usage route allows about 20 calls per 20 minutes per IP; we stay under it with a margin. */
export const USAGE_WINDOW_MS = 20 * 60_000
export const USAGE_MAX_CALLS_PER_WINDOW = 15
/** A cached record younger than this is served without asking the gateway, even on refresh (double clicks). */
export const USAGE_MIN_INTERVAL_MS = 10_000
/** Automatic snapshots (after generations) leave this many calls of every window to the user's own refreshes. */
export const USAGE_AUTO_RESERVE = 5
/** After a 429 without Retry-After the origin rests this long, doubling on each further 429. */
export const USAGE_COOLDOWN_MS = 60_000

type Connection = Pick<ProfileService, 'connection'>

/**
 * Key usage per profile, fetched on demand and cached. Calls are counted per gateway origin in a
 * sliding window so the studio never trips the gateway's limiter; when the budget is spent the last
 * record is served (its `fetchedAt` shows its age). A 429 makes the origin rest (Retry-After, or
 * a doubling pause) before it is asked again.
 */
export class UsageService {
  private readonly cache = new Map<string, KeyUsage>()
  private readonly calls = new Map<string, number[]>()
  private readonly inflight = new Map<string, Promise<KeyUsage>>()
  private readonly fetchedAt = new Map<string, number>()
  private readonly cooldown = new Map<string, { until: number; ms: number }>()
  private readonly listeners = new Set<(profileId: string, usage: KeyUsage) => void>()

  constructor(
    private readonly profiles: Connection,
    private readonly fetchImpl: FetchLike,
    onUpdate: (profileId: string, usage: KeyUsage) => void,
    private readonly now: () => number = Date.now
  ) {
    this.listeners.add(onUpdate)
  }

  /** Another listener for fresh records (snapshots, alerts). */
  onUpdated(listener: (profileId: string, usage: KeyUsage) => void): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  /** Whether a call fits the window, keeping `reserve` calls free; else how long until one does. */
  budget(origin: string, reserve = 0): { ok: boolean; retryAfterMs: number } {
    const t = this.now()
    const recent = (this.calls.get(origin) ?? []).filter((c) => t - c < USAGE_WINDOW_MS)
    this.calls.set(origin, recent)
    const limit = USAGE_MAX_CALLS_PER_WINDOW - reserve
    const rest = this.cooldown.get(origin)
    const restMs = rest && rest.until > t ? rest.until - t : 0
    if (recent.length < limit) return { ok: restMs === 0, retryAfterMs: restMs }
    // The call that must leave the window before one more fits.
    const blocking = recent[recent.length - limit]
    return { ok: false, retryAfterMs: Math.max(restMs, USAGE_WINDOW_MS - (t - blocking)) }
  }

  /** Calls made to an origin in the current window (tests, diagnostics). */
  callsInWindow(origin: string): number {
    this.budget(origin)
    return this.calls.get(origin)!.length
  }

  cached(profileId: string): KeyUsage | undefined {
    return this.cache.get(profileId)
  }

  async get(profileId: string, refresh = false): Promise<KeyUsage> {
    const cached = this.cache.get(profileId)
    const fetchedAt = this.fetchedAt.get(profileId) ?? 0
    if (cached && (!refresh || this.now() - fetchedAt < USAGE_MIN_INTERVAL_MS)) return cached
    return this.fetchShared(profileId, { cached, reserve: 0, strict: refresh })
  }

  /**
   * A fresh record for an automatic snapshot, only when the budget allows it with the user's
   * reserve kept; otherwise `{ waitMs }` says when to try again. Never throws for budget reasons.
   */
  async refreshIfAllowed(profileId: string): Promise<{ usage: KeyUsage } | { waitMs: number }> {
    const conn = await this.profiles.connection(profileId)
    const b = this.budget(new URL(conn.baseUrl).origin, USAGE_AUTO_RESERVE)
    if (!b.ok) return { waitMs: b.retryAfterMs }
    return {
      usage: await this.fetchShared(profileId, {
        cached: this.cache.get(profileId),
        reserve: USAGE_AUTO_RESERVE,
        strict: true
      })
    }
  }

  private fetchShared(
    profileId: string,
    opts: { cached: KeyUsage | undefined; reserve: number; strict: boolean }
  ): Promise<KeyUsage> {
    const running = this.inflight.get(profileId)
    if (running) return running
    // Registered before the first await so concurrent callers share one request.
    const p = this.fetchFresh(profileId, opts).finally(() => this.inflight.delete(profileId))
    this.inflight.set(profileId, p)
    return p
  }

  /**
   * One call for a key that may not be saved yet (Test connection): it spends the same per-origin
   * budget as the dashboard, so testing again and again cannot trip the gateway's limiter either.
   */
  async probe(conn: { baseUrl: string; key: string }): Promise<KeyUsage> {
    return this.call(conn, { cached: undefined, reserve: 0, strict: true })
  }

  private async fetchFresh(
    profileId: string,
    opts: { cached: KeyUsage | undefined; reserve: number; strict: boolean }
  ): Promise<KeyUsage> {
    const conn = await this.profiles.connection(profileId)
    const usage = await this.call(conn, opts)
    if (usage === opts.cached) return usage
    this.cache.set(profileId, usage)
    this.fetchedAt.set(profileId, usage.fetchedAt)
    for (const l of this.listeners) l(profileId, usage)
    return usage
  }

  /** The usage route within the origin's budget; a spent budget serves `cached` when there is one. */
  private async call(
    conn: { baseUrl: string; key: string },
    opts: { cached: KeyUsage | undefined; reserve: number; strict: boolean }
  ): Promise<KeyUsage> {
    const origin = new URL(conn.baseUrl).origin
    const budget = this.budget(origin, opts.reserve)
    if (!budget.ok) {
      const resting = (this.cooldown.get(origin)?.until ?? 0) > this.now()
      // A spent budget serves the last record; a rest after the gateway's 429 says so when asked to refresh.
      if (opts.cached && !(resting && opts.strict)) return opts.cached
      const minutes = Math.max(1, Math.ceil(budget.retryAfterMs / 60_000))
      const message = resting
        ? `The gateway rate-limited the usage route (429); the studio waits about ${minutes} min before asking again.`
        : `The balance was checked often recently; the studio waits ${minutes} min to stay under the gateway's limit.`
      throw new StudioError('RATE_LIMITED', message, {
        retryable: true,
        details: { retryAfterMs: budget.retryAfterMs, local: true, reason: resting ? 'cooldown' : 'budget' }
      })
    }
    const t = this.now()
    this.calls.get(origin)!.push(t)
    let usage: KeyUsage
    try {
      usage = await fetchTokenUsage(this.fetchImpl, conn)
    } catch (e) {
      throw this.onFailure(origin, e)
    }
    this.cooldown.delete(origin)
    return { ...usage, fetchedAt: t }
  }

  /** Rests the origin after a 429; marks a `{success:false}` answer so the page can name it. */
  private onFailure(origin: string, e: unknown): unknown {
    if (!(e instanceof StudioError)) return e
    if (e.code === 'RATE_LIMITED') {
      const prev = this.cooldown.get(origin)
      const retryAfter = typeof e.details?.retryAfterMs === 'number' ? e.details.retryAfterMs : null
      const ms = retryAfter ?? Math.min(USAGE_WINDOW_MS, prev ? prev.ms * 2 : USAGE_COOLDOWN_MS)
      this.cooldown.set(origin, { until: this.now() + ms, ms })
      return new StudioError(e.code, e.message, {
        status: e.status,
        retryable: true,
        details: { ...e.details, retryAfterMs: ms, reason: 'gateway-429' },
        cause: e
      })
    }
    if (e.code === 'GATEWAY_ERROR' && e.status === undefined && e.message.startsWith('The gateway could not look up')) {
      const gatewayMessage = e.message.replace(/^[^:]*:\s*/, '')
      return new StudioError(e.code, e.message, {
        retryable: true,
        details: { ...e.details, reason: 'lookup-failed', gatewayMessage },
        cause: e
      })
    }
    return e
  }

  forget(profileId: string): void {
    this.cache.delete(profileId)
    this.fetchedAt.delete(profileId)
  }
}
