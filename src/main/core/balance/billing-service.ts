import { UNLIMITED_BILLING_LIMIT, type BillingPrefix, type BillingSummary } from '@shared/domain/balance'
import { StudioError } from '@shared/errors'
import { readJson, sendGateway, type FetchLike, type GatewayConnection } from '../gateway/http'

const num = (v: unknown): number | null =>
  typeof v === 'number' && Number.isFinite(v)
    ? v
    : typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))
      ? Number(v)
      : null

/** The billing routes answer a failed quota lookup with 200 and an error object (GATEWAY.md §3a). */
function refusalOf(body: unknown): StudioError | null {
  const err = (body as { error?: unknown } | null)?.error
  if (!err || typeof err !== 'object') return null
  const e = err as Record<string, unknown>
  const gatewayMessage =
    typeof e.message === 'string' ? e.message.replace(/\s*\(request id: [^)]+\)\s*$/, '') : 'no reason given'
  const gatewayCode =
    typeof e.code === 'number' ? String(e.code) : typeof e.code === 'string' && e.code !== '' ? e.code : undefined
  return new StudioError(
    'GATEWAY_ERROR',
    `The gateway could not look up the quota for the billing figures: ${gatewayMessage}${gatewayCode ? ` (code ${gatewayCode})` : ''}`,
    {
      retryable: true,
      details: {
        reason: 'quota-query-failed',
        gatewayMessage,
        ...(gatewayCode ? { gatewayCode } : {}),
        ...(typeof e.type === 'string' ? { gatewayType: e.type } : {})
      }
    }
  )
}

function notBilling(what: string): StudioError {
  return new StudioError('NOT_A_GATEWAY', `The ${what} route answered, but not with billing figures.`, {
    details: { reason: 'not-billing' }
  })
}

export function parseSubscription(body: unknown): Omit<BillingSummary, 'prefix' | 'totalUsage' | 'fetchedAt'> {
  const refused = refusalOf(body)
  if (refused) throw refused
  const b = (body ?? {}) as Record<string, unknown>
  const hard = num(b.hard_limit_usd)
  if (hard === null && num(b.soft_limit_usd) === null) throw notBilling('subscription')
  const soft = num(b.soft_limit_usd) ?? hard ?? 0
  const hardLimit = hard ?? soft
  return {
    hasPaymentMethod: b.has_payment_method === true,
    softLimit: soft,
    hardLimit,
    systemHardLimit: num(b.system_hard_limit_usd) ?? hardLimit,
    accessUntil: Math.max(0, num(b.access_until) ?? 0),
    unlimited: hardLimit >= UNLIMITED_BILLING_LIMIT
  }
}

export function parseBillingUsage(body: unknown): number {
  const refused = refusalOf(body)
  if (refused) throw refused
  const v = num((body as Record<string, unknown> | null)?.total_usage)
  if (v === null) throw notBilling('billing usage')
  return v
}

/** The route form is missing here (404 or a web page), so the other form may answer. */
function isMissingRoute(e: unknown): boolean {
  return (
    e instanceof StudioError &&
    (e.status === 404 || (e.code === 'NOT_A_GATEWAY' && e.details?.reason !== 'not-billing'))
  )
}

export interface BillingDeps {
  fetch: FetchLike
  connection(profileId: string): Promise<GatewayConnection>
  /** The prefix that answered last time for this profile (remembered across launches). */
  prefixOf(profileId: string): BillingPrefix | undefined
  rememberPrefix(profileId: string, prefix: BillingPrefix): void
  now?: () => number
}

/** A cached answer younger than this is served even on refresh (double clicks). */
export const BILLING_MIN_INTERVAL_MS = 10_000

/**
 * Subscription + billing usage. The gateway may serve the unprefixed form, the `/v1` form or both;
 * the one that answers is remembered per profile and tried first next time.
 */
export class BillingService {
  private readonly cache = new Map<string, BillingSummary>()
  private readonly inflight = new Map<string, Promise<BillingSummary>>()
  private readonly now: () => number

  constructor(private readonly d: BillingDeps) {
    this.now = d.now ?? Date.now
  }

  get(profileId: string, refresh = false): Promise<BillingSummary> {
    const cached = this.cache.get(profileId)
    if (cached && (!refresh || this.now() - cached.fetchedAt < BILLING_MIN_INTERVAL_MS)) return Promise.resolve(cached)
    const running = this.inflight.get(profileId)
    if (running) return running
    const p = this.fetchFresh(profileId).finally(() => this.inflight.delete(profileId))
    this.inflight.set(profileId, p)
    return p
  }

  forget(profileId: string): void {
    this.cache.delete(profileId)
  }

  private async fetchFresh(profileId: string): Promise<BillingSummary> {
    const conn = await this.d.connection(profileId)
    const first = this.d.prefixOf(profileId) ?? ''
    const order: BillingPrefix[] = first === '' ? ['', '/v1'] : ['/v1', '']
    let lastMissing: unknown
    for (const prefix of order) {
      try {
        const summary = await this.fetchWith(conn, prefix)
        if (prefix !== this.d.prefixOf(profileId)) this.d.rememberPrefix(profileId, prefix)
        this.cache.set(profileId, summary)
        return summary
      } catch (e) {
        if (!isMissingRoute(e)) throw e
        lastMissing = e
      }
    }
    throw new StudioError(
      'NOT_A_GATEWAY',
      'Neither /dashboard/billing/… nor /v1/dashboard/billing/… answered on this gateway.',
      {
        details: { reason: 'no-billing-routes' },
        cause: lastMissing
      }
    )
  }

  private async fetchWith(conn: GatewayConnection, prefix: BillingPrefix): Promise<BillingSummary> {
    const get = async (path: string) =>
      readJson(await sendGateway(this.d.fetch, conn, { method: 'GET', path: `${prefix}${path}`, timeoutMs: 20_000 }))
    const sub = parseSubscription(await get('/dashboard/billing/subscription'))
    const totalUsage = parseBillingUsage(await get('/dashboard/billing/usage'))
    return { ...sub, prefix, totalUsage, fetchedAt: this.now() }
  }
}
