import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { GenerateRequest } from '@shared/domain/images'
import { StudioError } from '@shared/errors'
import { startSandbox, type SandboxHandle } from '../../../sandbox/index'
import { allowLoopbackResultOrigin } from '../gateway/result-address'
import { imagesHarness, type ImagesHarness } from '../images/testing/harness'
import { pollUntil } from '../testing/host-harness'
import { profileHold } from './hold-reason'

/**
 * Every queued item is sent as the profile it was queued under: its key and address, whichever
 * profile is active when the queue gets to it. A profile removed, or left without a key, holds its
 * items with that reason; they are never sent with another profile's key.
 */
const KEY_B = 'sk-queue-profile-b'

const gen = (prompt: string): GenerateRequest =>
  ({ family: 'imagegen', model: 'imagegen-4.0', prompt, n: 1 }) as GenerateRequest

describe('queued items and their profile (through the sandbox)', () => {
  let sb: SandboxHandle
  beforeAll(async () => {
    sb = await startSandbox({ speed: 1000, quiet: true })
    sb.addKey({ key: KEY_B, name: 'b' })
    allowLoopbackResultOrigin(sb.cdnUrl)
  })
  afterAll(async () => {
    await sb.close()
  })

  /** Two profiles on the same gateway with their own keys; `a` is active at first. */
  async function twoProfiles(): Promise<{
    h: ImagesHarness
    state: { active: string; keys: Record<string, string | undefined>; names: Record<string, string> }
  }> {
    const state = {
      active: 'a',
      keys: { a: sb.key, b: KEY_B } as Record<string, string | undefined>,
      names: { a: 'Studio A', b: 'Studio B' } as Record<string, string>
    }
    const get = (id: string) => {
      if (!(id in state.names)) throw new StudioError('NOT_FOUND', 'That profile no longer exists', { field: 'id' })
      return { name: state.names[id] }
    }
    const connection = async (id: string) => {
      get(id)
      const key = state.keys[id]
      if (!key)
        throw new StudioError('KEY_MISSING', 'This profile has no API key yet; add it in Settings', { field: 'key' })
      return { baseUrl: sb.url, key }
    }
    const h = await imagesHarness({
      sandbox: sb,
      profiles: { activeId: async () => state.active, connection },
      queue: { profileHold: (id) => profileHold({ get, connection }, id) }
    })
    return { h, state }
  }

  const creates = (since: number) =>
    sb
      .log()
      .filter((e) => e.id > since && e.paid && (e.route === 'image.generate' || e.route === 'image.native.submit'))
  const lastId = () => sb.log().at(-1)?.id ?? 0

  it('sends items queued under A with A’s key after the user switched to B, and records A on their results', async () => {
    const { h, state } = await twoProfiles()
    const since = lastId()
    await h.queue.set({ paused: true, imageCap: 1 })
    const queued = [
      await h.queue.addImage(gen('first of A')),
      await h.queue.addImage(gen('second of A')),
      await h.queue.addNative({ native: { prompt: 'a native task of A' } })
    ]
    // The user switches to B while A's items wait; then A's queue goes on (one at a time).
    state.active = 'b'
    await h.queue.set({ profileId: 'a', paused: false })
    const done = []
    for (const item of queued) done.push(await h.settled(item.jobId))
    expect(done.map((j) => j.status)).toEqual(['done', 'done', 'done'])
    const sent = creates(since)
    expect(sent.map((e) => e.route)).toEqual(['image.generate', 'image.generate', 'image.native.submit'])
    expect(sent.map((e) => e.key)).toEqual([sb.key, sb.key, sb.key])
    // The native task's polls too: every gateway call of A's items carried A's key.
    const calls = sb.log().filter((e) => e.id > since && e.origin === 'gateway')
    expect(calls.some((e) => e.route === 'image.native.result')).toBe(true)
    expect(calls.filter((e) => e.key !== sb.key)).toEqual([])
    for (const j of done) expect(j.items[0].profileId).toBe('a')
    // B's queue is its own: nothing of A's was listed or counted there.
    expect((await h.queue.list('b')).items).toEqual([])
    await h.close()
  })

  it('holds A’s items once A is removed (never sent with B’s key), and one without a key until the key is back', async () => {
    const { h, state } = await twoProfiles()
    const since = lastId()
    await h.queue.set({ paused: true })
    const item = await h.queue.addImage(gen('orphaned'))
    state.active = 'b'
    // A removed while its item waits.
    delete state.names.a
    delete state.keys.a
    await h.queue.set({ profileId: 'a', paused: false })
    const held = await pollUntil(
      () => h.queue.view('a').items.find((i) => i.id === item.id && i.state === 'held'),
      5_000,
      () => 'the item was not held'
    )
    expect(held).toMatchObject({
      heldBy: 'profile',
      hold: { kind: 'profile-missing' },
      reason: expect.stringMatching(/no longer exists/)
    })
    // Let go by the user: checked again, held again (the profile is still gone), never dropped.
    h.queue.release(item.id)
    await pollUntil(
      () => h.queue.view('a').items.find((i) => i.id === item.id && i.state === 'held'),
      5_000,
      () => 'not held again'
    )
    expect(creates(since)).toEqual([])
    expect(h.images.jobState(item.jobId)).toBeUndefined()

    // A profile without a key: held with its name, and sent with its own key once the key is entered.
    state.names.c = 'Studio C'
    state.active = 'c'
    const keyless = await h.queue.addImage(gen('needs a key'))
    const waiting = await pollUntil(
      () => h.queue.view('c').items.find((i) => i.state === 'held'),
      5_000,
      () => 'not held for its key'
    )
    expect(waiting).toMatchObject({
      heldBy: 'profile',
      hold: { kind: 'no-key', profile: 'Studio C' },
      reason: expect.stringMatching(/“Studio C”.*no usable API key/)
    })
    state.active = 'b'
    state.keys.c = sb.key
    h.queue.recheckProfiles()
    expect((await h.settled(keyless.jobId)).status).toBe('done')
    expect(creates(since).map((e) => e.key)).toEqual([sb.key])
    expect((await h.queue.list('a')).items.map((i) => i.state)).toEqual(['held'])
    await h.close()
  })
})
