import { describe, expect, it } from 'vitest'
import { ALT_NAMING, modelNames, STANDIN_NAMING } from './index.js'
import { type Json, bearer, call, keysOf, sandboxForFile } from './testing/util.js'

const KEY = 'sk-model-lists'
const sb = await sandboxForFile({
  naming: 'alt',
  modelsPageSize: 7,
  keys: [{ key: KEY, name: 'lists' }, { key: 'sk-model-lists-faults' }]
})
const auth = bearer(KEY)

/** Follows page tokens the way a client must, and returns every page. */
async function allPages(query = ''): Promise<Json[]> {
  const pages: Json[] = []
  let token: string | null = null
  do {
    const sep = query ? '&' : ''
    const r = await call(
      sb,
      'GET',
      `/v1beta/models?${query}${token ? `${sep}pageToken=${encodeURIComponent(token)}` : ''}`,
      { headers: auth }
    )
    expect(r.status).toBe(200)
    pages.push(r.json)
    token = r.json.nextPageToken
  } while (token && pages.length < 100)
  return pages
}

describe('GET /v1beta/models pages', () => {
  it('lists every model of the naming across pages of the configured size, bare names, the last token null', async () => {
    const pages = await allPages()
    const names = pages.flatMap((p) => p.models.map((m: Json) => m.name))
    expect(names).toEqual(modelNames(ALT_NAMING))
    expect(pages.length).toBe(Math.ceil(names.length / 7))
    expect(pages.slice(0, -1).every((p) => p.models.length === 7 && typeof p.nextPageToken === 'string')).toBe(true)
    expect(pages.at(-1).nextPageToken).toBeNull()
    expect(keysOf(pages[0].models[0])).toEqual(
      keysOf({
        name: 1,
        baseModelId: 1,
        version: 1,
        displayName: 1,
        description: 1,
        inputTokenLimit: 1,
        outputTokenLimit: 1,
        supportedGenerationMethods: 1,
        thinking: 1,
        temperature: 1,
        maxTemperature: 1,
        topP: 1,
        topK: 1
      })
    )
    expect(pages[0].models[0].displayName).toBe(pages[0].models[0].name)
    expect(names.filter((n) => modelNames(STANDIN_NAMING).includes(n))).toEqual([])
  })

  it('honours pageSize and refuses a bad one or a token it never handed out', async () => {
    const pages = await allPages('pageSize=20')
    expect(pages.map((p) => p.models.length)).toEqual([20, modelNames(ALT_NAMING).length - 20])
    expect((await call(sb, 'GET', '/v1beta/models?pageSize=0', { headers: auth })).status).toBe(400)
    const bad = await call(sb, 'GET', '/v1beta/models?pageToken=not-a-token', { headers: auth })
    expect(bad.status).toBe(400)
    expect(bad.json.error.message).toMatch(/pageToken is not valid/)
  })
})

describe('GET /v1/models', () => {
  it("answers new-api's list: {object list, data [{id, object model, owned_by, supported_endpoint_types}], success}", async () => {
    const r = await call(sb, 'GET', '/v1/models', { headers: auth })
    expect(r.status).toBe(200)
    expect(keysOf(r.json)).toEqual(['data', 'object', 'success'])
    expect(r.json.object).toBe('list')
    expect(r.json.data.map((m: Json) => m.id)).toEqual(modelNames(ALT_NAMING))
    const byId = new Map<string, Json>(r.json.data.map((m: Json) => [m.id, m]))
    expect(byId.get('canvas-x')).toEqual({
      id: 'canvas-x',
      object: 'model',
      created: expect.any(Number),
      owned_by: 'custom',
      supported_endpoint_types: ['image-generation']
    })
    expect(byId.get('framecast-pro').supported_endpoint_types).toEqual(['openai-video'])
    expect(byId.get('quill-4').supported_endpoint_types).toEqual(['openai', 'anthropic', 'gemini'])
  })
})

describe('model-list faults, so a client can be tried against each failure', () => {
  const routes = [
    ['/v1beta/models', 'models.content'],
    ['/v1/models', 'models.list']
  ] as const
  for (const [path, name] of routes) {
    it(`${path}: no-route answers 404 Invalid URL, unauthorized 401, hang never answers`, async () => {
      const f = (spec: string) => ({ ...auth, 'x-sandbox-fault': `${spec}@${name}` })
      const missing = await call(sb, 'GET', path, { headers: f('no-route') })
      expect(missing.status).toBe(404)
      expect(missing.json.error.message).toBe(`Invalid URL (GET ${path})`)
      const refused = await call(sb, 'GET', path, { headers: f('unauthorized') })
      expect(refused.status).toBe(401)
      expect(refused.json.error.message).toMatch(/^Invalid token/)
      await expect(fetch(sb.url + path, { headers: f('hang'), signal: AbortSignal.timeout(300) })).rejects.toThrow()
      // Scoped to the one route: the other list still answers.
      const other = routes.find(([p]) => p !== path)![0]
      expect((await call(sb, 'GET', other, { headers: f('no-route') })).status).toBe(200)
    })
  }

  it('a per-key fault makes one route fail for every request of that key', async () => {
    sb.setFaults('sk-model-lists-faults', ['no-route@models.list'])
    expect((await call(sb, 'GET', '/v1/models', { headers: bearer('sk-model-lists-faults') })).status).toBe(404)
    expect((await call(sb, 'GET', '/v1beta/models', { headers: bearer('sk-model-lists-faults') })).status).toBe(200)
  })
})
