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

async function expectMp4(url: string) {
  const r = await fetch(url)
  expect(r.status).toBe(200)
  const b = Buffer.from(await r.arrayBuffer())
  expect(b.subarray(4, 8).toString('latin1')).toBe('ftyp')
  return { res: r, bytes: b }
}

describe('video-object route, JSON family', () => {
  const kl = {
    model: 'Kl-2.6',
    prompt: 'a fox in snow',
    seconds: '10',
    metadata: { motion_level: 'pro', output_config: { aspect_ratio: '9:16' } }
  }

  it('create answers a video object queued at 0, task_id equal to id, and a billing suffix on model', async () => {
    const r = await call(sb, 'POST', '/v1/videos', { headers: auth, body: kl })
    expect(r.status).toBe(200)
    expect(keysOf(r.json)).toEqual([
      'created_at',
      'id',
      'model',
      'object',
      'progress',
      'quality',
      'seconds',
      'size',
      'status',
      'task_id'
    ])
    expect(r.json).toMatchObject({ object: 'video', status: 'queued', progress: 0, seconds: '10', size: '720x1280' })
    expect(r.json.id).toMatch(/^task_[A-Za-z0-9]{32}$/)
    expect(r.json.task_id).toBe(r.json.id)
    expect(r.json.model).not.toBe('Kl-2.6')
    expect(r.json.model.startsWith('Kl-2.6')).toBe(true)
  })

  it('goes queued → in_progress → completed; /content is 400 until then and streams the MP4 after', async () => {
    const c = await call(sb, 'POST', '/v1/videos', { headers: auth, body: kl })
    const early = await call(sb, 'GET', `/v1/videos/${c.json.id}/content`, { headers: auth })
    expect(early.status).toBe(400)
    expect(early.json).toEqual({
      error: { message: 'Task is not completed yet, current status: QUEUED', type: 'invalid_request_error' }
    })
    const seen = await walk(`/v1/videos/${c.json.id}`)
    expect(distinct(seen)).toEqual(['queued', 'in_progress', 'completed'])
    const running = seen.find((s) => s.status === 'in_progress')
    expect(running.completed_at).toBeUndefined()
    expect(running.video_url).toBeUndefined()
    const done = seen.at(-1)
    expect(done.progress).toBe(100)
    expect(done.completed_at).toBeGreaterThan(0)
    expect(done.expires_at).toBeGreaterThan(done.completed_at)
    const viaUrl = await expectMp4(done.video_url)
    const content = await fetch(`${sb.url}/v1/videos/${c.json.id}/content`, { headers: auth })
    expect(content.status).toBe(200)
    expect(content.headers.get('content-type')).toBe('video/mp4')
    expect(content.headers.get('cache-control')).toBe('public, max-age=86400')
    const bytes = Buffer.from(await content.arrayBuffer())
    expect(bytes.equals(viaUrl.bytes)).toBe(true)
    const part = await fetch(`${sb.url}/v1/videos/${c.json.id}/content`, { headers: { ...auth, range: 'bytes=4-7' } })
    expect(part.status).toBe(206)
    expect(Buffer.from(await part.arrayBuffer()).toString('latin1')).toBe('ftyp')
    expect(part.headers.get('content-range')).toBe(`bytes 4-7/${bytes.length}`)
  })

  it('content of an unknown task is 404 Task not found; a failed task reports FAILURE', async () => {
    const n = await call(sb, 'GET', '/v1/videos/task_nope/content', { headers: auth })
    expect(n.status).toBe(404)
    expect(n.json).toEqual({ error: { message: 'Task not found', type: 'invalid_request_error' } })
    const f = await call(sb, 'POST', '/v1/videos', { headers: auth, body: { ...kl, prompt: 'sandbox:moderation' } })
    const end = (await walk(`/v1/videos/${f.json.id}`, 20)).at(-1)
    expect(end).toMatchObject({
      status: 'failed',
      error: { code: 'content_policy_violation', message: expect.any(String) }
    })
    expect((await call(sb, 'GET', `/v1/videos/${f.json.id}/content`, { headers: auth })).json.error.message).toMatch(
      /FAILURE$/
    )
  })

  it('validates prompt, seconds, size, metadata enums', async () => {
    const bad = async (patch: object, re: RegExp) =>
      expectTaskValidation(await call(sb, 'POST', '/v1/videos', { headers: auth, body: { ...kl, ...patch } }), re)
    await bad({ prompt: undefined }, /prompt is required/)
    await bad({ seconds: 'ten' }, /seconds/)
    await bad({ seconds: 5 }, /seconds/)
    await bad({ size: '1280*720' }, /size/)
    await bad({ metadata: { scene_type: 'dance' } }, /scene_type/)
    await bad({ metadata: { motion_level: 'max' } }, /motion_level/)
    await bad({ metadata: { output_config: { resolution: '4K' } } }, /resolution/)
    await bad({ metadata: { output_config: { audio_generation: 'On' } } }, /audio_generation/)
    await bad({ metadata: { offpeak: 'yes' } }, /offpeak/)
    const noModel = await call(sb, 'POST', '/v1/videos', { headers: auth, body: { prompt: 'x' } })
    expect(noModel.status).toBe(400)
    expect(noModel.json.error.type).toBe('new_api_error')
    expect(await call(sb, 'GET', '/v1/videos/task_missing', { headers: auth })).toMatchObject({
      status: 400,
      json: { code: 'task_not_exist', message: 'task_not_exist', data: null }
    })
  })
})

describe('video-object route, multipart family', () => {
  function form(fields: Record<string, string>): FormData {
    const fd = new FormData()
    for (const [k, v] of Object.entries(fields)) fd.append(k, v)
    return fd
  }

  it('forces 10 s for -pro and 15 s for -max, and uses the sent seconds for gk-video-3', async () => {
    for (const [model, sent, want] of [
      ['gk-video-3-pro', '4', '10'],
      ['gk-video-3-max', '4', '15'],
      ['gk-video-3', '4', '4']
    ]) {
      const res = await fetch(`${sb.url}/v1/videos`, {
        method: 'POST',
        headers: auth,
        body: form({ model, prompt: 'p', seconds: sent, size: '1080P', aspect_ratio: '2:3' })
      })
      const j = (await res.json()) as Json
      expect(res.status).toBe(200)
      expect(j.seconds).toBe(want)
      expect(j.size).toBe('1080P')
      expect(j.id).toMatch(/^gk:/)
      expect(j.task_id).toBeUndefined()
    }
  })

  it('takes input_reference files and finishes with the address in url', async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#0f0' } })
      .png()
      .toBuffer()
    const fd = form({ model: 'gk-video-3', prompt: 'p' })
    fd.append('input_reference', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'a.png')
    fd.append('input_reference', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'b.png')
    const j = (await (await fetch(`${sb.url}/v1/videos`, { method: 'POST', headers: auth, body: fd })).json()) as Json
    expect(j).toMatchObject({ status: 'queued', progress: 0, completed_at: 0, expires_at: 0, size: '720P' })
    const seen = await walk(`/v1/videos/${j.id}`)
    expect(distinct(seen)).toEqual(['queued', 'processing', 'completed'])
    await expectMp4(seen.at(-1).url)
    expect(seen.at(-1).video_url).toBeUndefined()
    expect((await call(sb, 'GET', `/v1/videos/${j.id.slice(3)}`, { headers: auth })).json.id).toBe(j.id)
    const bad = form({ model: 'gk-video-3', prompt: 'p' })
    bad.append('input_reference', new Blob([new Uint8Array(Buffer.from('nope'))]), 'x.png')
    expect((await fetch(`${sb.url}/v1/videos`, { method: 'POST', headers: auth, body: bad })).status).toBe(400)
  })

  it('validates aspect_ratio, size and seconds', async () => {
    for (const [patch, re] of [
      [{ aspect_ratio: '4:3' }, /aspect_ratio/],
      [{ size: '4K' }, /size/],
      [{ seconds: '20' }, /seconds/],
      [{ prompt: '' }, /prompt is required/]
    ] as const) {
      const res = await fetch(`${sb.url}/v1/videos`, {
        method: 'POST',
        headers: auth,
        body: form({ model: 'gk-video-3', prompt: 'p', ...patch })
      })
      expectTaskValidation({ status: res.status, json: await res.json() }, re)
    }
  })

  it('remix answers {id, status, status_update_time}; the new task is polled on /v1/videos/{id}', async () => {
    const src = (await (
      await fetch(`${sb.url}/v1/videos`, {
        method: 'POST',
        headers: auth,
        body: form({ model: 'gk-video-3', prompt: 'p' })
      })
    ).json()) as Json
    const body = { model: 'gk-video-3', prompt: 'continue', size: '720P', aspect_ratio: '3:2' }
    const r = await call(sb, 'POST', `/v1/videos/${src.id}/remix`, { headers: auth, body })
    expect(keysOf(r.json)).toEqual(['id', 'status', 'status_update_time'])
    expect(r.json.status).toBe('processing')
    const seen = await walk(`/v1/videos/${r.json.id}`)
    expect(distinct(seen)).toEqual(['processing', 'completed'])
    expect(seen.at(-1).remixed_from_video_id).toBe(src.id)
    expect((await call(sb, 'POST', '/v1/videos/gk:missing/remix', { headers: auth, body })).json.code).toBe(
      'task_not_exist'
    )
    expectTaskValidation(
      await call(sb, 'POST', `/v1/videos/${src.id}/remix`, { headers: auth, body: { ...body, size: '4K' } }),
      /size/
    )
    expectTaskValidation(
      await call(sb, 'POST', `/v1/videos/${src.id}/remix`, { headers: auth, body: { ...body, aspect_ratio: '16:9' } }),
      /aspect_ratio/
    )
    expectTaskValidation(
      await call(sb, 'POST', `/v1/videos/${src.id}/remix`, { headers: auth, body: { ...body, prompt: undefined } }),
      /prompt is required/
    )
  })
})
