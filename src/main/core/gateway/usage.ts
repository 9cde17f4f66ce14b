import type { KeyUsage } from '@shared/domain/usage'
import { StudioError } from '@shared/errors'
import { errorFromBody } from './errors'
import { readJson, sendGateway, type FetchLike, type GatewayConnection } from './http'

const num = (v: unknown): number =>
  typeof v === 'number' && Number.isFinite(v)
    ? v
    : typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))
      ? Number(v)
      : 0

/** Normalises `GET /api/usage/token/` leniently: odd field types become defaults, never a crash. */
export function parseTokenUsage(body: unknown, fetchedAt: number): KeyUsage {
  const refused = errorFromBody(body)
  if (refused) throw refused
  const b = (body ?? {}) as Record<string, unknown>
  if (b.success === false || b.code === false) {
    const message = typeof b.message === 'string' ? b.message : 'unknown reason'
    throw new StudioError('GATEWAY_ERROR', `The gateway could not look up this key's quota: ${message}`)
  }
  const d = b.data
  if (!d || typeof d !== 'object') {
    throw new StudioError('NOT_A_GATEWAY', 'The address answered, but not with a key usage record. Check the base URL.')
  }
  const data = d as Record<string, unknown>
  const limits: Record<string, number | boolean> = {}
  if (data.model_limits && typeof data.model_limits === 'object') {
    for (const [model, v] of Object.entries(data.model_limits as Record<string, unknown>)) {
      if (typeof v === 'boolean' || (typeof v === 'number' && Number.isFinite(v))) limits[model] = v
    }
  }
  return {
    name: typeof data.name === 'string' ? data.name : '',
    totalGranted: num(data.total_granted),
    totalUsed: num(data.total_used),
    totalAvailable: num(data.total_available),
    unlimited: data.unlimited_quota === true,
    modelLimitsEnabled: data.model_limits_enabled === true,
    modelLimits: limits,
    expiresAt: Math.max(0, num(data.expires_at)),
    fetchedAt
  }
}

export async function fetchTokenUsage(
  fetchImpl: FetchLike,
  conn: GatewayConnection,
  signal?: AbortSignal
): Promise<KeyUsage> {
  const res = await sendGateway(fetchImpl, conn, {
    method: 'GET',
    path: '/api/usage/token/',
    timeoutMs: 20_000,
    signal
  })
  return parseTokenUsage(await readJson(res), Date.now())
}
