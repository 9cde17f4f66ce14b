import type { QueueHold } from '@shared/contract/queue'
import type { Preflight } from '@shared/domain/balance'
import { priceKey } from '@shared/domain/estimate'
import { StudioError } from '@shared/errors'
import type { QueuedRequest } from './queue-table'

/** What the queue asks of the balance host before a create: the same pre-flight a form's send gets. */
export interface HoldCheck {
  preflight(input: { profileId?: string; model: string; kind: 'image' | 'video'; params?: string }): Promise<Preflight>
}

const whole = (n: number) => Math.round(n).toLocaleString('en')

/** The model a queued request is priced by (a native task without one: the model the queue resolved). */
function modelOf(item: QueuedRequest, model?: string): string {
  return model ?? item.req.model ?? ''
}

/** The price key a queued request is estimated by: the same fields its form estimates with. */
export function queuedPriceKey(item: QueuedRequest): string {
  if (item.kind === 'image') return priceKey({ ...item.req, via: 'generate' })
  if (item.kind === 'image-native') return priceKey({ ...item.req, via: 'native' })
  if (item.kind === 'image-edit') return priceKey({ ...item.req, via: 'edit' })
  if (item.kind === 'video-remix') return priceKey({ size: item.req.size, via: 'remix' })
  return priceKey(item.req)
}

/**
 * Why a queued item waits instead of being sent, as data: a daily or weekly spending limit it would
 * cross, or a balance that would fall below the profile's low-balance threshold (or below the job's
 * own expected cost). Null when it may go. The page words it in its language (QueueHoldText).
 */
export async function queueHold(
  balance: HoldCheck,
  profileId: string,
  item: QueuedRequest,
  model?: string
): Promise<QueueHold | null> {
  const kind = item.kind.startsWith('video') ? 'video' : 'image'
  const p = await balance.preflight({ profileId, model: modelOf(item, model), kind, params: queuedPriceKey(item) })
  const estimate = p.expectedCost
  if (p.reason === 'daily-limit' && p.limit)
    return { kind: 'daily-limit', limit: p.limit.limit, spent: p.limit.spent, estimate }
  if (p.reason === 'weekly-limit' && p.limit)
    return { kind: 'weekly-limit', limit: p.limit.limit, spent: p.limit.spent, estimate }
  if (p.reason === 'threshold-limit' && p.limit)
    return { kind: 'below-threshold', available: p.limit.spent, threshold: p.limit.limit, estimate }
  if (p.reason === 'below-threshold' && p.available !== null)
    return { kind: 'below-threshold', available: p.available, threshold: null, estimate }
  if (p.reason === 'below-cost' && p.available !== null) return { kind: 'below-cost', available: p.available, estimate }
  return null
}

/** What the queue asks of the profiles before a create. */
export interface ProfileCheck {
  get(id: string): { name: string }
  connection(id: string): Promise<unknown>
}

/**
 * Why an item's own profile cannot send it, as data: removed, or without a usable key (none saved,
 * or the keychain would not give it). Null when it can; any other problem is the create's to report.
 */
export async function profileHold(profiles: ProfileCheck, profileId: string): Promise<QueueHold | null> {
  let name: string
  try {
    name = profiles.get(profileId).name
  } catch (e) {
    if (e instanceof StudioError && e.code === 'NOT_FOUND') return { kind: 'profile-missing' }
    throw e
  }
  try {
    await profiles.connection(profileId)
  } catch (e) {
    if (e instanceof StudioError && e.code === 'NOT_FOUND') return { kind: 'profile-missing' }
    if (e instanceof StudioError && (e.code === 'KEY_MISSING' || e.code === 'KEY_UNAVAILABLE'))
      return { kind: 'no-key', profile: name }
  }
  return null
}

/** A hold in the host's words (English): the item's `reason`, for logs and any reader of the queue without the page's strings. */
export function holdText(h: QueueHold): string {
  if (h.kind === 'refused') return h.message
  if (h.kind === 'profile-missing')
    return 'Held: the profile this was queued under no longer exists. It is never sent under another profile; remove it, or queue it again on another profile.'
  if (h.kind === 'no-key')
    return `Held: the profile “${h.profile}” this was queued under has no usable API key. Add the key in Settings; it is never sent under another profile.`
  const expected = h.estimate !== null ? `; this job is expected to cost about ${whole(h.estimate)}` : ''
  if (h.kind === 'daily-limit' || h.kind === 'weekly-limit') {
    return `Held by the ${h.kind === 'daily-limit' ? 'daily' : 'weekly'} spending limit: ${whole(h.spent)} spent of ${whole(h.limit)}${expected}. Let it go, or raise the limit.`
  }
  if (h.kind === 'below-threshold') {
    return `Held by the low-balance threshold: ${whole(h.available)} left${expected}, which would take the balance below the threshold. Let it go, or lower the threshold.`
  }
  return `Held: ${whole(h.available)} left, less than this job is expected to cost${expected}. Top up and let it go.`
}

/** The hold's words, or null when the item may go. */
export async function queueHoldReason(
  balance: HoldCheck,
  profileId: string,
  item: QueuedRequest,
  model?: string
): Promise<string | null> {
  const h = await queueHold(balance, profileId, item, model)
  return h ? holdText(h) : null
}
