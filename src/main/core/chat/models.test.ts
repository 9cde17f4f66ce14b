import { afterEach, describe, expect, it } from 'vitest'
import { startSandbox } from '../../../sandbox/index'
import { scriptedServer } from '../testing/scripted-server'
import { ModelCatalog, MODELS_TTL_MS, parseModelList } from './models'

const closers: Array<() => Promise<void>> = []
afterEach(async () => {
  while (closers.length) await closers.pop()!()
})
const nodeFetch = (i: string | URL, init?: RequestInit) => fetch(i, init)

describe('chat:list-models', () => {
  it('lists the sandbox models with a Bearer key, without a models/ prefix, cached for a few minutes', async () => {
    const sb = await startSandbox({ speed: 1000, quiet: true })
    closers.push(() => sb.close())
    let now = 1_000
    const catalog = new ModelCatalog(
      nodeFetch,
      async () => ({ baseUrl: sb.url, key: sb.key }),
      () => now
    )
    const first = await catalog.list('sandbox')
    expect(first.models).toContain('gemini-2.5-flash')
    expect(first.models).toContain('claude-sonnet-4-5')
    expect(first.models.some((m) => m.startsWith('models/'))).toBe(false)
    const listed = sb.log().filter((e) => e.route === 'models.content')
    expect(listed).toHaveLength(1)
    expect(listed[0].headers.authorization).toBe(`Bearer ${sb.key}`)
    expect(listed[0].query).toEqual({})
    await catalog.list('sandbox')
    now += MODELS_TTL_MS - 1
    await catalog.list('sandbox')
    expect(sb.log().filter((e) => e.route === 'models.content')).toHaveLength(1)
    now += 2
    await catalog.list('sandbox')
    await catalog.list('sandbox', true)
    expect(sb.log().filter((e) => e.route === 'models.content')).toHaveLength(3)
  })

  it('strips models/, follows page tokens and accepts odd item shapes', async () => {
    const gw = await scriptedServer((req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' })
      const page2 = req.url?.includes('pageToken=p2')
      res.end(
        JSON.stringify(
          page2
            ? {
                models: [{ name: 'models/b-2' }, 'c-3', { displayName: 'd-4' }, { nothing: true }],
                nextPageToken: null
              }
            : { models: [{ name: 'models/a-1' }, { name: 'b-2' }], nextPageToken: 'p2' }
        )
      )
    })
    closers.push(gw.close)
    const catalog = new ModelCatalog(nodeFetch, async () => ({ baseUrl: gw.url, key: 'sk-models-test-000000' }))
    expect((await catalog.list('p')).models).toEqual(['a-1', 'b-2', 'c-3', 'd-4'])
    expect(gw.requests.map((r) => r.url)).toEqual(['/v1beta/models', '/v1beta/models?pageToken=p2'])
  })

  it('codes errors precisely and never caches them', async () => {
    let status = 401
    const gw = await scriptedServer((_, res) => {
      res.writeHead(status, { 'content-type': 'application/json' })
      res.end(
        status === 401
          ? '{"error":{"message":"Invalid token (request id: 1)","type":"new_api_error","code":""}}'
          : '{"models":[{"name":"x"}]}'
      )
    })
    closers.push(gw.close)
    const catalog = new ModelCatalog(nodeFetch, async () => ({ baseUrl: gw.url, key: 'sk-models-test-000000' }))
    await expect(catalog.list('p')).rejects.toMatchObject({ code: 'UNAUTHORIZED', status: 401 })
    status = 200
    expect((await catalog.list('p')).models).toEqual(['x'])
  })

  it('refuses an answer that is not a model list', () => {
    expect(() => parseModelList({ hello: 1 })).toThrow(/not with a model list/)
    expect(parseModelList({ data: [{ id: 'gpt-x' }] }).models).toEqual(['gpt-x'])
  })
})
