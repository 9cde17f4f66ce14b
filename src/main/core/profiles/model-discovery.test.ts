import { afterEach, describe, expect, it } from 'vitest'
import { ALT_NAMING, modelNames, startSandbox, type SandboxHandle, type SandboxOptions } from '../../../sandbox/index'
import { scriptedServer } from '../testing/scripted-server'
import { ModelDiscovery } from './model-discovery'

const closers: Array<() => Promise<void>> = []
afterEach(async () => {
  while (closers.length) await closers.pop()!()
})
const nodeFetch = (i: string | URL, init?: RequestInit) => fetch(i, init)

async function sandbox(opts: SandboxOptions = {}): Promise<SandboxHandle> {
  const sb = await startSandbox({ speed: 1000, quiet: true, ...opts })
  closers.push(() => sb.close())
  return sb
}

function discovery(conn: { baseUrl: string; key: string }, timeoutMs?: number): ModelDiscovery {
  return new ModelDiscovery(
    nodeFetch,
    async () => conn,
    () => 1_234,
    timeoutMs
  )
}

const route = (report: Awaited<ReturnType<ModelDiscovery['discover']>>, r: 'GET /v1beta/models' | 'GET /v1/models') =>
  report.routes.find((x) => x.route === r)!

describe('profiles:discover-models against the sandbox', () => {
  it('follows the content list page by page and reads the OpenAI-style list, both with names never seen in the spec', async () => {
    const sb = await sandbox({ naming: 'alt', modelsPageSize: 5 })
    const report = await discovery({ baseUrl: sb.url, key: sb.key }).discover('p')
    expect(report.fetchedAt).toBe(1_234)
    const content = route(report, 'GET /v1beta/models')
    const openai = route(report, 'GET /v1/models')
    expect(content).toMatchObject({ ok: true })
    expect(content.error).toBeUndefined()
    expect(content.models.map((m) => m.name)).toEqual(modelNames(ALT_NAMING))
    expect(openai.models.map((m) => m.name)).toEqual(modelNames(ALT_NAMING))
    expect(openai.models.find((m) => m.name === 'framecast-max')).toEqual({
      name: 'framecast-max',
      endpointTypes: ['openai-video']
    })
    const pages = sb.log().filter((e) => e.route === 'models.content')
    expect(pages).toHaveLength(Math.ceil(modelNames(ALT_NAMING).length / 5))
    expect(pages[0].query).toEqual({})
    expect(pages.slice(1).every((e) => typeof e.query.pageToken === 'string')).toBe(true)
    expect(sb.log().every((e) => e.headers.authorization === `Bearer ${sb.key}`)).toBe(true)
  })

  it('a gateway without GET /v1/models (404): that route says so, the other keeps its names', async () => {
    const sb = await sandbox({ keys: [{ key: 'sk-discovery-1', faults: ['no-route@models.list'] }] })
    const report = await discovery({ baseUrl: sb.url, key: 'sk-discovery-1' }).discover('p')
    const openai = route(report, 'GET /v1/models')
    expect(openai).toMatchObject({
      ok: false,
      models: [],
      error: { code: 'GATEWAY_ERROR', status: 404, message: 'This gateway does not serve GET /v1/models (404).' }
    })
    expect(openai.error?.details).toMatchObject({ route: 'GET /v1/models' })
    expect(route(report, 'GET /v1beta/models')).toMatchObject({ ok: true })
    expect(route(report, 'GET /v1beta/models').models.map((m) => m.name)).toContain('imagegen-4.0')
  })

  it('a refused key (401) is reported per route as UNAUTHORIZED, naming the route', async () => {
    const sb = await sandbox({ keys: [{ key: 'sk-discovery-2', faults: ['unauthorized@models.content'] }] })
    const report = await discovery({ baseUrl: sb.url, key: 'sk-discovery-2' }).discover('p')
    const content = route(report, 'GET /v1beta/models')
    expect(content).toMatchObject({ ok: false, models: [], error: { code: 'UNAUTHORIZED', status: 401 } })
    expect(content.error?.message).toMatch(/^GET \/v1beta\/models: The gateway refused the API key \(401\)/)
    expect(route(report, 'GET /v1/models').ok).toBe(true)
    const wrong = await discovery({ baseUrl: sb.url, key: 'sk-not-a-key' }).discover('p')
    expect(wrong.routes.map((r) => [r.ok, r.error?.code])).toEqual([
      [false, 'UNAUTHORIZED'],
      [false, 'UNAUTHORIZED']
    ])
  })

  it('a route that hangs times out on its own; the other answers', async () => {
    const sb = await sandbox({ keys: [{ key: 'sk-discovery-3', faults: ['hang@models.list'] }] })
    const started = Date.now()
    const report = await discovery({ baseUrl: sb.url, key: 'sk-discovery-3' }, 400).discover('p')
    expect(Date.now() - started).toBeLessThan(5_000)
    expect(route(report, 'GET /v1/models')).toMatchObject({
      ok: false,
      error: { code: 'TIMEOUT', retryable: true, message: 'GET /v1/models did not answer within 0.4 s.' }
    })
    expect(route(report, 'GET /v1beta/models').ok).toBe(true)
  })

  it('a body that stalls after the headers times out too', async () => {
    const sb = await sandbox({ keys: [{ key: 'sk-discovery-4', faults: ['stall@models.content'] }] })
    const report = await discovery({ baseUrl: sb.url, key: 'sk-discovery-4' }, 400).discover('p')
    expect(route(report, 'GET /v1beta/models')).toMatchObject({ ok: false, error: { code: 'TIMEOUT' } })
  })

  it('a web page or a 200 carrying an error is not a model list, and says so', async () => {
    const sb = await sandbox({ keys: [{ key: 'sk-discovery-5', faults: ['html-200@models.list'] }] })
    const report = await discovery({ baseUrl: sb.url, key: 'sk-discovery-5' }).discover('p')
    expect(route(report, 'GET /v1/models')).toMatchObject({ ok: false, error: { code: 'NOT_A_GATEWAY' } })
    const gw = await scriptedServer((req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end(
        req.url?.startsWith('/v1/models')
          ? '{"error":{"message":"当前分组上游负载已饱和","type":"new_api_error","code":"busy"}}'
          : '{"hello":1}'
      )
    })
    closers.push(gw.close)
    const odd = await discovery({ baseUrl: gw.url, key: 'sk-discovery-000000' }).discover('p')
    expect(route(odd, 'GET /v1/models').error).toMatchObject({
      code: 'GATEWAY_ERROR',
      details: { gatewayCode: 'busy' }
    })
    expect(route(odd, 'GET /v1/models').error?.message).toContain('当前分组上游负载已饱和')
    expect(route(odd, 'GET /v1beta/models').error).toMatchObject({ code: 'NOT_A_GATEWAY' })
  })
})

describe('profiles:discover-models against odd gateways', () => {
  it('stops at a page token it has already followed, strips models/, dedupes and drops names the page could not show', async () => {
    let pages = 0
    const gw = await scriptedServer((req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' })
      if (req.url?.startsWith('/v1/models')) {
        res.end(
          JSON.stringify({
            data: [
              { id: 'x-1', supported_endpoint_types: ['openai', 7] },
              { id: 'x-1' },
              { id: 'bad\u0000name' },
              { id: 'y'.repeat(500) }
            ]
          })
        )
        return
      }
      pages++
      const token = req.url?.includes('pageToken=b') ? 'a' : 'b'
      res.end(
        JSON.stringify({
          models: [{ name: 'models/m-1', displayName: 'Model One' }, { name: `m-${pages + 1}` }],
          nextPageToken: token
        })
      )
    })
    closers.push(gw.close)
    const report = await discovery({ baseUrl: gw.url, key: 'sk-discovery-000000' }).discover('p')
    // a -> b -> a: the third page repeats a token already followed, so the walk ends there.
    expect(pages).toBe(3)
    expect(route(report, 'GET /v1beta/models').models).toEqual([
      { name: 'm-1', label: 'Model One' },
      { name: 'm-2' },
      { name: 'm-3' },
      { name: 'm-4' }
    ])
    expect(route(report, 'GET /v1/models').models).toEqual([{ name: 'x-1', endpointTypes: ['openai'] }])
  })

  it('a gateway that hands out fresh tokens forever stops at the page cap', async () => {
    let n = 0
    const gw = await scriptedServer((req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' })
      n++
      res.end(
        req.url?.startsWith('/v1/models')
          ? '{"data":[]}'
          : JSON.stringify({ models: [{ name: `m-${n}` }], nextPageToken: `t-${n}` })
      )
    })
    closers.push(gw.close)
    const report = await discovery({ baseUrl: gw.url, key: 'sk-discovery-000000' }).discover('p')
    expect(route(report, 'GET /v1beta/models').models).toHaveLength(50)
    expect(route(report, 'GET /v1beta/models').ok).toBe(true)
  })
})
