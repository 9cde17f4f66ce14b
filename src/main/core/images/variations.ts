import {
  EditRequestSchema,
  GenerateRequestSchema,
  NativeTaskRequestSchema,
  type EditRequest,
  type GenerateRequest,
  type NativeTaskRequest
} from '@shared/domain/images'
import type { StoredItem } from './gallery-index'
import { invalid } from './validate'

/**
 * "More like this": the request that made a gallery image, rebuilt from what its item keeps, to be
 * sent again. A family whose body takes a seed gets a fresh one each time (else every variation
 * would be the same picture); any other family is sent the same request, and the gateway's own
 * randomness makes the variety.
 */

/** How many variations one call may ask for, and the default the page offers. */
export const VARIATIONS_MAX = 8
export const VARIATIONS_DEFAULT = 4

/**
 * Image body families whose request has a `seed` field. The spec gives none of the image bodies
 * (generations in both families, the native task, both edit families) a seed, so none is here; a
 * family that gains one is added as data.
 */
export const SEEDED_IMAGE_FAMILIES: ReadonlySet<string> = new Set<string>()

/** The largest seed the spec's bodies take; 0 or absent means "random" there, so a fresh seed is 1 or more. */
const SEED_MAX = 2_147_483_647

/** The item parameters a variation adds, left out when the request is rebuilt. */
export const VARIATION_KEYS = ['variationOf', 'variationGroup'] as const

export type VariationPlan =
  | { kind: 'generate'; family: string; request: GenerateRequest }
  | { kind: 'native'; family: string; request: NativeTaskRequest }
  | { kind: 'edit'; family: string; request: EditRequest; maskFile?: string }

/** The request again, with a fresh seed when the family takes one. */
export function varyRequest<T extends object>(
  request: T,
  family: string,
  random: () => number = Math.random,
  seeded: ReadonlySet<string> = SEEDED_IMAGE_FAMILIES
): T {
  if (!seeded.has(family)) return { ...request }
  return { ...request, seed: 1 + Math.floor(random() * (SEED_MAX - 1)) }
}

function requestParams(item: StoredItem): Record<string, unknown> {
  const p: Record<string, unknown> = { ...item.params }
  for (const k of VARIATION_KEYS) delete p[k]
  return p
}

const cannot = (why: string) => invalid('id', `"More like this" cannot repeat this image: ${why}`)

/** What to send again for `item`; refused (INVALID_INPUT at `id`) when its request cannot be rebuilt. */
export function variationPlan(item: StoredItem): VariationPlan {
  const p = requestParams(item)
  if (item.origin === 'generate') {
    const r = GenerateRequestSchema.safeParse(p)
    if (!r.success)
      throw cannot('its request names a local file that is no longer available, or was saved by an older version.')
    return { kind: 'generate', family: r.data.family, request: r.data }
  }
  if (item.origin === 'native') {
    const r = NativeTaskRequestSchema.safeParse(p)
    if (!r.success) throw cannot('its request was saved by an older version.')
    return { kind: 'native', family: 'native', request: r.data }
  }
  if (item.origin === 'edit') {
    const { source, masked, ...rest } = p
    void masked
    const s = source as { kind?: unknown; itemId?: unknown } | undefined
    if (s?.kind !== 'gallery' || typeof s.itemId !== 'string')
      throw cannot('it was edited from a local file, which is not kept.')
    const r = EditRequestSchema.safeParse({ ...rest, source: { kind: 'gallery', itemId: s.itemId } })
    if (!r.success) throw cannot('its request was saved by an older version.')
    return {
      kind: 'edit',
      family: r.data.family ?? 'edit',
      request: r.data,
      ...(item.maskFile ? { maskFile: item.maskFile } : {})
    }
  }
  throw cannot(
    item.origin === 'protect'
      ? 'a protected copy was not made by a request; ask for more like the edit it protects.'
      : 'it was taken from a video, not made by a request.'
  )
}
