import { describe, expect, it } from 'vitest'
import { sandboxSuite } from '../testing/sandbox-suite'
import { ended, videoHarness } from './testing/harness'
import { resumesOnlyOnNewKey } from './testing/paused-polls'

/**
 * Answers a live gateway gives to a create or a poll that are not a running task: a 200 carrying an
 * error object, a task that is already failed, and a 403 while polling.
 */
describe('video create answers and query refusals', () => {
  const { sb, h } = sandboxSuite(videoHarness, { resetEach: true })
  const creates = () =>
    sb
      .log()
      .filter(
        (e) =>
          ['video.create', 'videos.create', 'video.remix', 'videos.remix'].includes(e.route ?? '') &&
          e.method === 'POST'
      )

  it.each([
    [
      'unified create',
      { family: 'vidq', model: 'vidq1', prompt: 'refused' },
      'error-200=content_policy@video.create*1'
    ],
    [
      'video-object JSON create',
      { family: 'kl', model: 'Kl-2.6', prompt: 'refused', seconds: '5' },
      'error-200=content_policy@videos.create*1'
    ],
    [
      'multipart create',
      { family: 'gk', model: 'gk-video-3', prompt: 'refused' },
      'error-200=content_policy@videos.create*1'
    ]
  ] as const)(
    'a %s answered 200 with an error object is failed with the gateway’s message and code',
    async (_name, req, fault) => {
      sb.setFaults(sb.key, [fault])
      const t = await h.call('video:create', req as never)
      const done = await h.until(t.id, ended)
      expect(done.state).toBe('failed')
      expect(done.taskId).toBeNull()
      expect(done.error?.message).toContain('the request was refused upstream')
      expect(done.error?.code).toBe('content_policy')
      expect(done.error?.studioCode).toBe('GATEWAY_ERROR')
      expect(creates()).toHaveLength(1)
    }
  )

  it('a remix answered 200 with an error object is failed with the gateway’s message and code', async () => {
    const src = await h.call('video:create', { family: 'gk', model: 'gk-video-3', prompt: 'source' })
    const source = await h.until(src.id, ended)
    sb.setFaults(sb.key, ['error-200=remix_refused@videos.remix*1'])
    const r = await h.call('video:remix', {
      sourceId: source.id,
      model: 'gk-video-3',
      prompt: 'again',
      size: '720P',
      aspect_ratio: '3:2'
    })
    const done = await h.until(r.id, ended)
    expect(done.state).toBe('failed')
    expect(done.error).toMatchObject({ code: 'remix_refused', studioCode: 'GATEWAY_ERROR' })
  })

  it.each([
    ['vidq', { family: 'vidq', model: 'vidq1', prompt: 'no' }, 'create-failed@video.create*1', 'failed'],
    [
      'vo3',
      { family: 'unified2', model: 'vo3.1-components', prompt: 'no' },
      'create-failed=FAILURE@video.create*1',
      'FAILURE'
    ],
    ['kl', { family: 'kl', model: 'Kl-2.6', prompt: 'no', seconds: '5' }, 'create-failed@videos.create*1', 'failed'],
    ['gk', { family: 'gk', model: 'gk-video-3', prompt: 'no' }, 'create-failed=error@videos.create*1', 'error']
  ] as const)(
    'a %s create answered already failed is shown failed with its reason, never polled',
    async (_family, req, fault, word) => {
      sb.setFaults(sb.key, [fault])
      const t = await h.call('video:create', req as never)
      const done = await h.until(t.id, ended)
      expect(done.state).toBe('failed')
      expect(done.rawStatus).toBe(word)
      expect(done.taskId).not.toBeNull()
      expect(done.error).toMatchObject({
        message: 'Video generation was refused upstream: the prompt was flagged',
        code: 'upstream_refused'
      })
      await new Promise((r) => setTimeout(r, 150))
      expect(sb.log().filter((e) => e.route === 'video.query' || e.route === 'videos.get')).toHaveLength(0)
    }
  )

  it('a 403 while polling pauses the task like a 401; a new key resumes it', async () => {
    // Only the polls are refused (the create went through and may be charged).
    sb.setFaults(sb.key, ['forbidden@videos.get'])
    const t = await h.call('video:create', { family: 'kl', model: 'Kl-2.6', prompt: 'forbidden', seconds: '5' })
    const paused = await h.until(t.id, (x) => x.state === 'paused')
    expect(paused.error?.message).toContain('403')
    expect((await resumesOnlyOnNewKey(h, sb, 'videos.get', paused)).state).toBe('succeeded')
  })

  it('a 403 while following an asset import pauses it like a 401; a new key resumes it to Active', async () => {
    const group = await h.call('video:assets-create-group', { name: 'Refused' })
    sb.setFaults(sb.key, ['forbidden@asset.get'])
    const asset = await h.call('video:assets-import', {
      groupId: group.id,
      url: `${sb.cdnUrl}/hero.png`,
      type: 'Image',
      name: 'Hero'
    })
    const paused = async () => {
      for (let i = 0; i < 500 && !/paused/.test(h.assets.find(asset.id)?.error?.message ?? ''); i++)
        await new Promise((r) => setTimeout(r, 10))
      return h.assets.find(asset.id)!
    }
    const held = await paused()
    expect(held.state).toBe('processing')
    expect(held.error).toMatchObject({ code: '403' })
    expect(held.error!.message).toMatch(/paused.*403/s)
    const checks = () => sb.log().filter((e) => e.route === 'asset.get').length
    const before = checks()
    await new Promise((r) => setTimeout(r, 200))
    expect(checks()).toBe(before)
    await h.assets.onProfilesChanged()
    await new Promise((r) => setTimeout(r, 100))
    expect(checks()).toBe(before)
    sb.setFaults(sb.key, [])
    const first = h.gateway.key
    h.gateway.key = 'sk-another-key-entirely'
    await h.assets.onProfilesChanged()
    await new Promise((r) => setTimeout(r, 100))
    expect((await paused()).error?.code).toBe('401')
    h.gateway.key = first
    await h.assets.onProfilesChanged()
    for (let i = 0; i < 500 && h.assets.find(asset.id)!.state !== 'active'; i++)
      await new Promise((r) => setTimeout(r, 10))
    expect(h.assets.find(asset.id)).toMatchObject({ state: 'active' })
    expect(h.assets.find(asset.id)!.error).toBeUndefined()
  })
})
