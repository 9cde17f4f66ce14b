import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { type Json, bearer, call, keysOf, sandboxForFile } from './testing/util.js'

const KEY = 'sk-video-key'
// Speed 1: nothing moves unless the test advances task time, so every intermediate state is observable.
const sb = await sandboxForFile({ speed: 1, keys: [{ key: KEY, name: 'video' }] })
const auth = bearer(KEY)
const TERMINAL = ['completed', 'failed', 'cancelled']

function expectTaskValidation(r: { status: number; json: Json }, pattern: RegExp) {
  expect(r.status).toBe(400)
  expect(keysOf(r.json)).toEqual(['code', 'data', 'message'])
  expect(r.json.code).toBe('invalid_request')
  expect(r.json.data).toBeNull()
  expect(r.json.message).toMatch(pattern)
}

/** Polls, advancing task time a second at a time, and returns every answer until a terminal status. */
async function walk(path: string, step = 1): Promise<Json[]> {
  const seen: Json[] = []
  for (let i = 0; i < 1000; i++) {
    const r = await call(sb, 'GET', path, { headers: auth })
    expect(r.status).toBe(200)
    seen.push(r.json)
    if (TERMINAL.includes(r.json.status)) return seen
    sb.advance(step)
  }
  throw new Error('never finished')
}

const distinct = (xs: Json[]) => xs.map((x) => x.status).filter((s, i, a) => a[i - 1] !== s)

const vidq = { model: 'vidq2-pro', images: [], prompt: 'a paper boat', duration: 5 }
const unified2 = {
  model: 'vo3.1-fast-components',
  images: ['https://example.com/a.png'],
  orientation: 'landscape',
  prompt: 'waves',
  size: '1280x720',
  duration: 8,
  aspect_ratio: '16:9'
}

async function expectMp4(url: string) {
  const r = await fetch(url)
  expect(r.status).toBe(200)
  const b = Buffer.from(await r.arrayBuffer())
  expect(b.subarray(4, 8).toString('latin1')).toBe('ftyp')
  return { res: r, bytes: b }
}

describe('unified route, first family', () => {
  it('create answers {created_at ISO, status processing, task_id}', async () => {
    const r = await call(sb, 'POST', '/v1/video/create', { headers: auth, body: vidq })
    expect(r.status).toBe(200)
    expect(keysOf(r.json)).toEqual(['created_at', 'status', 'task_id'])
    expect(r.json.status).toBe('processing')
    expect(Number.isNaN(Date.parse(r.json.created_at))).toBe(false)
    expect(r.json.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/)
    expect(Math.abs(Date.parse(r.json.created_at) - Date.now())).toBeLessThan(5000)
  })

  it('the query goes processing → completed, with "" and 0 before and the URL and time after', async () => {
    const c = await call(sb, 'POST', '/v1/video/create', { headers: auth, body: vidq })
    const seen = await walk(`/v1/video/query?id=${c.json.task_id}`)
    expect(distinct(seen)).toEqual(['processing', 'completed'])
    const first = seen[0]
    expect(keysOf(first)).toEqual([
      'completed_at',
      'created_at',
      'detail',
      'id',
      'model',
      'object',
      'progress',
      'size',
      'status',
      'status_update_time',
      'video_url'
    ])
    expect(first).toMatchObject({
      id: c.json.task_id,
      object: 'video',
      model: 'vidq2-pro',
      video_url: '',
      completed_at: 0,
      size: '720P'
    })
    expect(first.detail.input).toEqual({ aspect_ratio: null, images: [], model: 'vidq2-pro', prompt: 'a paper boat' })
    expect(seen.every((s) => Number.isInteger(s.progress))).toBe(true)
    expect(seen.map((s) => s.progress)).toEqual([...seen.map((s) => s.progress)].sort((a, b) => a - b))
    const last = seen.at(-1)
    expect(last.progress).toBe(100)
    expect(last.completed_at).toBeGreaterThan(1e9)
    expect(last.completed_at).toBeLessThan(1e12)
    expect(last.status_update_time).toBeLessThan(1e12)
    expect(last.error).toBeUndefined()
    await expectMp4(last.video_url)
  })

  it('validates limits and enums with the task error shape (400 invalid_request)', async () => {
    const bad = async (patch: object, re: RegExp) =>
      expectTaskValidation(
        await call(sb, 'POST', '/v1/video/create', { headers: auth, body: { ...vidq, ...patch } }),
        re
      )
    await bad({ images: undefined }, /images is required/)
    await bad({ prompt: 'x'.repeat(2001) }, /prompt must be at most 2000/)
    await bad({ payload: 'x'.repeat(1_048_577) }, /payload must be at most 1048576/)
    await bad({ images: ['https://a/1.png', 'https://a/2.png', 'https://a/3.png'] }, /images takes 0, 1 or 2/)
    await bad({ images: [Buffer.from('GIF89a').toString('base64')] }, /png, jpeg, jpg or webp/)
    const tall = await sharp({ create: { width: 10, height: 50, channels: 3, background: '#000' } })
      .png()
      .toBuffer()
    await bad({ images: [tall.toString('base64')] }, /1:4 and 4:1/)
    await bad({ aspect_ratio: '21:9' }, /aspect_ratio/)
    await bad({ model: 'vidq1', aspect_ratio: '3:4' }, /only available for q2 and q3/)
    await bad({ duration: 11 }, /duration/)
    await bad({ duration: 0 }, /duration/)
    await bad({ resolution: '4k' }, /resolution/)
    await bad({ resolution: '360p' }, /360p/)
    await bad({ wm_position: 5 }, /wm_position/)
    await bad({ audio: 'yes' }, /audio/)
    const ok = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#fff' } })
      .jpeg()
      .toBuffer()
    const r = await call(sb, 'POST', '/v1/video/create', {
      headers: auth,
      body: {
        ...vidq,
        model: 'vidq1',
        images: [`data:image/jpeg;base64,${ok.toString('base64')}`],
        prompt: 'x'.repeat(2000)
      }
    })
    expect(r.status).toBe(200)
  })
})

describe('unified route, second family', () => {
  it('create answers type 2 with a prefixed id, ms timestamps in the vo3 family, and the input echo', async () => {
    const r = await call(sb, 'POST', '/v1/video/create', { headers: auth, body: unified2 })
    expect(keysOf(r.json)).toEqual([
      'created_at',
      'detail',
      'id',
      'model',
      'object',
      'progress',
      'size',
      'status',
      'status_update_time'
    ])
    expect(r.json.id).toMatch(/^vo3:/)
    expect(r.json).toMatchObject({
      object: 'video',
      model: 'vo3.1-fast-components',
      status: 'queued',
      progress: 0,
      size: '1280x720'
    })
    expect(r.json.detail).toEqual({
      input: { aspect_ratio: '16:9', images: unified2.images, model: unified2.model, prompt: 'waves' }
    })
    expect(r.json.status_update_time).toBeGreaterThan(1e12)
    expect(Number.isInteger(r.json.created_at) && r.json.created_at < 1e12).toBe(true)
    const seen = await walk(`/v1/video/query?id=${r.json.id}`)
    expect(distinct(seen)).toEqual(['queued', 'processing', 'completed'])
    const last = seen.at(-1)
    expect(last.id).toBe(r.json.id)
    expect(last.detail.url).toBe(last.video_url)
    await expectMp4(last.detail.url)
  })

  it('the jm family says pending, "N%" progress, drops the prefix on query, and puts the URL in output.url', async () => {
    const r = await call(sb, 'POST', '/v1/video/create', {
      headers: auth,
      body: { ...unified2, model: 'jm-video-3.0' }
    })
    expect(r.json.id).toMatch(/^jm:/)
    const bare = r.json.id.slice(3)
    const seen = await walk(`/v1/video/query?id=${encodeURIComponent(r.json.id)}`)
    expect(distinct(seen)).toEqual(['pending', 'processing', 'completed'])
    seen.forEach((s) => expect(s.progress).toMatch(/^\d+%$/))
    expect(seen.at(-1).id).toBe(bare)
    expect(seen.at(-1).video_url).toBe('')
    await expectMp4(seen.at(-1).output.url)
    expect((await call(sb, 'GET', `/v1/video/query?id=${bare}`, { headers: auth })).json.status).toBe('completed')
  })

  it('failed tasks carry error {message, code} and completed_at; cancelled where the vocabulary has it', async () => {
    const f = await call(sb, 'POST', '/v1/video/create', {
      headers: auth,
      body: { ...unified2, prompt: 'please sandbox:fail' }
    })
    const fs = await walk(`/v1/video/query?id=${f.json.id}`, 20)
    expect(fs.at(-1)).toMatchObject({
      status: 'failed',
      video_url: '',
      error: { message: expect.any(String), code: 'generation_failed' }
    })
    expect(keysOf(fs.at(-1).error)).toEqual(['code', 'message'])
    expect(fs.at(-1).completed_at).toBeGreaterThan(0)
    const c = await call(sb, 'POST', '/v1/video/create', {
      headers: { ...auth, 'x-sandbox-fault': 'task-cancel' },
      body: unified2
    })
    expect((await walk(`/v1/video/query?id=${c.json.id}`, 20)).at(-1).status).toBe('cancelled')
  })

  it('validates the required fields and enums', async () => {
    const bad = async (patch: object, re: RegExp) =>
      expectTaskValidation(
        await call(sb, 'POST', '/v1/video/create', { headers: auth, body: { ...unified2, ...patch } }),
        re
      )
    await bad({ orientation: undefined }, /orientation is required/)
    await bad({ orientation: 'square' }, /orientation/)
    await bad({ prompt: undefined }, /prompt is required/)
    await bad({ size: '1920x1080' }, /size/)
    await bad({ duration: undefined }, /duration is required/)
    await bad({ aspect_ratio: '1:1' }, /aspect_ratio/)
    await bad({ images: undefined }, /images is required/)
    await bad({ orientation: 'portrait', size: '720x1280', aspect_ratio: '9:16', enable_upsample: true }, /landscape/)
  })

  it("query errors: missing id, unknown id (task_not_exist), another key's task", async () => {
    expectTaskValidation(await call(sb, 'GET', '/v1/video/query', { headers: auth }), /id is required/)
    const u = await call(sb, 'GET', '/v1/video/query?id=vo3:nope', { headers: auth })
    expect(u.status).toBe(400)
    expect(u.json).toEqual({ code: 'task_not_exist', message: 'task_not_exist', data: null })
    sb.addKey({ key: 'sk-video-other' })
    const mine = await call(sb, 'POST', '/v1/video/create', { headers: auth, body: vidq })
    expect(
      (await call(sb, 'GET', `/v1/video/query?id=${mine.json.task_id}`, { headers: bearer('sk-video-other') })).json
        .code
    ).toBe('task_not_exist')
  })

  it('unified remix answers {id, status processing, status_update_time} and is polled on the query route', async () => {
    const src = await call(sb, 'POST', '/v1/video/create', { headers: auth, body: vidq })
    const r = await call(sb, 'POST', '/v1/video/remix', {
      headers: auth,
      body: { model: 'gk-video-3', prompt: 'longer', size: '720P', aspect_ratio: '1:1', task_id: src.json.task_id }
    })
    expect(r.status).toBe(200)
    expect(keysOf(r.json)).toEqual(['id', 'status', 'status_update_time'])
    expect(r.json.status).toBe('processing')
    expect(distinct(await walk(`/v1/video/query?id=${r.json.id}`))).toEqual(['processing', 'completed'])
    expect(
      (
        await call(sb, 'POST', '/v1/video/remix', {
          headers: auth,
          body: { model: 'gk-video-3', prompt: 'x', task_id: 'nope' }
        })
      ).json.code
    ).toBe('task_not_exist')
    expectTaskValidation(
      await call(sb, 'POST', '/v1/video/remix', { headers: auth, body: { model: 'gk-video-3', prompt: 'x' } }),
      /task_id is required/
    )
  })
})

describe('video accounting', () => {
  it('charges by model and seconds on create, logs paid creates, refunds failures', async () => {
    sb.addKey({ key: 'sk-video-acct', quota: 2_000_000 })
    const h = bearer('sk-video-acct')
    sb.clearLog()
    await call(sb, 'POST', '/v1/video/create', { headers: h, body: vidq })
    expect(sb.account('sk-video-acct')?.used).toBe(25_000 * 5)
    const f = await call(sb, 'POST', '/v1/video/create', { headers: h, body: { ...vidq, prompt: 'sandbox:fail' } })
    expect(sb.account('sk-video-acct')?.used).toBe(25_000 * 10)
    sb.advance(500)
    expect((await call(sb, 'GET', `/v1/video/query?id=${f.json.task_id}`, { headers: h })).json.status).toBe('failed')
    expect(sb.account('sk-video-acct')?.used).toBe(25_000 * 5)
    const creates = sb.log().filter((e) => e.route === 'video.create')
    expect(creates.map((e) => e.paid)).toEqual([true, true])
    const poor = await call(sb, 'POST', '/v1/video/create', {
      headers: h,
      body: { ...vidq, duration: 10, model: 'vidq3-pro' }
    })
    expect(poor.status).toBe(200)
    sb.updateKey('sk-video-acct', { quota: 10 })
    const refused = await call(sb, 'POST', '/v1/video/create', { headers: h, body: vidq })
    expect(refused.status).toBe(403)
    expect(refused.json).toMatchObject({ code: 'insufficient_user_quota', data: null })
  })
})
