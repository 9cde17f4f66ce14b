import { describe, expect, it } from 'vitest'
import type { Preflight } from '@shared/domain/balance'
import type { GenerateRequest, ImageJob } from '@shared/domain/images'
import type { VideoCreateRequest, VideoRemixRequest, VideoTask } from '@shared/domain/video'
import { tempDirs } from '../testing/temp-dirs'
import { queueHoldReason } from './hold-reason'
import { QueueService, type QueueImages, type QueueVideos } from './queue-service'

const tempDir = tempDirs()

const image = (prompt: string): GenerateRequest =>
  ({ family: 'imagegen', model: 'imagegen-4.0', prompt, n: 1 }) as GenerateRequest
const video = (prompt: string): VideoCreateRequest =>
  ({ family: 'unified', model: 'video-model', prompt }) as unknown as VideoCreateRequest

/** Stand-ins for both services: journals by id, and what was sent in order. */
function fakes() {
  const journal = new Map<string, 'running' | 'ended'>()
  const sent: string[] = []
  const images: QueueImages = {
    generate: async (r, jobId) => {
      journal.set(jobId, 'running')
      sent.push(r.prompt)
      return { jobId, status: 'running' } as ImageJob
    },
    jobState: (id) => journal.get(id)
  }
  const videos: QueueVideos = {
    create: async (r, id) => {
      journal.set(id, 'running')
      sent.push(r.prompt)
      return { id, state: 'submitting' } as VideoTask
    },
    remix: async (r, id) => {
      journal.set(id, 'running')
      sent.push(`remix: ${r.prompt}`)
      return { id, state: 'submitting' } as VideoTask
    },
    taskState: (id) => journal.get(id),
    remixProfile: (r) => (r.sourceId === 'gone' ? undefined : 'p')
  }
  return { images, videos, journal, sent }
}

const settle = async (q: QueueService) => {
  for (let i = 0; i < 20; i++) await new Promise((r) => setImmediate(r))
  await (q as unknown as { pumping: Promise<void> | null }).pumping
}

const endVideo = (q: QueueService, f: ReturnType<typeof fakes>, id: string) => {
  f.journal.set(id, 'ended')
  q.observe('video:task-updated', { id, state: 'succeeded' } as VideoTask)
}

describe('video tasks in the local queue', () => {
  it('keeps at most the video cap (2 by default) in flight until a task ends, while images go on under their own cap', async () => {
    const f = fakes()
    const q = await QueueService.open({
      dataDir: tempDir('queue-v-'),
      images: f.images,
      videos: f.videos,
      activeId: async () => 'p',
      emit: () => {}
    })
    expect((await q.list()).videoCap).toBe(2)
    for (let i = 1; i <= 4; i++) await q.addVideo({ create: video(`clip ${i}`) })
    await q.addImage(image('picture'))
    await settle(q)
    // The image behind the waiting videos is not held back by them.
    expect(f.sent).toEqual(['clip 1', 'clip 2', 'picture'])
    const view = await q.list()
    const running = view.items.filter((i) => i.state === 'running')
    expect(running.map((i) => [i.kind, i.prompt])).toEqual([
      ['video', 'clip 1'],
      ['video', 'clip 2'],
      ['image', 'picture']
    ])
    expect(view.items.filter((i) => i.state === 'waiting').map((i) => [i.prompt, i.place])).toEqual([
      ['clip 3', 1],
      ['clip 4', 2]
    ])
    // A task the gateway is still running (progress) keeps its place; an ended one frees it.
    q.observe('video:task-updated', { id: running[0].jobId, state: 'running' } as VideoTask)
    await settle(q)
    expect(f.sent).toHaveLength(3)
    endVideo(q, f, running[0].jobId)
    await settle(q)
    expect(f.sent).toEqual(['clip 1', 'clip 2', 'picture', 'clip 3'])
    // A removed task frees its place too.
    q.observe('video:tasks-removed', { ids: [running[1].jobId] })
    await settle(q)
    expect(f.sent).toEqual(['clip 1', 'clip 2', 'picture', 'clip 3', 'clip 4'])
    await q.dispose()
  })

  it('queues a remix on its source’s profile and refuses one whose source is gone', async () => {
    const f = fakes()
    const q = await QueueService.open({
      dataDir: tempDir('queue-v-'),
      images: f.images,
      videos: f.videos,
      activeId: async () => 'other',
      emit: () => {}
    })
    const remix = {
      sourceId: 'v1',
      model: 'video-model',
      prompt: 'slower',
      size: '720p',
      aspect_ratio: '16:9'
    } as unknown as VideoRemixRequest
    const item = await q.addVideo({ remix })
    expect(item.kind).toBe('video')
    await settle(q)
    expect(f.sent).toEqual(['remix: slower'])
    expect((await q.list('p')).items.map((i) => i.prompt)).toEqual(['slower'])
    await expect(q.addVideo({ remix: { ...remix, sourceId: 'gone' } })).rejects.toThrow(/no longer on the board/)
    await q.dispose()
  })

  it('sends a video create on the profile it was queued under, not the one active when it leaves', async () => {
    const f = fakes()
    const profiles: Array<string | undefined> = []
    const create = f.videos.create
    f.videos.create = (r, id) => (profiles.push(r.profileId), create(r, id))
    let active = 'p'
    const q = await QueueService.open({
      dataDir: tempDir('queue-v-'),
      images: f.images,
      videos: f.videos,
      activeId: async () => active,
      emit: () => {}
    })
    await q.set({ paused: true })
    await q.addVideo({ create: video('made on p') })
    active = 'q'
    await q.set({ profileId: 'p', paused: false })
    await settle(q)
    expect(f.sent).toEqual(['made on p'])
    expect(profiles).toEqual(['p'])
    await q.dispose()
  })

  it('after a crash, a video found sending is settled by the video journal: never sent twice, sent once when it never left', async () => {
    const dir = tempDir('queue-v-')
    const f = fakes()
    const q = await QueueService.open({
      dataDir: dir,
      images: f.images,
      videos: f.videos,
      activeId: async () => 'p',
      emit: () => {}
    })
    await q.set({ paused: true })
    const a = await q.addVideo({ create: video('journaled') })
    const b = await q.addVideo({ create: video('never left') })
    await q.dispose()
    // Both marked sending as a crash would leave them; only the first reached the video journal.
    const { openLibrary } = await import('../store/library-db')
    const lib = openLibrary(dir, () => {})
    lib.run(`UPDATE queue_items SET state = 'sending'`)
    lib.release()
    f.journal.set(a.jobId, 'running')
    const again = await QueueService.open({
      dataDir: dir,
      images: f.images,
      videos: f.videos,
      activeId: async () => 'p',
      emit: () => {}
    })
    const items = (await again.list()).items
    expect(items.find((i) => i.id === a.id)?.state).toBe('running')
    expect(items.find((i) => i.id === b.id)?.state).toBe('waiting')
    await again.set({ paused: false })
    await settle(again)
    expect(f.sent).toEqual(['never left'])
    await again.dispose()
  })

  it('items held by a limit wait again when the limits change, and are held again while still over', async () => {
    const f = fakes()
    let allowed = false
    const q = await QueueService.open({
      dataDir: tempDir('queue-v-'),
      images: f.images,
      videos: f.videos,
      activeId: async () => 'p',
      emit: () => {},
      limitReason: async () => (allowed ? null : 'Held by the daily spending limit')
    })
    await q.addVideo({ create: video('clip') })
    await settle(q)
    let held = (await q.list()).items[0]
    expect([held.state, held.heldBy]).toEqual(['held', 'limit'])
    q.recheckHeld('p')
    await settle(q)
    held = (await q.list()).items[0]
    expect([held.state, held.heldBy, f.sent.length]).toEqual(['held', 'limit', 0])
    allowed = true
    q.recheckHeld('p')
    await settle(q)
    expect(f.sent).toEqual(['clip'])
    await q.dispose()
  })
})

describe('why the queue holds an item', () => {
  const base: Preflight = {
    expectedCost: 500,
    basedOn: 3,
    low: 400,
    high: 600,
    basis: 'params',
    fetchedAt: 0,
    available: 10_000,
    unlimited: false,
    warn: false,
    reason: 'ok'
  }
  const check = (p: Partial<Preflight>) => ({ preflight: async () => ({ ...base, ...p }) })

  it('names the limit, the threshold or the shortfall, and lets an ordinary item go', async () => {
    const item = { kind: 'video-create', req: video('clip') } as const
    expect(await queueHoldReason(check({}), 'p', item)).toBeNull()
    expect(
      await queueHoldReason(
        check({ reason: 'daily-limit', limit: { kind: 'daily', limit: 1000, spent: 900 } }),
        'p',
        item
      )
    ).toBe(
      'Held by the daily spending limit: 900 spent of 1,000; this job is expected to cost about 500. Let it go, or raise the limit.'
    )
    expect(await queueHoldReason(check({ reason: 'below-threshold', available: 2_000 }), 'p', item)).toMatch(
      /^Held by the low-balance threshold: 2,000 left; this job is expected to cost about 500/
    )
    expect(await queueHoldReason(check({ reason: 'below-cost', available: 100 }), 'p', item)).toMatch(
      /^Held: 100 left, less than this job is expected to cost/
    )
  })

  it('estimates a queued item by the same price fields its form uses', async () => {
    const seen: string[] = []
    const spy = {
      preflight: async (i: { params?: string; kind: string }) => (seen.push(`${i.kind} ${i.params}`), base)
    }
    await queueHoldReason(spy, 'p', {
      kind: 'image',
      req: { ...image('x'), n: 2, size: '1024x1024' } as GenerateRequest
    })
    await queueHoldReason(spy, 'p', {
      kind: 'video-remix',
      req: {
        sourceId: 'v1',
        model: 'm',
        prompt: 'p',
        size: '720p',
        aspect_ratio: '16:9'
      } as unknown as VideoRemixRequest
    })
    expect(seen).toEqual(['image via=generate;n=2;size=1024x1024', 'video via=remix;size=720p'])
  })
})
