import { existsSync, mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { imageBytes } from '../files/testing/images'
import { allowLoopbackResultOrigin } from '../gateway/result-address'
import { suiteSandbox } from '../testing/sandbox-suite'
import { scriptedServer } from '../testing/scripted-server'
import { JobJournal, type JobRecord } from './job-journal'
import { imagesHarness } from './testing/harness'

const template = {
  origin: 'generate' as const,
  model: 'image-model-2',
  prompt: 'from before',
  params: {},
  profileId: 'sandbox'
}
const record = (over: Partial<JobRecord> & { jobId: string }): JobRecord => ({
  job: { jobId: over.jobId, kind: 'generate', status: 'running', createdAt: Date.now(), warnings: [] },
  itemIds: [],
  phase: 'sending',
  template,
  ...over
})

describe('the job journal across restarts', () => {
  const sb = suiteSandbox()

  it('a request that was being sent when the studio stopped comes back outcome-unknown, never re-sent', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'journal-'))
    const journal = await JobJournal.open(dataDir, () => {})
    await journal.put(record({ jobId: 'sendingJob' }))
    await journal.flush()
    sb.clearLog()
    const h = await imagesHarness({ sandbox: sb, dataDir })
    try {
      const job = (await h.call('images:list-jobs', undefined)).jobs.find((j) => j.jobId === 'sendingJob')!
      expect(job).toMatchObject({ status: 'outcome-unknown', error: { code: 'OUTCOME_UNKNOWN' } })
      expect(job.error!.message).toMatch(/may have been accepted and charged/)
      expect(sb.log()).toEqual([])
    } finally {
      await h.close()
    }
  })

  it('URL results that were not saved yet are downloaded on the next start', async () => {
    const png = await imageBytes('png', 48, 32)
    const cdn = await scriptedServer((_req, res) => res.writeHead(200, { 'content-type': 'image/png' }).end(png))
    // The sandbox's case: a loopback gateway whose results come from its own file server.
    allowLoopbackResultOrigin(cdn.url)
    const dataDir = mkdtempSync(join(tmpdir(), 'journal-'))
    const journal = await JobJournal.open(dataDir, () => {})
    await journal.put(
      record({
        jobId: 'savingJob',
        phase: 'saving',
        pending: [{ url: `${cdn.url}/r.png`, revisedPrompt: 'from before, revised' }]
      })
    )
    await journal.flush()
    const h = await imagesHarness({ sandbox: sb, dataDir })
    try {
      const done = await h.settled('savingJob')
      expect(done.status).toBe('done')
      expect(done.items[0]).toMatchObject({
        width: 48,
        height: 32,
        prompt: 'from before',
        revisedPrompt: 'from before, revised'
      })
      expect(cdn.requests[0].headers.authorization).toBeUndefined()
    } finally {
      await h.close()
      await cdn.close()
    }
  })

  it('a damaged journal of an earlier version is imported from its backup, kept aside, and reported', async () => {
    // What an earlier version left: jobs.json cut off mid-write, its .bak whole.
    const dataDir = mkdtempSync(join(tmpdir(), 'journal-'))
    mkdirSync(join(dataDir, 'images'))
    const ended = record({
      jobId: 'endedJob',
      phase: 'ended',
      job: { jobId: 'endedJob', kind: 'native', status: 'done', createdAt: 1, warnings: [] }
    })
    writeFileSync(join(dataDir, 'images', 'jobs.json.bak'), JSON.stringify({ version: 1, jobs: [ended] }))
    writeFileSync(join(dataDir, 'images', 'jobs.json'), '{"version":1,"jobs":[{"job":')
    const notices: string[] = []
    const again = await JobJournal.open(dataDir, (m) => notices.push(m))
    expect(again.get('endedJob')).toMatchObject({ phase: 'ended', job: { status: 'done' } })
    expect(notices.join(' ')).toMatch(/job journal file was damaged; the last good copy was restored/)
    expect(readdirSync(join(dataDir, 'images')).some((n) => n.startsWith('jobs.json.corrupt-'))).toBe(true)
    expect(existsSync(`${again.path}.bak.migrated`)).toBe(true)
    again.close()
  })

  it('keeps only the newest 50 ended jobs, and every running one', async () => {
    const journal = await JobJournal.open(mkdtempSync(join(tmpdir(), 'journal-')), () => {})
    await journal.put(
      record({
        jobId: 'stillRunning',
        phase: 'polling',
        job: { jobId: 'stillRunning', kind: 'native', status: 'running', createdAt: 0, taskId: '1', warnings: [] }
      })
    )
    for (let i = 0; i < 60; i++)
      await journal.put(
        record({
          jobId: `e${i}`,
          phase: 'ended',
          job: { jobId: `e${i}`, kind: 'generate', status: 'done', createdAt: 100 + i, warnings: [] }
        })
      )
    expect(journal.all().filter((r) => r.phase === 'ended')).toHaveLength(50)
    expect(journal.get('stillRunning')).toBeTruthy()
    expect(journal.get('e0')).toBeUndefined()
  })
})
