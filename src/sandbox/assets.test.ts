import { describe, expect, it } from 'vitest'
import { type Json, bearer, call, keysOf, sandboxForFile } from './testing/util.js'

const KEY = 'sk-asset-key'
const sb = await sandboxForFile({ speed: 1, keys: [{ key: KEY, name: 'assets' }, { key: 'sk-asset-other' }] })
const auth = bearer(KEY)
const P = '/v1/vendor/asset/'

async function group(): Promise<string> {
  const r = await call(sb, 'POST', `${P}CreateAssetGroup`, {
    headers: auth,
    body: { Name: 'refs', Description: 'test' }
  })
  return r.json.data.Id
}

function expectAssetError(r: { status: number; json: Json }, re: RegExp) {
  expect(r.status).toBe(400)
  expect(keysOf(r.json)).toEqual(['data', 'error', 'state'])
  expect(r.json.state).toBe(0)
  expect(r.json.data).toBeNull()
  expect(r.json.error.Code).toBe('invalid_request')
  expect(r.json.error.Message).toMatch(re)
}

describe('asset routes', () => {
  it('creates a group: {state 1, data {Id}, error null}', async () => {
    const r = await call(sb, 'POST', `${P}CreateAssetGroup`, { headers: auth, body: { Name: 'g' } })
    expect(r.status).toBe(200)
    expect(keysOf(r.json)).toEqual(['data', 'error', 'state'])
    expect(r.json).toEqual({ state: 1, data: { Id: expect.stringMatching(/^group-/) }, error: null })
    expectAssetError(await call(sb, 'POST', `${P}CreateAssetGroup`, { headers: auth, body: {} }), /Name is required/)
  })

  it('imports an asset that moves from Processing to Active, with the whole record', async () => {
    const gid = await group()
    const r = await call(sb, 'POST', `${P}CreateAsset`, {
      headers: auth,
      body: { GroupId: gid, URL: 'https://example.com/ref.png', AssetType: 'Image', Name: 'ref' }
    })
    expect(r.json).toEqual({
      state: 1,
      data: { Id: expect.stringMatching(/^asset-/), task_id: expect.stringMatching(/^task_/) },
      error: null
    })
    const q = () => call(sb, 'POST', `${P}GetAsset`, { headers: auth, body: { task_id: r.json.data.task_id } })
    const first = await q()
    expect(keysOf(first.json.data)).toEqual([
      'AssetType',
      'CreateTime',
      'Error',
      'GroupId',
      'Id',
      'Name',
      'Status',
      'URL',
      'UpdateTime'
    ])
    expect(first.json.data).toMatchObject({
      Id: r.json.data.Id,
      Name: 'ref',
      URL: 'https://example.com/ref.png',
      AssetType: 'Image',
      GroupId: gid,
      Status: 'Processing',
      Error: null
    })
    sb.advance(60)
    const done = await q()
    expect(done.json.data.Status).toBe('Active')
    expect(Date.parse(done.json.data.UpdateTime)).toBeGreaterThanOrEqual(Date.parse(done.json.data.CreateTime))
  })

  it('an asset that cannot be pulled ends Failed with an Error', async () => {
    const gid = await group()
    const r = await call(sb, 'POST', `${P}CreateAsset`, {
      headers: auth,
      body: { GroupId: gid, URL: 'http://example.com/a.mp4', AssetType: 'Video', Name: 'v' }
    })
    sb.advance(60)
    const q = await call(sb, 'POST', `${P}GetAsset`, { headers: auth, body: { task_id: r.json.data.task_id } })
    expect(q.json.data.Status).toBe('Failed')
    expect(q.json.data.Error).toMatchObject({ Code: expect.any(String), Message: expect.stringMatching(/HTTPS/) })
  })

  it('validates required fields, AssetType and the group', async () => {
    const gid = await group()
    const base = { GroupId: gid, URL: 'https://example.com/a.mp3', AssetType: 'Audio', Name: 'a' }
    for (const f of ['GroupId', 'URL', 'AssetType', 'Name']) {
      expectAssetError(
        await call(sb, 'POST', `${P}CreateAsset`, { headers: auth, body: { ...base, [f]: undefined } }),
        new RegExp(`${f} is required`)
      )
    }
    expectAssetError(
      await call(sb, 'POST', `${P}CreateAsset`, { headers: auth, body: { ...base, AssetType: 'Text' } }),
      /AssetType/
    )
    expectAssetError(
      await call(sb, 'POST', `${P}CreateAsset`, { headers: auth, body: { ...base, GroupId: 'group-nope' } }),
      /does not exist/
    )
    expectAssetError(
      await call(sb, 'POST', `${P}CreateAsset`, { headers: bearer('sk-asset-other'), body: base }),
      /does not exist/
    )
    const missing = await call(sb, 'POST', `${P}GetAsset`, { headers: auth, body: { task_id: 'task_nope' } })
    expect(missing.json).toMatchObject({ state: 0, data: null })
    expect((await call(sb, 'POST', `${P}GetAsset`, { headers: auth, body: {} })).status).toBe(400)
  })

  it('asset:// references work in video requests only once Active', async () => {
    const gid = await group()
    const a = await call(sb, 'POST', `${P}CreateAsset`, {
      headers: auth,
      body: { GroupId: gid, URL: 'https://example.com/r.png', AssetType: 'Image', Name: 'r' }
    })
    const body = { model: 'vidq2-pro', images: [`asset://${a.json.data.Id}`], prompt: 'p' }
    const early = await call(sb, 'POST', '/v1/video/create', { headers: auth, body })
    expect(early.status).toBe(400)
    expect(early.json.message).toMatch(/not Active/)
    sb.advance(60)
    expect((await call(sb, 'POST', '/v1/video/create', { headers: auth, body })).status).toBe(200)
    const unknown = await call(sb, 'POST', '/v1/video/create', {
      headers: auth,
      body: { ...body, images: ['asset://asset-nope'] }
    })
    expect(unknown.json.message).toMatch(/does not exist/)
  })

  it('needs a key like every route', async () => {
    const r = await call(sb, 'POST', `${P}CreateAssetGroup`, { body: { Name: 'x' } })
    expect(r.status).toBe(401)
    expect(r.json.error.type).toBe('new_api_error')
  })
})
