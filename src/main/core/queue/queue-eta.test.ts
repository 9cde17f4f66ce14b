import { describe, expect, it } from 'vitest'
import type { DurationStats } from '@shared/domain/eta'
import type { GenerateRequest, ImageJob } from '@shared/domain/images'
import type { VideoTask } from '@shared/domain/video'
import { tempDirs } from '../testing/temp-dirs'
import { queueEtas, type EtaInput } from './queue-eta'
import { QueueService, type QueueImages } from './queue-service'

const tempDir = tempDirs()
const MIN = 60_000

describe('queue ETAs', () => {
  const stats = (table: Record<string, DurationStats>) => (kind: 'image' | 'video', model: string) =>
    table[`${kind}:${model}`] ?? null
  const now = 1_000 * MIN

  it('counts the queue ahead: a waiting item starts when the earliest place of its kind frees', () => {
    const items: EtaInput[] = [
      { kind: 'video', model: 'v', state: 'running', sentAt: now - 2 * MIN },
      { kind: 'video', model: 'v', state: 'running', sentAt: now - 4 * MIN },
      { kind: 'video', model: 'v', state: 'waiting', sentAt: null },
      { kind: 'video', model: 'v', state: 'waiting', sentAt: null },
      { kind: 'video', model: 'v', state: 'waiting', sentAt: null }
    ]
    const etas = queueEtas(
      items,
      { image: 4, video: 2 },
      stats({ 'video:v': { median: 10 * MIN, p75: 12 * MIN, runs: 7 } }),
      now
    )
    // In flight: sent 2 and 4 minutes ago, ten minutes each.
    expect(etas.map((e) => e && (e.median - now) / MIN)).toEqual([8, 6, 16, 18, 26])
    expect(etas[2]).toEqual({ median: now + 16 * MIN, p75: now + 18 * MIN, runs: 7 })
  })

  it('takes an overdue run as ending now, keeps kinds apart, and says nothing for a model with no runs or a held item', () => {
    const items: EtaInput[] = [
      { kind: 'image', model: 'i', state: 'running', sentAt: now - 10 * MIN },
      { kind: 'video', model: 'v', state: 'waiting', sentAt: null },
      { kind: 'image', model: 'new', state: 'waiting', sentAt: null },
      { kind: 'image', model: 'i', state: 'waiting', sentAt: null },
      { kind: 'image', model: 'i', state: 'held', sentAt: null }
    ]
    const etas = queueEtas(
      items,
      { image: 1, video: 2 },
      stats({
        'image:i': { median: MIN, p75: 2 * MIN, runs: 3 },
        'video:v': { median: 5 * MIN, p75: 6 * MIN, runs: 2 }
      }),
      now
    )
    expect(etas[0]).toEqual({ median: now, p75: now, runs: 3 })
    expect(etas[1]?.median).toBe(now + 5 * MIN)
    expect(etas[2]).toBeNull()
    // Behind the unknown one, in the one image place: counted from what is known.
    expect(etas[3]?.median).toBe(now + MIN)
    expect(etas[4]).toBeNull()
  })

  it('waits for enough ends when more are in flight than a lowered cap', () => {
    const items: EtaInput[] = [
      { kind: 'image', model: 'i', state: 'running', sentAt: now },
      { kind: 'image', model: 'i', state: 'running', sentAt: now + MIN },
      { kind: 'image', model: 'i', state: 'waiting', sentAt: null }
    ]
    const etas = queueEtas(
      items,
      { image: 1, video: 2 },
      stats({ 'image:i': { median: 2 * MIN, p75: 2 * MIN, runs: 1 } }),
      now
    )
    expect((etas[2]!.median - now) / MIN).toBe(5)
  })

  it('learns each model’s durations from finished runs and shows them on the queue’s items', async () => {
    let clock = 100 * MIN
    const journal = new Map<string, 'running' | 'ended'>()
    const images: QueueImages = {
      generate: async (_r, jobId) => (journal.set(jobId, 'running'), { jobId, status: 'running' } as ImageJob),
      jobState: (id) => journal.get(id)
    }
    const q = await QueueService.open({
      dataDir: tempDir('queue-eta-'),
      images,
      activeId: async () => 'p',
      emit: () => {},
      now: () => clock
    })
    const req = { family: 'imagegen', model: 'imagegen-4.0', prompt: 'a', n: 1 } as GenerateRequest
    // Two runs of the model ended (jobs sent outside the queue count too), 2 and 4 minutes long.
    const done = (jobId: string, createdAt: number) =>
      q.observe('images:job-updated', {
        jobId,
        kind: 'generate',
        status: 'done',
        createdAt,
        items: [{ model: 'imagegen-4.0' }],
        warnings: []
      } as unknown as ImageJob)
    done('a', clock - 2 * MIN)
    done('b', clock - 4 * MIN)
    done('b', clock - 9 * MIN) // the same end told again counts once
    // A job names its model itself (a done job with no item yet kept is still a run of it).
    q.observe('images:job-updated', {
      jobId: 'c',
      kind: 'generate',
      status: 'done',
      createdAt: clock - 3 * MIN,
      model: 'other-model',
      items: [],
      warnings: []
    } as ImageJob)
    expect(q.runStats('image', ['other-model'])[0].stats).toEqual({ median: 3 * MIN, p75: 3 * MIN, runs: 1 })
    q.observe('video:task-updated', {
      id: 'v1',
      model: 'vid',
      state: 'succeeded',
      createdAt: 0,
      submittedAt: 10 * MIN,
      completedAt: 15 * MIN
    } as VideoTask)
    await q.set({ imageCap: 1, paused: true })
    await q.addImage(req)
    await q.addImage({ ...req, model: 'unknown-model' })
    const v = await q.list()
    expect(v.items.map((i) => i.eta)).toEqual([{ median: clock + 3 * MIN, p75: clock + 4 * MIN, runs: 2 }, null])
    // The same figures for a job sent outside the queue (its card's ETA), by kind and model.
    expect(q.runStats('image', ['imagegen-4.0', 'unknown-model', 'imagegen-4.0'])).toEqual([
      { model: 'imagegen-4.0', stats: { median: 3 * MIN, p75: 4 * MIN, runs: 2 } },
      { model: 'unknown-model', stats: null }
    ])
    expect(q.runStats('video', ['vid'])).toEqual([{ model: 'vid', stats: { median: 5 * MIN, p75: 5 * MIN, runs: 1 } }])
    await q.set({ paused: false })
    for (let i = 0; i < 20; i++) await new Promise((r) => setImmediate(r))
    clock += MIN
    const running = (await q.list()).items[0]
    expect([running.state, running.eta]).toEqual([
      'running',
      { median: clock + 2 * MIN, p75: clock + 3 * MIN, runs: 2 }
    ])
    await q.dispose()
  })
})
