import { describe, expect, it } from 'vitest'
import type { QueueHold } from '@shared/contract/queue'
import type { GenerateRequest, ImageJob } from '@shared/domain/images'
import { StudioError } from '@shared/errors'
import { tempDirs } from '../testing/temp-dirs'
import { QueueService, type QueueDeps, type QueueImages } from './queue-service'

const tempDir = tempDirs()

/** A stand-in image service: one gallery image ("g1") a variation can repeat; creates in order, with their profile and group. */
function fakeImages() {
  const journal = new Map<string, 'running' | 'ended'>()
  const sent: Array<{ prompt: string; jobId: string; profileId: string; tag?: Record<string, unknown> }> = []
  const original: GenerateRequest = {
    family: 'imagegen',
    model: 'imagegen-4.0',
    prompt: 'a paper crane',
    n: 1
  } as GenerateRequest
  const images: QueueImages = {
    generate: async (r, jobId, as) => {
      journal.set(jobId, 'running')
      sent.push({ prompt: r.prompt, jobId, profileId: as.profileId, tag: as.tag })
      return { jobId, status: 'running' } as ImageJob
    },
    variations: (id, count) => {
      if (id !== 'g1') throw new StudioError('NOT_FOUND', 'There is no such image.', { field: 'id' })
      return Array.from({ length: count }, () => ({ kind: 'generate' as const, req: original }))
    },
    jobState: (jobId) => journal.get(jobId)
  }
  return { images, journal, sent }
}

const settle = async (q: QueueService) => {
  for (let i = 0; i < 20; i++) await new Promise((r) => setImmediate(r))
  await (q as unknown as { pumping: Promise<void> | null }).pumping
}

/** A queue on profile "p" over the stand-in images; `deps` adds to or replaces what it is opened with. */
async function openQueue(deps: Partial<QueueDeps> = {}) {
  const f = fakeImages()
  const q = await QueueService.open({
    dataDir: tempDir('queue-var-'),
    images: f.images,
    activeId: async () => 'p',
    emit: () => {},
    ...deps
  })
  /** The image job ended: the journal says so and the queue hears it. */
  const end = (jobId: string) => {
    f.journal.set(jobId, 'ended')
    q.observe('images:job-updated', {
      jobId,
      kind: 'generate',
      status: 'done',
      createdAt: 0,
      items: [],
      warnings: []
    })
  }
  return { f, q, end }
}

describe('"More like this" through the queue', () => {
  it('queues each variation as an item with its job id; they wait behind the cap and keep their group', async () => {
    const { f, q, end } = await openQueue()
    await q.set({ imageCap: 2 })
    const { groupId, jobIds } = await q.addVariations('g1', 5)
    expect(jobIds).toHaveLength(5)
    await settle(q)
    // Two in flight (the cap); three wait, in order, under the job ids answered.
    expect(f.sent.map((s) => s.jobId)).toEqual(jobIds.slice(0, 2))
    const view = await q.list()
    expect(view.items.map((i) => [i.jobId, i.state, i.place])).toEqual([
      [jobIds[0], 'running', null],
      [jobIds[1], 'running', null],
      [jobIds[2], 'waiting', 1],
      [jobIds[3], 'waiting', 2],
      [jobIds[4], 'waiting', 3]
    ])
    // One ends: the next variation leaves, with the group and the image it varies, on the queue's profile.
    end(jobIds[0])
    await settle(q)
    expect(f.sent.map((s) => s.jobId)).toEqual(jobIds.slice(0, 3))
    for (const s of f.sent)
      expect(s).toMatchObject({
        prompt: 'a paper crane',
        profileId: 'p',
        tag: { variationOf: 'g1', variationGroup: groupId }
      })
    // Pausing holds the rest back too.
    await q.set({ paused: true })
    end(jobIds[1])
    await settle(q)
    expect(f.sent).toHaveLength(3)
    await q.dispose()
  })

  it('holds variations a daily limit would cross, with the reason, and sends none of them', async () => {
    const daily: QueueHold = { kind: 'daily-limit', limit: 1000, spent: 950, estimate: 100 }
    const { f, q } = await openQueue({ limitReason: () => daily })
    const { jobIds } = await q.addVariations('g1', 3)
    await settle(q)
    expect(f.sent).toEqual([])
    const items = (await q.list()).items
    expect(items.map((i) => [i.jobId, i.state, i.heldBy])).toEqual(jobIds.map((id) => [id, 'held', 'limit']))
    expect(items[0].hold).toEqual(daily)
    expect(items[0].reason).toMatch(/^Held by the daily spending limit: 950 spent of 1,000/)
    // Let go one by one: only the one released is sent.
    q.release(items[1].id)
    await settle(q)
    expect(f.sent.map((s) => s.jobId)).toEqual([jobIds[1]])
    await q.dispose()
  })

  it('refuses an image no request made before anything is queued', async () => {
    const { q } = await openQueue()
    await expect(q.addVariations('no-such', 2)).rejects.toMatchObject({ code: 'NOT_FOUND' })
    expect((await q.list()).items).toEqual([])
    await q.dispose()
  })
})
