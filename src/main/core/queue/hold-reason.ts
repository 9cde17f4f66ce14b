import type { Preflight } from '@shared/domain/balance'
import { priceKey } from '@shared/domain/estimate'
import type { QueuedRequest } from './queue-table'

/** What the queue asks of the balance host before a create: the same pre-flight a form's send gets. */
export interface HoldCheck {
  preflight(input: { profileId?: string; model: string; kind: 'image' | 'video'; params?: string }): Promise<Preflight>
}

const whole = (n: number) => Math.round(n).toLocaleString('en')

/** The price key a queued request is estimated by: the same fields its form estimates with. */
export function queuedPriceKey(item: QueuedRequest): string {
  if (item.kind === 'image') return priceKey({ ...item.req, via: 'generate' })
  if (item.kind === 'video-remix') return priceKey({ size: item.req.size, via: 'remix' })
  return priceKey(item.req)
}

/**
 * Why a queued item waits instead of being sent: a daily or weekly spending limit it would cross,
 * or a balance that would fall below the profile's low-balance threshold (or below the job's own
 * expected cost). Null when it may go. The host's words, as a held form send shows them.
 */
export async function queueHoldReason(balance: HoldCheck, profileId: string, item: QueuedRequest): Promise<string | null> {
  const kind = item.kind === 'image' ? 'image' : 'video'
  const p = await balance.preflight({ profileId, model: item.req.model, kind, params: queuedPriceKey(item) })
  const expected = p.expectedCost !== null ? `; this job is expected to cost about ${whole(p.expectedCost)}` : ''
  if ((p.reason === 'daily-limit' || p.reason === 'weekly-limit') && p.limit) {
    return `Held by the ${p.limit.kind} spending limit: ${whole(p.limit.spent)} spent of ${whole(p.limit.limit)}${expected}. Let it go, or raise the limit.`
  }
  if (p.reason === 'below-threshold' && p.available !== null) {
    return `Held by the low-balance threshold: ${whole(p.available)} left${expected}, which would take the balance below the threshold. Let it go, or lower the threshold.`
  }
  if (p.reason === 'below-cost' && p.available !== null) {
    return `Held: ${whole(p.available)} left, less than this job is expected to cost${expected}. Top up and let it go.`
  }
  return null
}
