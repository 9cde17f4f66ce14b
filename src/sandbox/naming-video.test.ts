import { describe, expect, it } from 'vitest'
import { ALT_NAMING, namesPlaying } from './index.js'
import { type Json, bearer, call, sandboxForFile } from './testing/util.js'

const KEY = 'sk-alt-video'
// Speed 1: tasks move only when the test advances task time.
const sb = await sandboxForFile({ speed: 1, naming: 'alt', keys: [{ key: KEY, name: 'alt-video' }] })
const auth = bearer(KEY)

function alt(standin: string): string {
  const [name] = namesPlaying(ALT_NAMING, standin)
  if (!name) throw new Error(`no alt model plays ${standin}`)
  return name
}

/** Every task is done after this much task time (the longest family queues 20 s and runs 120 s). */
const finish = () => sb.advance(300)

async function mp4(url: string): Promise<void> {
  const r = await fetch(url)
  expect(r.status).toBe(200)
  expect(
    Buffer.from(await r.arrayBuffer())
      .subarray(4, 8)
      .toString('latin1')
  ).toBe('ftyp')
}

function multipart(fields: Record<string, string>): FormData {
  const fd = new FormData()
  for (const [k, v] of Object.entries(fields)) fd.append(k, v)
  return fd
}

describe('alt naming: unified route', () => {
  it('first family: creates, completes and downloads; q2/q3 rules follow the part each model plays', async () => {
    const lite = alt('vidq1')
    const q2 = alt('vidq2-pro')
    const q3 = alt('vidq3-pro')
    const c = await call(sb, 'POST', '/v1/video/create', {
      headers: auth,
      body: { model: lite, images: [], prompt: 'a paper boat', duration: 5 }
    })
    expect(c.json.status).toBe('processing')
    finish()
    const q = await call(sb, 'GET', `/v1/video/query?id=${c.json.task_id}`, { headers: auth })
    expect(q.json).toMatchObject({ status: 'completed', model: lite })
    await mp4(q.json.video_url)

    const ratio = await call(sb, 'POST', '/v1/video/create', {
      headers: auth,
      body: { model: lite, images: [], aspect_ratio: '4:3' }
    })
    expect(ratio.json.message).toMatch(/only available for q2 and q3/)
    expect(
      (
        await call(sb, 'POST', '/v1/video/create', {
          headers: auth,
          body: { model: q2, images: [], aspect_ratio: '4:3' }
        })
      ).status
    ).toBe(200)
    expect(
      (
        await call(sb, 'POST', '/v1/video/create', {
          headers: auth,
          body: { model: q3, images: [], aspect_ratio: '3:4' }
        })
      ).status
    ).toBe(200)
    expect(
      (
        await call(sb, 'POST', '/v1/video/create', {
          headers: auth,
          body: { model: q2, images: [], resolution: '360p' }
        })
      ).json.message
    ).toMatch(/360p is not available for q2/)
    expect(
      (
        await call(sb, 'POST', '/v1/video/create', {
          headers: auth,
          body: { model: q3, images: [], resolution: '360p' }
        })
      ).status
    ).toBe(200)
  })

  it('second family: both reporting styles follow the part played (prefix kept vs dropped, "N%")', async () => {
    const body = {
      images: ['https://example.com/a.png'],
      orientation: 'landscape',
      prompt: 'waves',
      size: '1280x720',
      duration: 8,
      aspect_ratio: '16:9'
    }
    const kept = await call(sb, 'POST', '/v1/video/create', {
      headers: auth,
      body: { ...body, model: alt('vo3.1-fast-components') }
    })
    expect(kept.json.id).toMatch(/^vo3:/)
    const dropped = await call(sb, 'POST', '/v1/video/create', {
      headers: auth,
      body: { ...body, model: alt('jm-video-3.0') }
    })
    expect(dropped.json.id).toMatch(/^jm:/)
    const running = await call(sb, 'GET', `/v1/video/query?id=${encodeURIComponent(dropped.json.id)}`, {
      headers: auth
    })
    expect(running.json.progress).toMatch(/^\d+%$/)
    finish()
    const done = await call(sb, 'GET', `/v1/video/query?id=${encodeURIComponent(dropped.json.id)}`, { headers: auth })
    expect(done.json).toMatchObject({ status: 'completed', id: dropped.json.id.slice(3) })
    await mp4(done.json.output.url)
    const keptDone = await call(sb, 'GET', `/v1/video/query?id=${encodeURIComponent(kept.json.id)}`, { headers: auth })
    await mp4(keptDone.json.video_url)
  })
})

describe('alt naming: video-object route and remix', () => {
  it('JSON family: completes with the billing suffix on its own model name', async () => {
    const model = alt('Kl-2.6')
    const c = await call(sb, 'POST', '/v1/videos', { headers: auth, body: { model, prompt: 'a kite', seconds: '5' } })
    expect(c.json).toMatchObject({ status: 'queued', model: `${model}-std-5s` })
    finish()
    const g = await call(sb, 'GET', `/v1/videos/${c.json.id}`, { headers: auth })
    expect(g.json.status).toBe('completed')
    expect(g.json.model).toBe(`${model}-std-5s`)
    await mp4(g.json.video_url)
  })

  it('multipart family: the pro and max parts force 10 s and 15 s, the base model keeps what was sent', async () => {
    for (const [standin, want] of [
      ['gk-video-3-pro', '10'],
      ['gk-video-3-max', '15'],
      ['gk-video-3', '4']
    ]) {
      const res = await fetch(`${sb.url}/v1/videos`, {
        method: 'POST',
        headers: auth,
        body: multipart({ model: alt(standin), prompt: 'p', seconds: '4' })
      })
      const j = (await res.json()) as Json
      expect(res.status).toBe(200)
      expect([j.model, j.seconds]).toEqual([alt(standin), want])
    }
  })

  it('remixes on both routes with alt model names, and the result downloads', async () => {
    const model = alt('gk-video-3')
    const src = (await (
      await fetch(`${sb.url}/v1/videos`, { method: 'POST', headers: auth, body: multipart({ model, prompt: 'p' }) })
    ).json()) as Json
    finish()
    const objectRemix = await call(sb, 'POST', `/v1/videos/${src.id}/remix`, {
      headers: auth,
      body: { model, prompt: 'continue', size: '720P', aspect_ratio: '3:2' }
    })
    expect(objectRemix.json.status).toBe('processing')
    const unifiedRemix = await call(sb, 'POST', '/v1/video/remix', {
      headers: auth,
      body: { model, prompt: 'longer', size: '720P', aspect_ratio: '1:1', task_id: src.id }
    })
    expect(unifiedRemix.json.status).toBe('processing')
    finish()
    const a = await call(sb, 'GET', `/v1/videos/${encodeURIComponent(objectRemix.json.id)}`, { headers: auth })
    expect(a.json).toMatchObject({ status: 'completed', remixed_from_video_id: src.id })
    await mp4(a.json.video_url)
    const b = await call(sb, 'GET', `/v1/video/query?id=${encodeURIComponent(unifiedRemix.json.id)}`, { headers: auth })
    expect(b.json.status).toBe('completed')
    await mp4(b.json.video_url)
    const standin = await call(sb, 'POST', `/v1/videos/${src.id}/remix`, {
      headers: auth,
      body: { model: 'gk-video-3', prompt: 'x', size: '720P', aspect_ratio: '3:2' }
    })
    expect(standin.status).toBe(503)
  })
})
