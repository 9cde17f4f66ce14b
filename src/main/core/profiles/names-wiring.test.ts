import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ImageJob } from '@shared/domain/images'
import type { ProfileView } from '@shared/domain/profiles'
import type { Asset, VideoTask } from '@shared/domain/video'
import { startSandbox, type SandboxHandle } from '../../../sandbox/index'
import { ALT_NAMING, nameOf, type BodyFamily } from '../../../sandbox/naming'
import { allowLoopbackResultOrigin } from '../gateway/result-address'
import { createStudioCore, type StudioCore } from '../studio-core'
import { noKeychain } from './secret-backend'

/**
 * A gateway whose names are not the spec's (the sandbox's second naming), configured only through
 * the profile's names: every route family works with them, and nothing of the stand-ins is sent.
 */
const names = (f: BodyFamily) => ALT_NAMING.models[f].map(nameOf)
const NAMES_FILE = JSON.stringify({
  version: 1,
  models: {
    chat: names('chat'),
    imagegen: names('imageGen1'),
    image2: names('imageGen2'),
    native: [ALT_NAMING.nativeModel],
    editNative: names('imageGen1'),
    editForm: names('imageEdit'),
    vidq: names('videoUnified1'),
    unified2: names('videoUnified2'),
    kl: names('videoJson'),
    gk: names('videoMultipart')
  },
  // The gateway fixes framecast-pro at 10 s (it plays the stand-in's part): said as a rule.
  rules: { 'framecast-pro': { forcedSeconds: 10 } },
  nativeImage: {
    path: ALT_NAMING.nativePath,
    submitAction: 'CVSync2AsyncSubmitTask',
    resultAction: 'CVSync2AsyncGetResult',
    version: '2022-08-31',
    reqKey: ALT_NAMING.nativeReqKey
  },
  assetPrefix: ALT_NAMING.assetPrefix,
  messagesVersionHeader: ALT_NAMING.versionHeader,
  messagesVersionValue: '2023-06-01'
})

describe('a profile speaks its gateway’s own names', () => {
  let sb: SandboxHandle
  let core: StudioCore
  const events: Array<{ name: string; payload: unknown }> = []
  beforeAll(async () => {
    sb = await startSandbox({ naming: 'alt', speed: 1000, quiet: true })
    allowLoopbackResultOrigin(sb.cdnUrl)
    core = await createStudioCore({
      shell: 'browser',
      secrets: noKeychain,
      dataDir: mkdtempSync(join(tmpdir(), 'names-core-')),
      appVersion: '0.0.0',
      platform: 'linux',
      sandbox: { enabled: false },
      env: { gatewayUrl: sb.url, apiKey: sb.key }
    })
    core.events.addSink((...[name, payload]) => events.push({ name, payload }))
  })
  afterAll(async () => {
    await core.dispose()
    await sb.close()
  })

  const call = async (channel: string, input?: unknown) => {
    const r = await core.dispatch(channel, input, { shell: 'browser' })
    if (!r.ok) throw Object.assign(new Error(r.error.message), r.error)
    return r.value
  }
  const until = async <T>(pick: () => T | undefined, what: string): Promise<T> => {
    for (let i = 0; i < 1500; i++) {
      const v = pick()
      if (v !== undefined) return v
      await new Promise((r) => setTimeout(r, 10))
    }
    throw new Error(`timed out waiting for ${what}`)
  }
  const imageEnd = (jobId: string) =>
    until(
      () => events.map((e) => e.payload as ImageJob).find((p) => e2(p) && p.jobId === jobId && p.status !== 'running'),
      `image job ${jobId}`
    )
  const e2 = (p: unknown): p is ImageJob => !!p && typeof p === 'object' && 'jobId' in p
  const videoEnd = (id: string) =>
    until(
      () =>
        events
          .map((e) => e.payload as VideoTask)
          .find(
            (p) =>
              !!p &&
              typeof p === 'object' &&
              'id' in p &&
              p.id === id &&
              ['succeeded', 'failed', 'lost', 'outcome-unknown'].includes(p.state)
          ),
      `video ${id}`
    )

  it('with the stand-ins the gateway does not know the models; after importing its names every image route works', async () => {
    const refused = (await call('images:generate', {
      family: 'imagegen',
      model: 'imagegen-4.0',
      prompt: 'a kite',
      n: 1
    })) as ImageJob
    expect((await imageEnd(refused.jobId)).status).toBe('failed')

    const view = (await call('profiles:import-names', { id: 'env', text: NAMES_FILE })) as ProfileView
    expect(view.names.models.imagegen).toEqual(['pixa-2', 'pixa-2-hd'])
    sb.clearLog()
    const first = (await call('images:generate', {
      family: 'imagegen',
      model: 'pixa-2-hd',
      prompt: 'a kite',
      n: 1
    })) as ImageJob
    const second = (await call('images:generate', {
      family: 'image2',
      model: 'canvas-x',
      prompt: 'a kite',
      size: '1024x1024'
    })) as ImageJob
    // No model given: the first name the profile gives the native task, on its own route and req_key.
    const native = (await call('images:submit-native', { prompt: 'a kite' })) as ImageJob
    for (const job of [first, second, native]) expect((await imageEnd(job.jobId)).status).toBe('done')
    const paths = sb.log().map((e) => e.path)
    expect(paths).toContain(ALT_NAMING.nativePath)
    expect(paths).not.toContain('/imgnative')
  })

  it('a name the names do not place in the family is refused at the field; an unassigned name is sent with the family’s rules', async () => {
    const mixed = await core.dispatch(
      'images:generate',
      { family: 'image2', model: 'pixa-2', prompt: 'p' },
      { shell: 'browser' }
    )
    expect(mixed).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT', field: 'model' } })
    const edit = await core.dispatch(
      'images:edit',
      { source: { kind: 'gallery', itemId: 'nope' }, prompt: 'p', model: 'unheard-of' },
      { shell: 'browser' }
    )
    expect(edit).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT', field: 'model' } })
  })

  it('creates a video in all four families with the gateway’s names; a model rule fixes the length', async () => {
    sb.clearLog()
    const creates = [
      { family: 'vidq', model: 'clipforge-std', prompt: 'waves', duration: 5 },
      { family: 'unified2', model: 'scenery-fast', prompt: 'waves' },
      { family: 'kl', model: 'motionist-26', prompt: 'waves' },
      { family: 'gk', model: 'framecast-pro', prompt: 'waves', seconds: 4 }
    ]
    const tasks = (await Promise.all(creates.map((c) => call('video:create', c)))) as VideoTask[]
    for (const task of tasks) expect((await videoEnd(task.id)).state).toBe('succeeded')
    const gk = tasks.find((t) => t.family === 'gk')!
    expect(gk.params.seconds).toBe(10)
  })

  it('imports an asset under the gateway’s asset prefix and follows it to Active', { timeout: 40_000 }, async () => {
    sb.clearLog()
    const group = (await call('video:assets-create-group', { name: 'refs' })) as { id: string }
    const asset = (await call('video:assets-import', {
      groupId: group.id,
      url: `${sb.cdnUrl}/hero.png`,
      type: 'Image',
      name: 'ref'
    })) as Asset
    let active: Asset | undefined
    for (let i = 0; i < 250 && !active; i++) {
      await new Promise((r) => setTimeout(r, 100))
      active = ((await call('video:assets-list', {})) as { assets: Asset[] }).assets.find(
        (a) => a.id === asset.id && a.state !== 'processing'
      )
    }
    if (!active) throw new Error('the asset did not settle')
    expect(active.state).toBe('active')
    expect(sb.log().every((e) => !e.path.startsWith('/v1/vendor/asset/'))).toBe(true)
    expect(sb.log().some((e) => e.path.startsWith(ALT_NAMING.assetPrefix))).toBe(true)
  })
})
