import {
  copyFileSync,
  existsSync,
  mkdtempSync,
  openSync,
  closeSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
  writeSync
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { ConversationStore } from '../chat/conversation-store'
import { JobJournal, type JobRecord } from '../images/job-journal'
import { gradientPng, imagesHarness } from '../images/testing/harness'
import { committedJobs } from '../images/testing/journal-rows'
import { createBackup } from '../store/library-backup'
import { openLibrary } from '../store/library-db'
import { imagesFaultSuite } from '../testing/faults/images-fault-suite'
import { coreRig, faultingFetch, isPoll, type FaultRule } from '../testing/faults/support'
import { scriptedServer } from '../testing/scripted-server'

/**
 * Fault scenarios of a followed task (SECURITY.md §7) on the native image task, the feature
 * that has a task id, polling and result links today: F16-F19, F24, F25, F29. The video job engine
 * will carry the same promises with its own families.
 */

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

const { sb, h, rules, polledAt } = imagesFaultSuite()

const submits = () => sb.log().filter((e) => e.route === 'image.native.submit')
const hasUrls = async (res: Response) => JSON.stringify(await res.json().catch(() => null)).includes('image_urls":["')

describe('a followed task under gateway faults', () => {
  it('F16 odd poll answers (unknown, pending, in_progress, upper case, null data, a number for status) keep polling and end saved', async () => {
    const png = await gradientPng(32, 24)
    const answers: unknown[] = [
      { code: 10000, data: { status: 'in_queue' } },
      { code: 10000, data: { status: 'pending' } },
      { code: 10000, data: null },
      { code: 10000, data: { status: 42, image_urls: 'not-a-list' } },
      { code: 10000, data: { status: 'unknown' } },
      { code: 10000, data: { status: 'IN_PROGRESS', progress: '30%' } },
      { code: 10000, message: 'Success', data: { status: 'generating', binary_data_base64: [] } }
    ]
    let polls = 0
    const gw = await scriptedServer((req, res) => {
      if (req.url?.includes('CVSync2AsyncSubmitTask'))
        return void res
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ code: 10000, data: { task_id: '7001' } }))
      if (req.url?.startsWith('/img.png'))
        return void res.writeHead(200, { 'content-type': 'image/png', 'content-length': png.length }).end(png)
      const a = answers[polls++] ?? {
        code: 10000,
        data: { status: 'SUCCESS', image_urls: [`http://${req.headers.host}/img.png`] }
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(a))
    })
    const x = await imagesHarness({ sandbox: sb, gateway: { baseUrl: gw.url, key: sb.key } })
    try {
      const done = await x.settled((await x.call('images:submit-native', { prompt: 'p' })).jobId)
      expect(done.status).toBe('done')
      expect(done.items[0]).toMatchObject({ width: 32, height: 24 })
      expect(polls).toBe(answers.length + 1)
      expect(gw.requests.filter((r) => r.url?.includes('CVSync2AsyncSubmitTask'))).toHaveLength(1)
    } finally {
      await x.close()
      await gw.close()
    }
  })

  it('F17 task_not_exist three polls in a row: lost, with the task id shown; two in a row then found: saved', async () => {
    rules.push({ match: isPoll, fault: 'task-not-exist', times: 3 })
    const lost = await h.settled((await h.call('images:submit-native', { prompt: 'p' })).jobId)
    expect(lost).toMatchObject({ status: 'failed', error: { details: { reason: 'lost', taskId: lost.taskId } } })
    expect(lost.error!.message).toContain(lost.taskId!)
    rules.push({ match: isPoll, fault: 'task-not-exist', times: 2 })
    const found = await h.settled((await h.call('images:submit-native', { prompt: 'p' })).jobId)
    expect(found.status).toBe('done')
    expect(submits()).toHaveLength(2)
  })

  it('F18 the key is refused (401) while polling: the task is kept, not failed, and resumes to saved once the key works again', async () => {
    const rule: FaultRule = { match: isPoll, fault: 'unauthorized', times: 1_000 }
    rules.push(rule)
    const job = await h.call('images:submit-native', { prompt: 'p' })
    const deadline = Date.now() + 10_000
    while (
      !/kept and will be checked again/.test(h.jobEvents(job.jobId).at(-1)?.progressNote ?? '') &&
      Date.now() < deadline
    )
      await sleep(10)
    const held = h.jobEvents(job.jobId).at(-1)!
    expect(held.status).toBe('running')
    expect(held.progressNote).toMatch(/401.*kept and will be checked again once the key is updated/s)
    const pollsWhileHeld = polledAt.length
    await sleep(200)
    // Held means stopped: no polling with a key the gateway refuses.
    expect(polledAt.length).toBe(pollsWhileHeld)
    // The journal still has it, so a restart would also resume it.
    const rec = committedJobs(h.dataDir).find((r) => r.job.jobId === job.jobId)
    expect(rec).toMatchObject({ phase: 'polling', job: { taskId: held.taskId } })
    rule.times = 0
    h.images.resumeHeld()
    const done = await h.settled(job.jobId)
    expect(done.status).toBe('done')
    expect(submits()).toHaveLength(1)
  })

  it('F18 through the full core: updating the profile (a new key) resumes the held task to saved', async () => {
    const rule: FaultRule = { match: isPoll, fault: 'unauthorized', times: 1_000 }
    const rig = await coreRig({ fetch: faultingFetch([rule]) })
    try {
      const p = (await rig.call('profiles:add', {
        name: 'Gateway',
        baseUrl: sb.url,
        key: sb.key,
        persistence: 'session'
      })) as { id: string }
      await rig.call('profiles:select', { id: p.id })
      const job = (await rig.call('images:submit-native', { prompt: 'p' })) as { jobId: string }
      await rig.waitFor(
        'images:job-updated',
        (j) => j.jobId === job.jobId && /kept and will be checked again/.test(String(j.progressNote))
      )
      rule.times = 0
      await rig.call('profiles:update', { id: p.id, key: sb.key })
      const done = await rig.waitFor('images:job-updated', (j) => j.jobId === job.jobId && j.status !== 'running')
      expect(done.status).toBe('done')
      expect(submits()).toHaveLength(1)
    } finally {
      await rig.close()
    }
  })

  it('F19 the result link has expired (403) by the time it is downloaded: the task is asked for a fresh link and saved', async () => {
    rules.push({ match: isPoll, fault: 'expired-url', times: 1, spend: hasUrls })
    const done = await h.settled((await h.call('images:submit-native', { prompt: 'p' })).jobId)
    expect(done.status).toBe('done')
    const cdn = sb.log().filter((e) => e.origin === 'cdn')
    expect(cdn.map((e) => e.status)).toEqual([403, 200])
    expect(submits()).toHaveLength(1)
  })

  it('F19 a link that stays expired ends failed with the reason, nothing kept (the task was asked once more, not forever)', async () => {
    rules.push({ match: isPoll, fault: 'expired-url', times: 10, spend: hasUrls })
    const done = await h.settled((await h.call('images:submit-native', { prompt: 'p' })).jobId)
    expect(done).toMatchObject({ status: 'failed', error: { status: 403, details: { reason: 'expired' } } })
    expect(sb.log().filter((e) => e.origin === 'cdn')).toHaveLength(2)
  })

  it('F29 offline during polling: failed polls keep the schedule (no burst) and the task is saved when the network is back', async () => {
    rules.push({ match: isPoll, fault: 'drop', times: 4 })
    const done = await h.settled((await h.call('images:submit-native', { prompt: 'p' })).jobId)
    expect(done.status).toBe('done')
    expect(polledAt.length).toBeGreaterThanOrEqual(5)
    // FAST_TIMING waits 15, 25, 40 ms between polls without jitter: never two polls back to back.
    for (let i = 1; i < polledAt.length; i++) expect(polledAt[i] - polledAt[i - 1]).toBeGreaterThanOrEqual(14)
    expect(submits()).toHaveLength(1)
  })
})

describe('the job journal on disk', () => {
  const dirs: string[] = []
  const tempDir = (prefix: string) => {
    const d = mkdtempSync(join(tmpdir(), prefix))
    dirs.push(d)
    return d
  }
  afterAll(() => {
    for (const d of dirs) rmSync(d, { recursive: true, force: true })
  })
  const record = (jobId: string, phase: JobRecord['phase'] = 'ended'): JobRecord => ({
    job: { jobId, kind: 'native', status: phase === 'ended' ? 'done' : 'running', createdAt: Date.now(), warnings: [] },
    itemIds: [],
    phase,
    template: { origin: 'native', model: 'imagegen-4.0', prompt: 'p', params: {}, profileId: 'sandbox' }
  })

  it('F24 a crash mid-write leaves the previous journal intact: a commit cut off in the WAL is ignored and the records load', async () => {
    const dir = tempDir('f24-')
    const j = await JobJournal.open(dir, () => {})
    await j.put(record('kept'))
    await j.put(record('torn'))
    // What a SIGKILL in the middle of the second commit leaves (scripts/crash runs the real kill):
    // the database and its WAL as they are, the WAL's last frame only partly written.
    const crashed = tempDir('f24-crashed-')
    copyFileSync(join(dir, 'library.db'), join(crashed, 'library.db'))
    const wal = readFileSync(join(dir, 'library.db-wal'))
    writeFileSync(join(crashed, 'library.db-wal'), wal.subarray(0, wal.length - 100))
    j.close()
    const notices: string[] = []
    const again = await JobJournal.open(crashed, (m) => notices.push(m))
    expect(again.all().map((r) => r.job.jobId)).toEqual(['kept'])
    expect(notices).toEqual([])
    again.close()
    // The cut-off commit is gone once recovered (no partial write survives recovery).
    expect(existsSync(join(crashed, 'library.db-wal'))).toBe(false)
    expect((await JobJournal.open(crashed, () => {})).all().map((r) => r.job.jobId)).toEqual(['kept'])
  })

  it('F24 the conversation store, too, starts from its intact files and clears the temp debris of a cut-off write', async () => {
    const dir = tempDir('f24-chat-')
    const store = await ConversationStore.open(dir)
    await store.create({
      id: 'c1',
      title: 'kept',
      format: 'chat',
      model: 'm',
      messages: [],
      document: '',
      createdAt: 1,
      updatedAt: 1,
      params: {}
    } as never)
    await store.flush()
    writeFileSync(join(dir, 'chat', 'c1.json.tmp-999-deadbeef'), '{"conversation":{"id":"c1","mess')
    const again = await ConversationStore.open(dir)
    expect((await again.get('c1')).title).toBe('kept')
    expect(readdirSync(join(dir, 'chat')).filter((n) => n.includes('.tmp-'))).toEqual([])
  })

  /** A journal with jobs a and b, backed up (Settings → Back up library), then damaged on disk. */
  async function damagedJournal(dir: string): Promise<void> {
    const j = await JobJournal.open(dir, () => {})
    await j.put(record('a'))
    await j.put(record('b'))
    const lib = openLibrary(dir)
    await createBackup(lib, dir)
    lib.release()
    j.close()
    const fd = openSync(join(dir, 'library.db'), 'r+')
    writeSync(fd, Buffer.alloc(4096, 0xa5), 0, 4096, 0)
    closeSync(fd)
  }

  it('F25 a journal corrupted on disk: start-up survives, the last good copy is restored, the damaged file is kept, the user is told', async () => {
    const dir = tempDir('f25-')
    await damagedJournal(dir)
    const notices: string[] = []
    const again = await JobJournal.open(dir, (m) => notices.push(m))
    expect(
      again
        .all()
        .map((r) => r.job.jobId)
        .sort()
    ).toEqual(['a', 'b'])
    expect(notices).toHaveLength(1)
    expect(notices[0]).toMatch(/library database was damaged .*the backup of .* was restored/)
    expect(readdirSync(dir).filter((n) => /^library\.db\.damaged-\d+$/.test(n))).toHaveLength(1)
    again.close()
  })

  it('F25 the repair reaches the page: a full core started on a damaged journal serves the notice on app:get-notices', async () => {
    const dir = tempDir('f25-core-')
    await damagedJournal(dir)
    const rig = await coreRig({ dataDir: dir, keepDir: true })
    try {
      const served = (await rig.call('app:get-notices')) as { notices: Array<{ store: string; message: string }> }
      expect(served.notices).toEqual([
        {
          store: 'library',
          message: expect.stringMatching(/library database was damaged .*the backup of .* was restored/)
        }
      ])
      expect(
        ((await rig.call('images:list-jobs')) as { jobs: Array<{ jobId: string }> }).jobs.map((x) => x.jobId).sort()
      ).toEqual(['a', 'b'])
    } finally {
      await rig.close()
    }
  })
})
