import { existsSync, readFileSync, statSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { sandboxSuite } from '../testing/sandbox-suite'
import { looksLikeMp4 } from './download'
import { ended, ok, videoHarness } from './testing/harness'

describe('every family and route, from submit to a verified file', () => {
  const { sb, h } = sandboxSuite(videoHarness)

  const fileOf = (url: string) => h.media.resolve(url.slice('/media/'.length))!.path

  async function expectDownloaded(id: string) {
    const t = await h.until(id, ended)
    expect(t.state).toBe('succeeded')
    expect(t.download.state).toBe('done')
    const path = fileOf(t.result!.mediaUrl)
    expect(existsSync(path)).toBe(true)
    expect(statSync(path).size).toBe(t.result!.bytes)
    expect(looksLikeMp4(readFileSync(path).subarray(0, 8))).toBe(true)
    return t
  }

  it('unifiedFirst (unified route, first body): task_id kept, queried on /v1/video/query, video_url downloaded', async () => {
    const t = await h.call('video:create', {
      family: 'vidq',
      model: 'vidq2-pro',
      prompt: 'a fox in snow',
      duration: 5,
      aspect_ratio: '4:3'
    })
    expect(t.state).toBe('submitting')
    const done = await expectDownloaded(t.id)
    expect(done.createRoute).toBe('POST /v1/video/create')
    const create = sb.log().filter((e) => e.route === 'video.create' && e.paid)
    expect(create).toHaveLength(1)
    const queries = sb.log().filter((e) => e.route === 'video.query' && e.query.id === done.taskId)
    expect(queries.length).toBeGreaterThan(0)
    expect(done.result!.source).toBe('video_url')
    const body = JSON.parse(String(h.sent.find((s) => s.url.endsWith('/v1/video/create'))!.init!.body))
    expect(body).toEqual({ model: 'vidq2-pro', prompt: 'a fox in snow', duration: 5, aspect_ratio: '4:3', images: [] })
  })

  it('unified second family (vo3): defaults sent, detail.url or video_url used', async () => {
    sb.clearLog()
    const t = await h.call('video:create', { family: 'unified2', model: 'vo3.1-fast-components', prompt: 'waves' })
    const done = await expectDownloaded(t.id)
    expect(done.taskId).toMatch(/^vo3:/)
    const sent = h.sent.filter((s) => s.url.endsWith('/v1/video/create')).at(-1)!
    expect(JSON.parse(String(sent.init!.body))).toEqual({
      images: [],
      model: 'vo3.1-fast-components',
      orientation: 'portrait',
      prompt: 'waves',
      size: '720x1280',
      duration: 8,
      aspect_ratio: '9:16'
    })
  })

  it('jm (unified, "N%" progress, query id without the prefix): polled with the id create returned, output.url first', async () => {
    sb.clearLog()
    const t = await h.call('video:create', {
      family: 'unified2',
      model: 'jm-video-3.0',
      prompt: 'a city at night',
      orientation: 'landscape',
      size: '1280x720',
      aspect_ratio: '16:9',
      enable_upsample: true
    })
    const done = await expectDownloaded(t.id)
    expect(done.taskId).toMatch(/^jm:/)
    expect(
      sb
        .log()
        .filter((e) => e.route === 'video.query')
        .every((e) => e.query.id === done.taskId)
    ).toBe(true)
    expect(done.result!.source).toBe('output.url')
  })

  it('videosJson (video-object route, JSON body): returned model with its billing suffix kept beside the requested one', async () => {
    sb.clearLog()
    const t = await h.call('video:create', {
      family: 'kl',
      model: 'Kl-2.6',
      prompt: 'a dancer',
      seconds: '10',
      output_config: { resolution: '1080P', aspect_ratio: '9:16', audio_generation: 'Enabled' },
      motion_level: 'pro'
    })
    const done = await expectDownloaded(t.id)
    expect(done.model).toBe('Kl-2.6')
    expect(done.returnedModel).toBe('Kl-2.6-pro-10s')
    expect(done.createRoute).toBe('POST /v1/videos')
    expect(sb.log().some((e) => e.route === 'videos.get' && e.path === `/v1/videos/${done.taskId}`)).toBe(true)
    const body = JSON.parse(String(h.sent.filter((s) => s.url.endsWith('/v1/videos')).at(-1)!.init!.body))
    expect(body).toEqual({
      model: 'Kl-2.6',
      prompt: 'a dancer',
      seconds: '10',
      metadata: {
        output_config: { resolution: '1080P', aspect_ratio: '9:16', audio_generation: 'Enabled' },
        motion_level: 'pro'
      }
    })
  })

  it('videosMultipart (multipart built in the host): repeated input_reference files, forced seconds', async () => {
    const { gradientPng } = await import('../images/testing/harness')
    const a = await h.grants.grantUpload(await gradientPng(64, 48), 'a.png', 'video-reference')
    const b = await h.grants.grantUpload(await gradientPng(48, 64), 'b.png', 'video-reference')
    sb.clearLog()
    const t = await h.call('video:create', {
      family: 'gk',
      model: 'gk-video-3-pro',
      prompt: 'two frames',
      seconds: 5,
      size: '1080P',
      references: [
        { kind: 'file', fileId: a.fileId },
        { kind: 'file', fileId: b.fileId }
      ]
    })
    expect(t.params.seconds).toBe(10)
    const done = await expectDownloaded(t.id)
    expect(done.taskId).toMatch(/^gk:/)
    expect(done.result!.source).toBe('url')
    const form = h.sent.filter((s) => s.url.endsWith('/v1/videos')).at(-1)!.init!.body as FormData
    expect(form.getAll('input_reference')).toHaveLength(2)
    expect(form.get('seconds')).toBe('10')
    expect(form.get('size')).toBe('1080P')
  })

  it('remix on both routes: lineage kept, polled on the original route', async () => {
    const src = await h.call('video:create', { family: 'gk', model: 'gk-video-3', prompt: 'source' })
    const source = await h.until(src.id, ok)
    sb.clearLog()
    const r1 = await h.call('video:remix', {
      sourceId: source.id,
      model: 'gk-video-3',
      prompt: 'make it rain',
      size: '720P',
      aspect_ratio: '3:2'
    })
    const r2 = await h.call('video:remix', {
      sourceId: source.id,
      route: 'unified',
      model: 'gk-video-3',
      prompt: 'make it snow',
      size: '720P',
      aspect_ratio: '1:1'
    })
    const d1 = await expectDownloaded(r1.id)
    const d2 = await expectDownloaded(r2.id)
    expect(d1.remixOf).toEqual({ id: source.id, taskId: source.taskId })
    expect(d2.remixOf).toEqual({ id: source.id, taskId: source.taskId })
    expect(d1.createRoute).toBe('POST /v1/videos/{id}/remix')
    expect(d2.createRoute).toBe('POST /v1/video/remix')
    expect(
      sb.log().filter((e) => e.route === 'videos.remix' && e.path === `/v1/videos/${source.taskId}/remix`)
    ).toHaveLength(1)
    const unified = h.sent.filter((s) => s.url.endsWith('/v1/video/remix')).at(-1)!
    expect(JSON.parse(String(unified.init!.body)).task_id).toBe(source.taskId)
    expect(sb.log().some((e) => e.route === 'videos.get' && e.path === `/v1/videos/${d2.taskId}`)).toBe(true)
  })

  it('a failed task shows its message and code, and is announced once', async () => {
    const t = await h.call('video:create', { family: 'vidq', model: 'vidq1', prompt: 'sandbox:fail please' })
    const done = await h.until(t.id, ended)
    expect(done.state).toBe('failed')
    expect(done.error?.message).toBeTruthy()
    expect(done.error?.code).toBeTruthy()
    expect(h.events.filter((e) => e.name === 'video:notice' && (e.payload as { id: string }).id === t.id)).toHaveLength(
      1
    )
  })

  it('list filters by state, model and text; remove deletes the file', async () => {
    const all = await h.call('video:list', undefined)
    expect(all.total).toBeGreaterThanOrEqual(8)
    const failed = await h.call('video:list', { filter: { states: ['failed'] } })
    expect(failed.tasks.every((t) => t.state === 'failed')).toBe(true)
    const kl = await h.call('video:list', { filter: { model: 'Kl-2.6-pro-10s' } })
    expect(kl.tasks).toHaveLength(1)
    const fox = await h.call('video:list', { filter: { query: 'FOX' } })
    expect(fox.tasks.map((t) => t.prompt)).toEqual(['a fox in snow'])
    const path = fileOf(fox.tasks[0].result!.mediaUrl)
    await h.call('video:remove', { id: fox.tasks[0].id })
    expect(existsSync(path)).toBe(false)
    expect((await h.fail('video:get', { id: fox.tasks[0].id })).code).toBe('NOT_FOUND')
  })
})
