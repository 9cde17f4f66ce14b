import { describe, expect, it } from 'vitest'
import type { GenerateRequest, ImageJob } from '@shared/domain/images'
import { StudioError } from '@shared/errors'
import { tempDirs } from '../testing/temp-dirs'
import { QueueService, type QueueImages } from './queue-service'

const tempDir = tempDirs()

const req = (prompt: string, model = 'imagegen-4.0'): GenerateRequest =>
  ({ family: 'imagegen', model, prompt, n: 1 }) as GenerateRequest

/** A stand-in for the image service: a journal of jobs by id, creates in the order they were sent. */
function fakeImages() {
  const journal = new Map<string, 'running' | 'ended'>()
  const sent: string[] = []
  let refuse: ((r: GenerateRequest) => string | null) | null = null
  const images: QueueImages = {
    generate: async (r, jobId) => {
      const why = refuse?.(r)
      if (why) throw new StudioError('INVALID_INPUT', why, { field: 'model' })
      journal.set(jobId, 'running')
      sent.push(r.prompt)
      return { jobId, status: 'running' } as ImageJob
    },
    jobState: (jobId) => journal.get(jobId)
  }
  return { images, journal, sent, refuseWith: (f: typeof refuse) => (refuse = f) }
}

async function open(dir: string, images: QueueImages) {
  const q = await QueueService.open({ dataDir: dir, images, activeId: async () => 'p', emit: () => {} })
  return q
}

const settle = async (q: QueueService) => {
  for (let i = 0; i < 20; i++) await new Promise((r) => setImmediate(r))
  await (q as unknown as { pumping: Promise<void> | null }).pumping
}

/** Ends a sent job as the image service would tell it. */
const end = (q: QueueService, f: ReturnType<typeof fakeImages>, jobId: string) => {
  f.journal.set(jobId, 'ended')
  q.observe('images:job-updated', { jobId, kind: 'generate', status: 'done', createdAt: 0, items: [], warnings: [] })
}

describe('the local queue', () => {
  it('sends in order, never more than the cap in flight, and the next as one ends', async () => {
    const f = fakeImages()
    const q = await open(tempDir('queue-'), f.images)
    await q.set({ imageCap: 2 })
    for (let i = 1; i <= 6; i++) await q.addImage(req(`job ${i}`))
    await settle(q)
    expect(f.sent).toEqual(['job 1', 'job 2'])
    const v = await q.list()
    expect(v.items.map((i) => [i.prompt, i.state, i.place])).toEqual([
      ['job 1', 'running', null],
      ['job 2', 'running', null],
      ['job 3', 'waiting', 1],
      ['job 4', 'waiting', 2],
      ['job 5', 'waiting', 3],
      ['job 6', 'waiting', 4]
    ])
    end(q, f, v.items[0].jobId)
    await settle(q)
    expect(f.sent).toEqual(['job 1', 'job 2', 'job 3'])
    await q.dispose()
  })

  it('reorders waiting items, removes one, and pausing stops new creates only', async () => {
    const f = fakeImages()
    const q = await open(tempDir('queue-'), f.images)
    await q.set({ imageCap: 1, paused: true })
    for (const p of ['a', 'b', 'c', 'd']) await q.addImage(req(p))
    await settle(q)
    expect(f.sent).toEqual([])
    const ids = Object.fromEntries((await q.list()).items.map((i) => [i.prompt, i.id]))
    q.move(ids.d, 0)
    q.move(ids.a, 3)
    q.remove(ids.c)
    expect((await q.list()).items.map((i) => i.prompt)).toEqual(['d', 'b', 'a'])
    await q.set({ paused: false })
    await settle(q)
    expect(f.sent).toEqual(['d'])
    // Paused while one runs: it is not cancelled; nothing new leaves until resumed.
    await q.set({ paused: true })
    end(q, f, (await q.list()).items[0].jobId)
    await settle(q)
    expect(f.sent).toEqual(['d'])
    await q.set({ paused: false })
    await settle(q)
    expect(f.sent).toEqual(['d', 'b'])
    await q.dispose()
  })

  it('holds an item the host refuses before sending (a model no longer listed) with the reason, never dropping it', async () => {
    const f = fakeImages()
    f.refuseWith((r) => (r.model === 'gone-model' ? 'The gateway no longer lists gone-model.' : null))
    const q = await open(tempDir('queue-'), f.images)
    await q.addImage(req('kept', 'gone-model'))
    await q.addImage(req('next'))
    await settle(q)
    const v = await q.list()
    expect(v.items.find((i) => i.prompt === 'kept')).toMatchObject({
      state: 'held',
      reason: 'The gateway no longer lists gone-model.'
    })
    expect(f.sent).toEqual(['next'])
    await q.dispose()
  })

  it('exactly once across a crash between "dequeued" and "create sent", and across one after it', async () => {
    const dir = tempDir('queue-')
    const f = fakeImages()
    const q = await open(dir, f.images)
    await q.set({ imageCap: 3, paused: true })
    for (const p of ['x', 'y', 'z', 'w']) await q.addImage(req(p))
    const items = (await q.list()).items
    // A crash right after an item was marked sending, before its job was journaled (x), and one after the
    // journal record was written but before the queue heard back (y): simulated in the database.
    const lib = (q as unknown as { lib: { run(sql: string, ...p: unknown[]): void } }).lib
    lib.run(`UPDATE queue_items SET state = 'sending' WHERE id IN (?, ?)`, items[0].id, items[1].id)
    f.journal.set(items[1].jobId, 'running')
    await q.dispose()

    const again = await open(dir, f.images)
    const v = await again.list()
    // y's create may have left: it runs (the image service follows it), never sent again.
    expect(v.items.map((i) => [i.prompt, i.state])).toEqual([
      ['y', 'running'],
      ['x', 'waiting'],
      ['z', 'waiting'],
      ['w', 'waiting']
    ])
    await again.set({ paused: false })
    await settle(again)
    expect(f.sent).toEqual(['x', 'z'])
    await again.dispose()
  })

  it('holds an item a spending limit would stop, with the reason, until it is let go or the limit is raised', async () => {
    const f = fakeImages()
    let limit = 1
    const q = await QueueService.open({
      dataDir: tempDir('queue-'),
      images: f.images,
      activeId: async () => 'p',
      emit: () => {},
      limitReason: (_p, r) =>
        r.req.prompt.startsWith('dear') && limit < 10 ? 'Held by the daily limit: 900 spent of 1,000.' : null
    })
    await q.addImage(req('dear one'))
    await q.addImage(req('dear two'))
    await q.addImage(req('cheap'))
    await settle(q)
    expect(f.sent).toEqual(['cheap'])
    const held = (await q.list()).items.filter((i) => i.state === 'held')
    expect(held.map((i) => [i.prompt, i.reason])).toEqual([
      ['dear one', 'Held by the daily limit: 900 spent of 1,000.'],
      ['dear two', 'Held by the daily limit: 900 spent of 1,000.']
    ])
    // Let go: sent past the limit.
    q.release(held[0].id)
    await settle(q)
    expect(f.sent).toEqual(['cheap', 'dear one'])
    // The limit raised: the other one passes the check once it waits again.
    limit = 100
    q.release(held[1].id)
    await settle(q)
    expect(f.sent).toEqual(['cheap', 'dear one', 'dear two'])
    await q.dispose()
  })
})
