import { StudioError } from '@shared/errors'
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

/**
 * Model ids from a model-list answer, leniently: the content format's `{models:[{name}]}` (bare
 * names on this gateway, `models/…` on others), or an OpenAI-style `{data:[{id}]}`.
 */
export function parseModelList(body: unknown): { models: string[]; nextPageToken?: string } {
  const b = (body ?? {}) as Body
  const list = Array.isArray(b.models) ? b.models : Array.isArray(b.data) ? b.data : null
  if (!list) throw new StudioError('NOT_A_GATEWAY', 'The address answered, but not with a model list. Check the base URL.')
  const models = list.flatMap((item) => {
    const id = idOf(item)?.trim().replace(/^models\//, '')
    return id ? [id] : []
  })
  const next = typeof b.nextPageToken === 'string' && b.nextPageToken !== '' ? b.nextPageToken : undefined
  return { models, ...(next ? { nextPageToken: next } : {}) }
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
    const seen = new Set<string>()
    let pageToken: string | undefined
    for (let page = 0; page < MAX_PAGES; page++) {
      const res = await sendGateway(this.fetchImpl, conn, {
        method: 'GET',
        path: '/v1beta/models',
        ...(pageToken ? { query: { pageToken } } : {}),
        timeoutMs: 20_000
      })
      const { models, nextPageToken } = parseModelList(await readJson(res))
      for (const m of models) seen.add(m)
      if (!nextPageToken || nextPageToken === pageToken) break
      pageToken = nextPageToken
    }
    const entry = { models: [...seen].sort((a, b) => a.localeCompare(b)), fetchedAt: this.now() }
    this.cache.set(profileId, entry)
    return entry
  }
}
