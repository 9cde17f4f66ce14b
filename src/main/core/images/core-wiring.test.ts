import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { GalleryItem, ImageJob } from '@shared/domain/images'
import { noKeychain } from '../profiles/secret-backend'
import { createStudioCore, type StudioCore } from '../studio-core'

/** The images channels through the real core: contract parsing, dispatcher, events, the built-in sandbox. */
describe('images in the studio core', () => {
  let core: StudioCore
  const events: Array<{ name: string; payload: unknown }> = []
  const dataDir = mkdtempSync(join(tmpdir(), 'images-core-'))
  beforeAll(async () => {
    core = await createStudioCore({
      shell: 'browser',
      secrets: noKeychain,
      dataDir,
      appVersion: '0.0.0',
      platform: 'linux',
      sandbox: { enabled: true, speed: 1000 }
    })
    core.events.addSink((...[name, payload]) => events.push({ name, payload }))
  })
  afterAll(() => core.dispose())

  const call = async (channel: string, input?: unknown) => {
    const r = await core.dispatch(channel, input, { shell: 'browser' })
    if (!r.ok) throw Object.assign(new Error(r.error.message), r.error)
    return r.value
  }

  it('generates on the sandbox profile and lists the result in the gallery', async () => {
    const job = (await call('images:generate', {
      family: 'image2',
      model: 'image-model-2',
      prompt: 'core wiring',
      size: '1024x1024'
    })) as ImageJob
    expect(job.status).toBe('running')
    for (
      let i = 0;
      i < 500 &&
      !events.some(
        (e) =>
          e.name === 'images:job-updated' &&
          (e.payload as ImageJob).jobId === job.jobId &&
          (e.payload as ImageJob).status !== 'running'
      );
      i++
    ) {
      await new Promise((r) => setTimeout(r, 10))
    }
    const end = events.map((e) => e.payload as ImageJob).find((p) => p.jobId === job.jobId && p.status !== 'running')!
    expect(end.status).toBe('done')
    const { items, total } = (await call('images:list-gallery', { filter: { query: 'wiring' } })) as {
      items: GalleryItem[]
      total: number
    }
    expect(total).toBe(1)
    expect(items[0].url).toMatch(/^\/media\//)
    expect(core.media.resolve(items[0].url.slice('/media/'.length))).not.toBeNull()
    expect(await call('images:update-item', { id: items[0].id, favorite: true })).toMatchObject({ favorite: true })
    expect(await call('images:export-item', { id: items[0].id })).toMatchObject({
      saved: false,
      downloadUrl: expect.stringContaining(`${items[0].url}?download=`)
    })
  })

  it('refuses off-contract input before the handler runs', async () => {
    const r = await core.dispatch('images:submit-native', { prompt: 'p', extra: 1 }, { shell: 'browser' })
    expect(r).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } })
    const bad = await core.dispatch('images:delete-item', { id: '../../etc/passwd' }, { shell: 'browser' })
    expect(bad).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT', field: 'id' } })
  })
})
