import { existsSync, mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { killDuringImport } from './testing/kill-during-import'
import { openJournals } from './testing/migrate-journals-child'

const CHILD = join(import.meta.dirname, 'testing', 'migrate-journals-child.ts')

/** An earlier version's JSON stores: image jobs, one file per video task, assets, balance history and log. */
function legacyStores(tasks: number): string {
  const dataDir = mkdtempSync(join(tmpdir(), 'migrate-journals-'))
  for (const d of ['images', 'video/tasks', 'balance']) mkdirSync(join(dataDir, d), { recursive: true })
  const job = (i: number, phase: string) => ({
    job: {
      jobId: `job${i}`,
      kind: 'native',
      status: phase === 'ended' ? 'done' : 'running',
      createdAt: 1_000 + i,
      warnings: [],
      ...(phase === 'polling' ? { taskId: `t${i}` } : {})
    },
    itemIds: [],
    phase,
    template: { origin: 'native', model: 'm', prompt: `job ${i}`, params: {}, profileId: 'p' }
  })
  const jobs = JSON.stringify({
    version: 1,
    jobs: [job(0, 'polling'), ...Array.from({ length: 30 }, (_, i) => job(i + 1, 'ended'))]
  })
  writeFileSync(join(dataDir, 'images', 'jobs.json'), jobs)
  writeFileSync(join(dataDir, 'images', 'jobs.json.bak'), jobs)
  for (let i = 0; i < tasks; i++) {
    const id = `v${String(i).padStart(5, '0')}`
    const task = {
      id,
      profileId: 'p',
      family: 'unified',
      model: 'video-model',
      prompt: `a lighthouse at dusk number ${i}`,
      state: 'succeeded',
      createdAt: 2_000 + i,
      updatedAt: 2_000 + i,
      download: { state: 'done' }
    }
    writeFileSync(join(dataDir, 'video', 'tasks', `${id}.json`), JSON.stringify({ version: 1, task, phase: 'ended' }))
  }
  const asset = (i: number) => ({
    id: `a${i}`,
    taskId: `at${i}`,
    profileId: 'p',
    groupId: 'g1',
    name: `asset ${i}`,
    url: 'https://example.com/a.png',
    type: 'Image',
    state: 'active',
    rawStatus: 'Active',
    createdAt: i,
    updatedAt: i
  })
  writeFileSync(
    join(dataDir, 'video', 'assets.json'),
    JSON.stringify({
      version: 1,
      groups: [{ id: 'g1', profileId: 'p', name: 'group', createdAt: 1 }],
      assets: [asset(1), asset(2)]
    })
  )
  const snaps = JSON.stringify({
    version: 1,
    profiles: {
      p: Array.from({ length: 300 }, (_, i) => ({ at: i, used: i, available: 1e6 - i, granted: 1e6, unlimited: false }))
    }
  })
  writeFileSync(join(dataDir, 'balance', 'snapshots.json'), snaps)
  writeFileSync(join(dataDir, 'balance', 'snapshots.json.bak'), snaps)
  const entries = Array.from({ length: 2_000 }, (_, i) => ({
    id: `g-${i}`,
    profileId: 'p',
    kind: 'image',
    model: 'm',
    at: i,
    ok: true
  }))
  writeFileSync(join(dataDir, 'balance', 'generations.json'), JSON.stringify({ version: 1, entries }))
  return dataDir
}

/** The sizes every start must find: 31 jobs, every task, 2 assets, 300 snapshots, 2,000 log entries. */
const whole = (tasks: number) => [31, tasks, 2, 300, 2_000]

function sizes(j: Awaited<ReturnType<typeof openJournals>>): number[] {
  return [
    j.jobs.all().length,
    j.tasks.size,
    j.assets.assets.length,
    j.snapshots.list('p').length,
    j.generations.list().length
  ]
}

function originalsRenamed(dataDir: string): void {
  for (const f of [
    'images/jobs.json',
    'images/jobs.json.bak',
    'video/tasks',
    'video/assets.json',
    'balance/snapshots.json',
    'balance/snapshots.json.bak',
    'balance/generations.json'
  ]) {
    expect(existsSync(join(dataDir, f)), f).toBe(false)
    expect(existsSync(join(dataDir, `${f}.migrated`)), `${f}.migrated`).toBe(true)
  }
}

describe('journal and balance migration to the library database', () => {
  it('imports every JSON store once, keeps the originals renamed, and a second start does nothing', async () => {
    const dataDir = legacyStores(40)
    const notices: string[] = []
    const a = await openJournals(dataDir, (m) => notices.push(m))
    expect(sizes(a)).toEqual(whole(40))
    expect(a.jobs.get('job0')).toMatchObject({ phase: 'polling', job: { taskId: 't0' } })
    expect(a.tasks.get('v00007')?.task.prompt).toBe('a lighthouse at dusk number 7')
    expect([...a.tasks.matching('DUSK NUMBER 39')!]).toEqual(['v00039'])
    expect(notices).toEqual([])
    originalsRenamed(dataDir)
    expect(readdirSync(join(dataDir, 'video', 'tasks.migrated'))).toHaveLength(40)
    // Changes after the import are what a second start finds: the renamed originals are never read again.
    await a.tasks.remove('v00000')
    a.generations.remove('p')
    a.close()

    const b = await openJournals(dataDir, (m) => notices.push(m))
    expect(sizes(b)).toEqual([31, 39, 2, 300, 0])
    expect(notices).toEqual([])
    b.close()
  })

  it(
    'an import killed at random moments (SIGKILL) resumes or restarts cleanly: every record exactly once',
    { timeout: 240_000 },
    async () => {
      const TASKS = 1_000
      const { dataDir, outcomes, measured } = await killDuringImport(CHILD, () => legacyStores(TASKS))
      expect(measured).toBe('finished')
      expect(outcomes[0]).toBe('killed')
      const notices: string[] = []
      const j = await openJournals(dataDir, (m) => notices.push(m))
      expect(sizes(j)).toEqual(whole(TASKS))
      expect(notices).toEqual([])
      originalsRenamed(dataDir)
      j.close()
    }
  )
})
