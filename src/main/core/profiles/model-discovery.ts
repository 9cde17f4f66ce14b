import {
  DISCOVERY_LIMITS,
  type DiscoveredModel,
  type DiscoveryReport,
  type DiscoveryRoute,
  type DiscoveryRouteReport
} from '@shared/domain/discovery'
import { StudioError } from '@shared/errors'
import { fetchModelPages, type ListedModel } from '../chat/models'
import type { FetchLike, GatewayConnection } from '../gateway/http'

/** A route that takes longer than this is reported as timed out; the other route's names still count. */
export const DISCOVERY_TIMEOUT_MS = 15_000
/** A gateway that keeps handing out fresh page tokens stops here. */
export const DISCOVERY_MAX_PAGES = 50

const PATHS: Record<DiscoveryRoute, string> = { 'GET /v1beta/models': '/v1beta/models', 'GET /v1/models': '/v1/models' }

// Control characters and the like would make a name the page cannot show or a user cannot type.
const PRINTABLE = /^[^\p{Cc}\p{Cf}\p{Zl}\p{Zp}]+$/u

function clean(m: ListedModel): DiscoveredModel | null {
  if (m.name.length > DISCOVERY_LIMITS.nameMax || !PRINTABLE.test(m.name)) return null
  const label = m.label && m.label.length <= DISCOVERY_LIMITS.labelMax && PRINTABLE.test(m.label) ? m.label : undefined
  const types = m.endpointTypes
    ?.filter((t) => t.length <= DISCOVERY_LIMITS.endpointTypeMax && PRINTABLE.test(t))
    .slice(0, DISCOVERY_LIMITS.endpointTypesMax)
  return { name: m.name, ...(label ? { label } : {}), ...(types?.length ? { endpointTypes: types } : {}) }
}

/** The route's own failure, worded so the page can say which route failed and why. */
function routeError(route: DiscoveryRoute, e: unknown, timedOutAfterMs: number | null): StudioError {
  if (timedOutAfterMs !== null) {
    return new StudioError('TIMEOUT', `${route} did not answer within ${timedOutAfterMs / 1000} s.`, {
      retryable: true,
      details: { route }
    })
  }
  if (e instanceof StudioError) {
    if (e.status === 404) {
      return new StudioError('GATEWAY_ERROR', `This gateway does not serve ${route} (404).`, {
        status: 404,
        details: { ...e.details, route }
      })
    }
    return new StudioError(e.code, `${route}: ${e.message}`, {
      status: e.status,
      retryable: e.retryable,
      details: { ...e.details, route }
    })
  }
  return new StudioError('GATEWAY_ERROR', `${route} failed: ${e instanceof Error ? e.message : String(e)}`, {
    details: { route }
  })
}

/**
 * `profiles:discover-models`: both model-list routes of a profile's gateway, side by side. Never
 * fails because one route did: each route answers with its names or its own coded error.
 */
export class ModelDiscovery {
  constructor(
    private readonly fetchImpl: FetchLike,
    private readonly connection: (profileId: string) => Promise<GatewayConnection>,
    private readonly now: () => number = Date.now,
    private readonly timeoutMs = DISCOVERY_TIMEOUT_MS
  ) {}

  async discover(profileId: string): Promise<DiscoveryReport> {
    const conn = await this.connection(profileId)
    const fetchedAt = this.now()
    const routes = await Promise.all((Object.keys(PATHS) as DiscoveryRoute[]).map((route) => this.route(conn, route)))
    return { fetchedAt, routes }
  }

  private async route(conn: GatewayConnection, route: DiscoveryRoute): Promise<DiscoveryRouteReport> {
    // One deadline for the whole route, every page and body included: a gateway that sends headers
    // and then stalls must not hold discovery open.
    const deadline = new AbortController()
    let timedOut = false
    const timer = setTimeout(() => {
      timedOut = true
      deadline.abort(new Error('timeout'))
    }, this.timeoutMs)
    try {
      const listed = await fetchModelPages(this.fetchImpl, conn, {
        path: PATHS[route],
        timeoutMs: this.timeoutMs,
        maxPages: DISCOVERY_MAX_PAGES,
        signal: deadline.signal
      })
      const models = listed.flatMap((m) => clean(m) ?? []).slice(0, DISCOVERY_LIMITS.modelsMax)
      return { route, ok: true, models }
    } catch (e) {
      return { route, ok: false, models: [], error: routeError(route, e, timedOut ? this.timeoutMs : null).toData() }
    } finally {
      clearTimeout(timer)
    }
  }
}
