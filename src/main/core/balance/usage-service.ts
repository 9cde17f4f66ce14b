import type { KeyUsage } from '@shared/domain/usage'
import { StudioError } from '@shared/errors'
import type { FetchLike } from '../gateway/http'
import { fetchTokenUsage } from '../gateway/usage'
import type { ProfileService } from '../profiles/profile-service'

/** The usage route allows about 20 calls per 20 minutes per IP; we stay under it with a margin. */
export const USAGE_WINDOW_MS = 20 * 60_000
export const USAGE_MAX_CALLS_PER_WINDOW = 15
/** A cached record younger than this is served without asking the gateway, even on refresh. */
export const USAGE_MIN_INTERVAL_MS = 30_000

/**
 * Key usage per profile, fetched on demand and cached. Calls are counted per gateway origin in a
 * sliding window so the studio never trips the gateway's limiter; when the budget is spent the last
 * record is served (its `fetchedAt` shows its age).
 */
export class UsageService {
  private readonly cache = new Map<string, KeyUsage>()
  private readonly calls = new Map<string, number[]>()
  private readonly inflight = new Map<string, Promise<KeyUsage>>()
  private readonly fetchedAt = new Map<string, number>()

  constructor(
    private readonly profiles: ProfileService,
    private readonly fetchImpl: FetchLike,
    private readonly onUpdate: (profileId: string, usage: KeyUsage) => void,
    private readonly now: () => number = Date.now
  ) {}

  private budgetLeft(origin: string): { ok: boolean; retryAfterMs: number } {
    const t = this.now()
    const recent = (this.calls.get(origin) ?? []).filter((c) => t - c < USAGE_WINDOW_MS)
    this.calls.set(origin, recent)
    if (recent.length < USAGE_MAX_CALLS_PER_WINDOW) return { ok: true, retryAfterMs: 0 }
    return { ok: false, retryAfterMs: USAGE_WINDOW_MS - (t - recent[0]) }
  }

  cached(profileId: string): KeyUsage | undefined {
    return this.cache.get(profileId)
  }

  async get(profileId: string, refresh = false): Promise<KeyUsage> {
    const cached = this.cache.get(profileId)
    const fetchedAt = this.fetchedAt.get(profileId) ?? 0
    if (cached && (!refresh || this.now() - fetchedAt < USAGE_MIN_INTERVAL_MS)) return cached
    const running = this.inflight.get(profileId)
    if (running) return running
    // Registered before the first await so concurrent callers share one request.
    const p = this.fetchFresh(profileId, cached).finally(() => this.inflight.delete(profileId))
    this.inflight.set(profileId, p)
    return p
  }

  private async fetchFresh(profileId: string, cached: KeyUsage | undefined): Promise<KeyUsage> {
    const conn = await this.profiles.connection(profileId)
    const origin = new URL(conn.baseUrl).origin
    const budget = this.budgetLeft(origin)
    if (!budget.ok) {
      if (cached) return cached
      throw new StudioError('RATE_LIMITED', `The balance was checked often recently; the studio waits ${Math.ceil(budget.retryAfterMs / 60_000)} min to stay under the gateway's limit.`, {
        retryable: true,
        details: { retryAfterMs: budget.retryAfterMs, local: true }
      })
    }
    const t = this.now()
    this.calls.get(origin)!.push(t)
    const usage = await fetchTokenUsage(this.fetchImpl, conn)
    this.cache.set(profileId, usage)
    this.fetchedAt.set(profileId, t)
    this.onUpdate(profileId, usage)
    return usage
  }

  forget(profileId: string): void {
    this.cache.delete(profileId)
    this.fetchedAt.delete(profileId)
  }
}
