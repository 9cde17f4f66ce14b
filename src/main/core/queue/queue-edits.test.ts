import { describe, expect, it } from 'vitest'
import type { Preflight } from '@shared/domain/balance'
import type { EditRequest, GenerateRequest, ImageJob, NativeTaskRequest } from '@shared/domain/images'
import { StudioError } from '@shared/errors'
import { tempDirs } from '../testing/temp-dirs'
import { queueHold, type HoldCheck } from './hold-reason'
import { QueueService, type QueueDeps, type QueueImages } from './queue-service'

const tempDir = tempDirs()

const gen = (prompt: string): GenerateRequest =>
  ({ family: 'imagegen', model: 'imagegen-4.0', prompt, n: 1 }) as GenerateRequest
const edit = (prompt: string): EditRequest => ({
  source: { kind: 'gallery', itemId: 'src-1' },
  maskFileId: 'mask-1',
  prompt,
  model: 'edit-model',
  watermark: 'absent',
  size: '1024x1024'
})
const native = (prompt: string): NativeTaskRequest => ({ prompt, resolution: '2k' })

/**
 * A stand-in for the image service with all three paid creates: one journal of jobs by id, the
 * creates in the order they left, and the edits' staged copies (made when queued, gone when removed).
 */
function fakeImages() {
  const journal = new Map<string, 'running' | 'ended'>()
  const sent: string[] = []
  const staged = new Map<string, { jobId: string; prompt: string }>()
  const discarded: string[] = []
  const leave = (what: string, jobId: string): ImageJob => {
    // The write-ahead rule: journaled under the item's id before the create leaves.
    if (journal.has(jobId)) throw new Error(`job ${jobId} sent twice`)
    journal.set(jobId, 'running')
    sent.push(what)
    return { jobId, status: 'running' } as ImageJob
  }
  const images: QueueImages = {
    generate: async (r, jobId) => leave(`generate:${r.prompt}`, jobId),
    planNative: async (r) => {
      if (r.prompt === '') throw new StudioError('INVALID_INPUT', 'A prompt is needed.', { field: 'prompt' })
      return { model: 'native-model' }
    },
    native: async (r, jobId) => leave(`native:${r.prompt}`, jobId),
    stageEdit: async (r, jobId) => {
      if (r.maskFileId === 'too-small')
        throw new StudioError(
          'INVALID_INPUT',
          'The mask is 10x10 but the image is 1024x1024; they must match exactly.',
          { field: 'maskFileId' }
        )
      staged.set(jobId, { jobId, prompt: r.prompt })
      return { jobId, copies: { sourceFile: `${jobId}.source.png`, maskFile: `${jobId}.mask.png` } }
    },
    edit: async (r, s, jobId) => {
      // Sent from the copies staged under the same id, never from a grant.
      expect((s as { jobId: string }).jobId).toBe(jobId)
      return leave(`edit:${r.prompt}`, jobId)
    },
    discardEdit: async (s) => void discarded.push((s as { jobId: string }).jobId),
    jobState: (jobId) => journal.get(jobId)
  }
  return { images, journal, sent, staged, discarded }
}

const open = (dir: string, images: QueueImages, more: Partial<QueueDeps> = {}) =>
  QueueService.open({ dataDir: dir, images, activeId: async () => 'p', emit: () => {}, ...more })

const settle = async (q: QueueService) => {
  for (let i = 0; i < 20; i++) await new Promise((r) => setImmediate(r))
  await (q as unknown as { pumping: Promise<void> | null }).pumping
}

const end = (q: QueueService, f: ReturnType<typeof fakeImages>, jobId: string) => {
  f.journal.set(jobId, 'ended')
  q.observe('images:job-updated', { jobId, kind: 'edit', status: 'done', createdAt: 0, items: [], warnings: [] })
}

describe('edits and native tasks in the queue', () => {
  it('wait behind the image cap in one order with generations, and leave one by one as jobs end', async () => {
    const f = fakeImages()
    const q = await open(tempDir('queue-'), f.images)
    await q.set({ imageCap: 1 })
    await q.addImage(gen('first'))
    const e = await q.addEdit({ edit: edit('a red door') })
    const n = await q.addNative({ native: native('a castle') })
    await settle(q)
    expect(f.sent).toEqual(['generate:first'])
    // Checked and staged when queued: the edit's copies are under its job id already.
    expect(f.staged.has(e.jobId)).toBe(true)
    const v = await q.list()
    expect(v.items.map((i) => [i.origin, i.kind, i.model, i.state, i.place])).toEqual([
      ['generate', 'image', 'imagegen-4.0', 'running', null],
      ['edit', 'image', 'edit-model', 'waiting', 1],
      // A native task without a model is kept with the one it will run on.
      ['native', 'image', 'native-model', 'waiting', 2]
    ])
    end(q, f, v.items[0].jobId)
    await settle(q)
    expect(f.sent).toEqual(['generate:first', 'edit:a red door'])
    end(q, f, e.jobId)
    await settle(q)
    expect(f.sent).toEqual(['generate:first', 'edit:a red door', 'native:a castle'])
    expect(f.journal.get(n.jobId)).toBe('running')
    await q.dispose()
  })

  it('refuses bad input before anything is queued', async () => {
    const f = fakeImages()
    const q = await open(tempDir('queue-'), f.images)
    await expect(q.addEdit({ edit: { ...edit('x'), maskFileId: 'too-small' } })).rejects.toMatchObject({
      code: 'INVALID_INPUT',
      field: 'maskFileId'
    })
    await expect(q.addNative({ native: native('') })).rejects.toMatchObject({ code: 'INVALID_INPUT', field: 'prompt' })
    expect((await q.list()).items).toEqual([])
    await q.dispose()
  })

  it('are held by a daily limit with the figures as data (priced by their own route), and sent once let go', async () => {
    const f = fakeImages()
    const asked: Array<{ model: string; params?: string }> = []
    const balance: HoldCheck = {
      preflight: async (input) => {
        asked.push({ model: input.model, params: input.params })
        const p: Preflight = {
          expectedCost: 300,
          basedOn: 4,
          basis: 'params',
          fetchedAt: 0,
          available: 50_000,
          unlimited: false,
          warn: true,
          reason: 'daily-limit',
          limit: { kind: 'daily', limit: 1_000, spent: 900 }
        }
        return p
      }
    }
    const q = await open(tempDir('queue-'), f.images, {
      limitReason: (profileId, item, model) => queueHold(balance, profileId, item, model)
    })
    await q.addEdit({ edit: edit('a red door') })
    await q.addNative({ native: native('a castle') })
    await settle(q)
    expect(f.sent).toEqual([])
    expect(asked).toEqual([
      { model: 'edit-model', params: 'via=edit;size=1024x1024' },
      { model: 'native-model', params: 'via=native;resolution=2k' }
    ])
    const held = (await q.list()).items
    expect(held.map((i) => [i.origin, i.state, i.heldBy, i.hold])).toEqual([
      ['edit', 'held', 'limit', { kind: 'daily-limit', limit: 1000, spent: 900, estimate: 300 }],
      ['native', 'held', 'limit', { kind: 'daily-limit', limit: 1000, spent: 900, estimate: 300 }]
    ])
    expect(held[0].reason).toBe(
      'Held by the daily spending limit: 900 spent of 1,000; this job is expected to cost about 300. Let it go, or raise the limit.'
    )
    q.release(held[1].id)
    await settle(q)
    expect(f.sent).toEqual(['native:a castle'])
    expect((await q.list()).items.find((i) => i.origin === 'native')).toMatchObject({ state: 'running' })
    await q.dispose()
  })

  it('a form that already let one go past the limit queues it let go', async () => {
    const f = fakeImages()
    const q = await open(tempDir('queue-'), f.images, {
      limitReason: () => ({ kind: 'daily-limit', limit: 1, spent: 1, estimate: null })
    })
    await q.addEdit({ edit: edit('anyway'), letGo: true })
    await settle(q)
    expect(f.sent).toEqual(['edit:anyway'])
    await q.dispose()
  })

  it('survive a restart in order, and each is sent exactly once', async () => {
    const dir = tempDir('queue-')
    const f = fakeImages()
    const q = await open(dir, f.images)
    await q.set({ imageCap: 2, paused: true })
    await q.addEdit({ edit: edit('e1') })
    await q.addNative({ native: native('n1') })
    await q.addImage(gen('g1'))
    await q.addEdit({ edit: edit('e2') })
    const items = (await q.list()).items
    // A crash after e1 was journaled (its create may have left) and one after n1 was marked sending but before its journal record.
    const lib = (q as unknown as { lib: { run(sql: string, ...p: unknown[]): void } }).lib
    lib.run(`UPDATE queue_items SET state = 'sending' WHERE id IN (?, ?)`, items[0].id, items[1].id)
    f.journal.set(items[0].jobId, 'running')
    await q.dispose()

    const again = await open(dir, f.images)
    const v = await again.list()
    expect(v.items.map((i) => [i.prompt, i.origin, i.state])).toEqual([
      ['e1', 'edit', 'running'],
      ['n1', 'native', 'waiting'],
      ['g1', 'generate', 'waiting'],
      ['e2', 'edit', 'waiting']
    ])
    await again.set({ paused: false })
    await settle(again)
    // One place left under the cap of 2 (e1 runs): n1 leaves; e1 is never sent again.
    expect(f.sent).toEqual(['native:n1'])
    end(again, f, items[0].jobId)
    end(again, f, items[1].jobId)
    await settle(again)
    end(again, f, items[2].jobId)
    await settle(again)
    expect(f.sent).toEqual(['native:n1', 'generate:g1', 'edit:e2'])
    await again.dispose()
  })

  it('a waiting edit removed from the queue takes its staged copies with it', async () => {
    const f = fakeImages()
    const q = await open(tempDir('queue-'), f.images)
    await q.set({ paused: true })
    const e = await q.addEdit({ edit: edit('never mind') })
    const [item] = (await q.list()).items
    q.remove(item.id)
    await settle(q)
    expect(f.discarded).toEqual([e.jobId])
    expect((await q.list()).items).toEqual([])
    await q.dispose()
  })
})
