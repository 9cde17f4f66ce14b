import { StudioError } from '@shared/errors'
import { gatewayMessageOf } from '../gateway/errors'
import { readJson, sendGateway, type FetchLike, type GatewayConnection } from '../gateway/http'

export const MODELS_TTL_MS = 5 * 60_000
const MAX_PAGES = 10

type Body = Record<string, unknown>

function idOf(item: unknown): string | undefined {
  if (typeof item === 'string') return item
  if (!item || typeof item !== 'object') return undefined
  const x = item as Body
  for (const k of ['name', 'id', 'displayName']) if (typeof x[k] === 'string' && x[k] !== '') return x[k] as string
  return undefined
}

/** One listed model: its name, and what the list says about it when it says anything. */
export interface ListedModel {
  name: string
  /** A display name that differs from the name. */
  label?: string
  /** new-api's `supported_endpoint_types` (e.g. `openai`, `image-generation`, `openai-video`). */
  endpointTypes?: string[]
}

function listedOf(item: unknown): ListedModel | null {
  const name = idOf(item)
    ?.trim()
    .replace(/^models\//, '')
  if (!name) return null
  const x = (item && typeof item === 'object' ? item : {}) as Body
  const label = typeof x.displayName === 'string' ? x.displayName.trim() : ''
  const types = Array.isArray(x.supported_endpoint_types)
    ? x.supported_endpoint_types.filter((t): t is string => typeof t === 'string' && t !== '')
    : []
  return { name, ...(label && label !== name ? { label } : {}), ...(types.length ? { endpointTypes: types } : {}) }
}

/**
 * Model ids from a model-list answer, leniently: the content format's `{models:[{name}]}` (bare
 * names on this gateway, `models/…` on others), or an OpenAI-style `{data:[{id}]}`.
 */
export function parseModelList(body: unknown): { models: string[]; items: ListedModel[]; nextPageToken?: string } {
  const b = (body ?? {}) as Body
  const list = Array.isArray(b.models) ? b.models : Array.isArray(b.data) ? b.data : null
  if (!list) {
    // new-api passes some errors on with status 200: say what the gateway said rather than "not a list".
    const said = gatewayMessageOf(body)
    if (said)
      throw new StudioError(
        'GATEWAY_ERROR',
        `The gateway answered with an error instead of a model list. The gateway said: ${said.message}`,
        { details: { gatewayMessage: said.message, ...(said.code ? { gatewayCode: said.code } : {}) } }
      )
    throw new StudioError('NOT_A_GATEWAY', 'The address answered, but not with a model list. Check the base URL.')
  }
  const items = list.flatMap((item) => {
    const m = listedOf(item)
    return m ? [m] : []
  })
  const next = typeof b.nextPageToken === 'string' && b.nextPageToken !== '' ? b.nextPageToken : undefined
  return { models: items.map((m) => m.name), items, ...(next ? { nextPageToken: next } : {}) }
}

/** One page, under the caller's signal; the link to it is undone after, so a long walk does not pile up listeners. */
async function onePage(
  fetchImpl: FetchLike,
  conn: GatewayConnection,
  opts: { path: string; timeoutMs: number; signal?: AbortSignal },
  pageToken: string | undefined
) {
  const page = new AbortController()
  const outer = opts.signal
  const relay = () => page.abort(outer?.reason)
  if (outer?.aborted) relay()
  else outer?.addEventListener('abort', relay, { once: true })
  try {
    const res = await sendGateway(fetchImpl, conn, {
      method: 'GET',
      path: opts.path,
      ...(pageToken ? { query: { pageToken } } : {}),
      timeoutMs: opts.timeoutMs,
      signal: page.signal
    })
    return parseModelList(await readJson(res))
  } finally {
    outer?.removeEventListener('abort', relay)
  }
}

/**
 * Every page of one model-list route: follows `nextPageToken` until there is none, a token comes
 * back a second time (a gateway that ignores the token would loop forever), or `maxPages`.
 * Names are deduplicated, first listing wins. Throws the route's coded error.
 */
export async function fetchModelPages(
  fetchImpl: FetchLike,
  conn: GatewayConnection,
  opts: { path: string; timeoutMs: number; maxPages: number; signal?: AbortSignal }
): Promise<ListedModel[]> {
  const byName = new Map<string, ListedModel>()
  const tokens = new Set<string>()
  let pageToken: string | undefined
  for (let page = 0; page < opts.maxPages; page++) {
    const { items, nextPageToken } = await onePage(fetchImpl, conn, opts, pageToken)
    for (const m of items) if (!byName.has(m.name)) byName.set(m.name, m)
    if (!nextPageToken || tokens.has(nextPageToken)) break
    tokens.add(nextPageToken)
    pageToken = nextPageToken
  }
  return [...byName.values()]
}

interface Entry {
  models: string[]
  fetchedAt: number
}

/** `GET /v1beta/models` per profile, cached for a few minutes; concurrent callers share one request. */
export class ModelCatalog {
  private readonly cache = new Map<string, Entry>()
  private readonly inflight = new Map<string, Promise<Entry>>()

  constructor(
    private readonly fetchImpl: FetchLike,
    private readonly connection: (profileId: string) => Promise<GatewayConnection>,
    private readonly now: () => number = Date.now
  ) {}

  async list(profileId: string, refresh = false): Promise<Entry> {
    const hit = this.cache.get(profileId)
    if (hit && !refresh && this.now() - hit.fetchedAt < MODELS_TTL_MS) return hit
    let p = this.inflight.get(profileId)
    if (!p) {
      p = this.fetch(profileId).finally(() => this.inflight.delete(profileId))
      this.inflight.set(profileId, p)
    }
    return p
  }

  /** Profiles changed (a key or an address): the lists may be different now. */
  forgetAll(): void {
    this.cache.clear()
  }

  private async fetch(profileId: string): Promise<Entry> {
    const conn = await this.connection(profileId)
    const listed = await fetchModelPages(this.fetchImpl, conn, {
      path: '/v1beta/models',
      timeoutMs: 20_000,
      maxPages: MAX_PAGES
    })
    const entry = { models: listed.map((m) => m.name).sort((a, b) => a.localeCompare(b)), fetchedAt: this.now() }
    this.cache.set(profileId, entry)
    return entry
  }
}
