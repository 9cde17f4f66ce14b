import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { priceKey } from '@shared/domain/estimate'
import { openLibrary } from '../store/library-db'
import { tempDirs } from '../testing/temp-dirs'
import { GENERATIONS_SCHEMA, GenerationLog, MAX_GENERATIONS } from './generation-log'
import { openClockedLog, snap } from './testing/generation-log'

const tempDir = tempDirs()

const open = (dir = tempDir('genlog-'), notices: string[] = []) => openClockedLog(dir, notices)

describe('GenerationLog', () => {
  it('gives the whole used delta to the only job between two snapshots', async () => {
    const { log, at } = await open()
    at(1500)
    log.record({ profileId: 'p', kind: 'chat', model: 'gpt-4o-mini' })
    expect(log.attribute('p', snap(1000, 100), snap(2000, 340))).toBe(1)
    expect(log.list('p')[0]).toMatchObject({ cost: 240, costBasis: 'exact' })
  })

  it('splits the delta between several jobs and marks the split (mixed: different models)', async () => {
    const { log, at } = await open()
    at(1200)
    log.record({ profileId: 'p', kind: 'chat', model: 'a' })
    at(1300)
    log.record({ profileId: 'p', kind: 'image', model: 'b' })
    at(1400)
    log.record({ profileId: 'other', kind: 'chat', model: 'a' })
    log.attribute('p', snap(1000, 0), snap(2000, 300))
    expect(log.list('p').map((e) => [e.cost, e.costBasis])).toEqual([
      [150, 'mixed'],
      [150, 'mixed']
    ])
    expect(log.list('other')[0].cost).toBeUndefined()
  })

  it('does not price a job twice, nor jobs outside the interval', async () => {
    const { log, at } = await open()
    at(1500)
    log.record({ profileId: 'p', kind: 'chat', model: 'a' })
    log.attribute('p', snap(1000, 0), snap(2000, 50))
    expect(log.attribute('p', snap(2000, 50), snap(3000, 90))).toBe(0)
    expect(log.list('p')[0].cost).toBe(50)
  })

  it('sums spending by model and kind, newest window only', async () => {
    const { log, at } = await open()
    for (const [t, model] of [
      [1100, 'a'],
      [2100, 'a'],
      [3100, 'b']
    ] as const) {
      at(t)
      log.record({ profileId: 'p', kind: 'chat', model })
    }
    log.attribute('p', snap(1000, 0), snap(2000, 10))
    log.attribute('p', snap(2000, 10), snap(3000, 40))
    expect(log.spending('p', 0).byModel).toEqual([
      { model: 'a', kind: 'chat', jobs: 2, costed: 2, cost: 40 },
      { model: 'b', kind: 'chat', jobs: 1, costed: 0, cost: 0 }
    ])
    expect(log.spending('p', 2000).byModel.map((r) => r.jobs)).toEqual([1, 1])
  })

  it('sums known costs by model and local day, for the spending chart', async () => {
    const { log, at } = await open()
    const day = (d: number, h: number) => new Date(2026, 10, d, h).getTime()
    const jobs = [
      [day(3, 9), 'a'],
      [day(3, 22), 'a'],
      [day(3, 23), 'b'],
      [day(4, 1), 'a'],
      [day(4, 2), 'c']
    ] as const
    for (const [t, model] of jobs) {
      at(t)
      log.record({ profileId: 'p', kind: 'image', model })
    }
    // Each job its own usage interval, priced exactly; the last one is not priced yet.
    log.attribute('p', snap(day(3, 8), 0), snap(day(3, 10), 10))
    log.attribute('p', snap(day(3, 21), 10), snap(day(3, 22) + 1, 30))
    log.attribute('p', snap(day(3, 22) + 1, 30), snap(day(3, 23) + 1, 35))
    log.attribute('p', snap(day(4, 0), 35), snap(day(4, 1) + 1, 100))
    expect(log.spending('p', 0).byDay).toEqual([
      { day: new Date(2026, 10, 3).getTime(), model: 'a', cost: 30 },
      { day: new Date(2026, 10, 3).getTime(), model: 'b', cost: 5 },
      { day: new Date(2026, 10, 4).getTime(), model: 'a', cost: 65 }
    ])
  })

  it('estimates a job from the median of past priced jobs of this profile only', async () => {
    const { log, at } = await open()
    const costs = [100, 300, 200]
    costs.forEach((c, i) => {
      at(1000 * (i + 1) + 500)
      log.record({ profileId: 'p', kind: 'video', model: 'vidq1' })
      log.attribute('p', snap(1000 * (i + 1), 0), snap(1000 * (i + 2), c))
    })
    at(9000)
    log.record({ profileId: 'p', kind: 'video', model: 'vidq1', ok: false })
    expect(log.expectedCost('p', 'vidq1', 'video')).toEqual({ cost: 200, basedOn: 3 })
    expect(log.expectedCost('q', 'vidq1', 'video')).toEqual({ cost: null, basedOn: 0 })
    expect(log.estimate('p', 'vidq1', 'video')).toEqual({ cost: 200, low: 100, high: 300, basedOn: 3, basis: 'params' })
    expect(log.expectedCost('p', 'other', 'video')).toEqual({ cost: null, basedOn: 0 })
  })

  it('estimates per price fields, and from the model with any fields (said so) when none match', async () => {
    const { log, at } = await open()
    const jobs: Array<[Record<string, unknown>, number]> = [
      [{ n: 1, size: '1024x1024' }, 100],
      [{ n: 2, size: '1024x1024' }, 200],
      [{ n: 2, size: '1024X1024 ', prompt: 'not a price field' }, 220]
    ]
    jobs.forEach(([params, cost], i) => {
      at(1000 * (i + 1) + 500)
      log.record({ profileId: 'p', kind: 'image', model: 'img', params })
      log.attribute('p', snap(1000 * (i + 1), 0), snap(1000 * (i + 2), cost))
    })
    expect(log.estimate('p', 'img', 'image', priceKey({ n: 2, size: '1024x1024' }))).toEqual({
      cost: 210,
      low: 200,
      high: 220,
      basedOn: 2,
      basis: 'params'
    })
    expect(log.estimate('p', 'img', 'image', priceKey({ size: '1024x1024' }))).toMatchObject({
      cost: 100,
      basedOn: 1,
      basis: 'params'
    })
    expect(log.estimate('p', 'img', 'image', priceKey({ n: 4 }))).toMatchObject({
      cost: 200,
      low: 100,
      high: 220,
      basedOn: 3,
      basis: 'model'
    })
    expect(log.estimate('p', 'none', 'image')).toEqual({ cost: null, low: null, high: null, basedOn: 0, basis: 'none' })
    // One model name on two routes (a generation and a native task) is two prices: the fallback stays on the route.
    at(9_500)
    log.record({ profileId: 'p', kind: 'image', model: 'img', params: { via: 'native', width: 2048 } })
    log.attribute('p', snap(9_000, 0), snap(10_000, 900))
    expect(priceKey({ width: 2048, via: 'native' })).toBe('via=native;width=2048')
    expect(log.estimate('p', 'img', 'image', priceKey({ via: 'native', width: 1024 }))).toMatchObject({
      cost: 900,
      basedOn: 1,
      basis: 'model'
    })
    expect(log.estimate('p', 'img', 'image', priceKey({ via: 'edit' }))).toMatchObject({ cost: null, basis: 'none' })
    expect(log.estimate('p', 'img', 'image', priceKey({ n: 4 }))).toMatchObject({ basedOn: 3 })
  })

  it('never averages a top-up or a refund in: only the rise of used is a cost; used going down prices nothing', async () => {
    const { log, at } = await open()
    at(1500)
    log.record({ profileId: 'p', kind: 'video', model: 'v', ref: 'topped' })
    // A top-up in the interval: granted and available jump, used rises by the job's cost only.
    log.attribute(
      'p',
      { at: 1000, used: 100, available: 900, granted: 1000, unlimited: false },
      { at: 2000, used: 160, available: 5840, granted: 6000, unlimited: false }
    )
    at(2500)
    log.record({ profileId: 'p', kind: 'video', model: 'v', ref: 'refunded' })
    // Used goes down (a refund or a reset of the key): no cost, and no zero either.
    log.attribute('p', snap(2000, 160), snap(3000, 40))
    expect(log.jobCost('topped')).toEqual({ ref: 'topped', cost: 60, basis: 'exact', estimate: null, error: null })
    expect(log.jobCost('refunded')).toMatchObject({ cost: null, basis: 'unpriced' })
    expect(log.estimate('p', 'v', 'video')).toMatchObject({ cost: 60, basedOn: 1 })
    // An unpriced job is not priced again by a later interval.
    expect(log.attribute('p', snap(2000, 40), snap(4000, 90))).toBe(0)
  })

  it('a shared interval counts for the estimate only when its jobs are alike; a mixed one is spending, never an estimate', async () => {
    const { log, at } = await open()
    at(1200)
    log.record({ profileId: 'p', kind: 'image', model: 'a', params: { n: 2 } })
    at(1300)
    log.record({ profileId: 'p', kind: 'image', model: 'a', params: { n: 2 } })
    log.attribute('p', snap(1000, 0), snap(2000, 300))
    at(2200)
    log.record({ profileId: 'p', kind: 'image', model: 'a', params: { n: 2 } })
    at(2300)
    log.record({ profileId: 'p', kind: 'image', model: 'b' })
    log.attribute('p', snap(2000, 300), snap(3000, 1300))
    expect(log.list('p').map((e) => e.costBasis)).toEqual(['shared', 'shared', 'mixed', 'mixed'])
    expect(log.estimate('p', 'a', 'image', 'n=2')).toMatchObject({ cost: 150, basedOn: 2 })
    expect(log.estimate('p', 'b', 'image')).toMatchObject({ cost: null, basis: 'none' })
    expect(log.spending('p', 0).byModel.find((r) => r.model === 'b')).toMatchObject({ jobs: 1, costed: 1, cost: 500 })
  })

  it('a clock set back neither reorders the history the estimate reads nor prices a backwards interval', async () => {
    const { log, at } = await open()
    at(10_000)
    log.record({ profileId: 'p', kind: 'chat', model: 'm' })
    log.attribute('p', snap(9_000, 0), snap(11_000, 500))
    // The clock goes back: the newer job carries an older time.
    at(2_000)
    log.record({ profileId: 'p', kind: 'chat', model: 'm' })
    expect(log.attribute('p', snap(11_000, 500), snap(1_500, 900))).toBe(0)
    log.attribute('p', snap(1_500, 500), snap(2_500, 520))
    // Newest by insertion: the job of the set-back clock is the latest, whatever its time says.
    const e = log.estimate('p', 'm', 'chat')
    expect(e).toMatchObject({ basedOn: 2, low: 20, high: 500 })
  })

  it('counts the history of a model under its earlier names, and records each estimate and its error', async () => {
    const { log, at } = await open()
    at(1500)
    log.record({ profileId: 'p', kind: 'video', model: 'old-name', ref: 't1' })
    log.attribute('p', snap(1000, 0), snap(2000, 400))
    expect(log.estimate('p', 'new-name', 'video')).toMatchObject({ cost: null })
    expect(log.estimate('p', 'new-name', 'video', '', ['old-name'])).toMatchObject({ cost: 400, basedOn: 1 })
    at(2500)
    log.record({ profileId: 'p', kind: 'video', model: 'old-name', ref: 't2' })
    log.attribute('p', snap(2000, 400), snap(3000, 900))
    expect(log.jobCost('t2')).toEqual({ ref: 't2', cost: 500, basis: 'exact', estimate: 400, error: 100 })
  })

  it('keeps a bounded log on disk and reads it back', async () => {
    const { log, dir } = await open()
    for (let i = 0; i < MAX_GENERATIONS + 10; i++) log.record({ profileId: 'p', kind: 'chat', model: 'm', at: i })
    await log.flush()
    const again = await GenerationLog.open(dir, () => {})
    expect(again.list()).toHaveLength(MAX_GENERATIONS)
    expect(again.list()[0].at).toBe(10)
  })

  it('answers by query, never from a copy read at start: a log opened earlier sees what another recorded', async () => {
    const { log, dir } = await open()
    const other = await GenerationLog.open(dir, () => {})
    log.record({ profileId: 'p', kind: 'image', model: 'm', at: 10, ref: 'job-1' })
    log.record({ profileId: 'p', kind: 'image', model: 'm', at: 20 })
    log.attribute('p', snap(5, 0), snap(15, 40))
    // Each log batches its own writes; once committed, any reader sees them.
    await log.flush()
    expect(other.byRef('job-1')).toMatchObject({ cost: 40, costBasis: 'exact' })
    expect(other.expectedCost('p', 'm', 'image')).toEqual({ cost: 40, basedOn: 1 })
    expect(other.spending('p', 0).byModel).toEqual([{ model: 'm', kind: 'image', jobs: 2, costed: 1, cost: 40 }])
    log.remove('p')
    await log.flush()
    expect(other.list('p')).toEqual([])
    other.close()
    log.close()
  })

  it('entries written before the query columns existed are priced, estimated and found by ref after the step that adds them', async () => {
    const dir = tempDir('genlog-')
    const lib = openLibrary(dir)
    lib.schema('generations', GENERATIONS_SCHEMA.slice(0, 1))
    const old = [
      {
        id: 'g-1',
        profileId: 'p',
        kind: 'video',
        model: 'vm',
        at: 1,
        ok: true,
        cost: 30,
        costBasis: 'exact',
        ref: 'task-1'
      },
      { id: 'g-2', profileId: 'p', kind: 'video', model: 'vm', at: 2, ok: false, cost: 99, costBasis: 'exact' },
      { id: 'g-3', profileId: 'p', kind: 'video', model: 'vm', at: 3, ok: true }
    ]
    for (const e of old)
      lib.run(
        'INSERT INTO generations (id, profile_id, at, entry) VALUES (?, ?, ?, ?)',
        e.id,
        e.profileId,
        e.at,
        JSON.stringify(e)
      )
    const log = await GenerationLog.open(dir, () => {})
    expect(log.byRef('task-1')?.id).toBe('g-1')
    // The failed job is not an estimate; the unpriced one is still there to be priced.
    expect(log.expectedCost('p', 'vm', 'video')).toEqual({ cost: 30, basedOn: 1 })
    expect(log.attribute('p', snap(2.5, 0), snap(4, 12))).toBe(1)
    expect(log.list('p').map((e) => e.cost)).toEqual([30, 99, 12])
    log.close()
    lib.release()
  })

  it('restores the backup of a damaged file of an earlier version, with a notice, and imports it', async () => {
    const dir = tempDir('genlog-')
    mkdirSync(join(dir, 'balance'))
    const kept = { id: 'g-1', profileId: 'p', kind: 'chat', model: 'kept', at: 5, ok: true }
    writeFileSync(join(dir, 'balance', 'generations.json.bak'), JSON.stringify({ version: 1, entries: [kept] }))
    writeFileSync(join(dir, 'balance', 'generations.json'), '{"entries": [')
    const notices: string[] = []
    const again = await GenerationLog.open(dir, (m) => notices.push(m))
    expect(again.list().map((e) => e.model)).toEqual(['kept'])
    expect(notices[0]).toMatch(/damaged; the last good copy was restored/)
    expect(JSON.parse(readFileSync(join(dir, 'balance', 'generations.json.migrated'), 'utf8')).entries).toHaveLength(1)
    again.close()
  })

  it('never lets a recording failure reach the caller', async () => {
    const { log } = await open()
    expect(() => log.recorder({ profileId: 'p', kind: 'chat', model: null as unknown as string })).not.toThrow()
  })
})
