import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import type { VideoTask } from '@shared/domain/video'
import { startSandbox, type SandboxHandle } from '../../../sandbox/index'
import type { GenerationRecord } from '../balance/generation-log'
import type { FetchLike } from '../gateway/http'
import { allowLoopbackResultOrigin } from '../gateway/result-address'
import { FakeClock } from '../tasks/testing/fake-clock'
import { missedPolls } from '../testing/faults/video-support'
import { scriptedServer } from '../testing/scripted-server'
import { ended, FAST, ok, videoHarness, type VideoHarness } from '../video/testing/harness'

/**
 * Fault scenarios of SECURITY.md §7 on the VIDEO job engine (a real VideoService over the
 * sandbox or a scripted gateway). Already proven in video-sandbox-faults.test.ts beside this file and not
 * repeated here: a create cut off after sending (F2/F14), the 403 -> /content order (F19, first half),
 * wrong MP4 bytes (F20), a 401 pause (F18), Retry-After on polls, an unknown status word (F16).
 * The sleep detection by a late timer (F29) is in src/main/core/tasks/scheduler.test.ts.
 */

// F21: an fs shim makes writes of `.mp4.part` files fail with ENOSPC (a full disk cannot be arranged on CI).
const shim = vi.hoisted(() => ({ enospc: false, hits: 0 }))
vi.mock('node:fs', async (importOriginal) =>
  (await import('../testing/faults/full-disk')).fullDiskFs(await importOriginal(), shim, '.mp4.part')
)

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms))
const last = (h: VideoHarness, id: string) =>
  h.events.filter((e) => e.name === 'video:task-updated' && (e.payload as VideoTask).id === id).at(-1)?.payload as
    VideoTask | undefined

let sb: SandboxHandle
const open: VideoHarness[] = []
beforeAll(async () => {
  sb = await startSandbox({ speed: 1000, quiet: true })
  allowLoopbackResultOrigin(sb.cdnUrl)
})
afterEach(async () => {
  shim.enospc = false
  sb.setFaults(sb.key, [])
  sb.clearLog()
  for (const h of open.splice(0)) await h.close()
})
afterAll(async () => {
  await sb.close()
})

async function rig(opts: Parameters<typeof videoHarness>[0] = {}): Promise<VideoHarness> {
  const h = await videoHarness({ sandbox: sb, ...opts })
  open.push(h)
  return h
}
const creates = (route = 'video.create') => sb.log().filter((e) => e.route === route && e.method === 'POST')

/** A harness on simulated time: the scheduler (holds, waits, polls) moves only when `drive` advances it. */
async function clocked() {
  const clock = new FakeClock(Date.now())
  const sentAt: number[] = []
  const recorded: GenerationRecord[] = []
  // Simulated time stands still while a create is on the wire (until its answer has been read):
  // a busy machine's socket delay must not count as back-off time in the assertions below.
  let onWire = 0
  const fetchAt: FetchLike = async (i, init) => {
    if (!String(i).includes('/v1/video/create')) return fetch(i, init)
    sentAt.push(clock.now())
    onWire++
    try {
      const res = await fetch(i, init)
      const body = await res.arrayBuffer()
      return new Response(body, { status: res.status, statusText: res.statusText, headers: res.headers })
    } finally {
      onWire--
    }
  }
  const h = await rig({
    fetch: fetchAt,
    scheduler: { ...FAST.scheduler, clock },
    deps: { recordGeneration: (r) => recorded.push(r) }
  })
  const drive = async (id: string, done: (t: VideoTask) => boolean, maxSimMs = 120_000) => {
    for (let t = 0, waited = 0; t < maxSimMs && waited < 10_000;) {
      const now = last(h, id)
      if (now && done(now)) return now
      if (onWire > 0) {
        await sleep(2)
        waited += 2
        continue
      }
      await clock.advance(100, () => sleep(1))
      t += 100
      await sleep(2) // real time for the sockets
    }
    throw new Error(
      `task ${id} not there after ${maxSimMs} simulated ms (sent ${sentAt.length}, queued ${h.video.scheduler.size}, log ${JSON.stringify(sb.log().map((e) => [e.route, e.status]))}): ${JSON.stringify(last(h, id))}`
    )
  }
  /** Arms one refusal of the create, which is sent again and succeeds: the gap between the two sends. */
  const retriedOnce = async (fault: string, prompt: string) => {
    sb.setFaults(sb.key, [fault])
    const t = await h.call('video:create', { family: 'vidq', model: 'vidq1', prompt })
    expect((await drive(t.id, ok)).state).toBe('succeeded')
    expect(sentAt).toHaveLength(2)
    return { id: t.id, gap: sentAt[1] - sentAt[0] }
  }
  return { h, clock, sentAt, recorded, drive, retriedOnce }
}

describe('video creates refused with 429 (F4, F5)', () => {
  it('F4 a 429 with an empty body and no Retry-After: sent again after a 2-5 s back-off, one accepted create, one generation logged', async () => {
    const { recorded, retriedOnce } = await clocked()
    const { id, gap } = await retriedOnce('429@video.create*1', 'limited once')
    expect(gap).toBeGreaterThanOrEqual(2000)
    expect(gap).toBeLessThanOrEqual(5100)
    expect(creates().map((e) => e.status)).toEqual([429, 200])
    expect(recorded).toEqual([
      expect.objectContaining({ profileId: 'sandbox', kind: 'video', model: 'vidq1', ref: id })
    ])
  })

  it('F4 a gateway that keeps answering 429: at most 2 retries (back-off doubling), then surfaced as rate limited; nothing logged as generated', async () => {
    const { h, sentAt, recorded, drive } = await clocked()
    sb.setFaults(sb.key, ['429@video.create'])
    const t = await h.call('video:create', { family: 'vidq', model: 'vidq1', prompt: 'limited always' })
    const done = await drive(t.id, ended)
    expect(done.state).toBe('failed')
    expect(done.error?.studioCode).toBe('RATE_LIMITED')
    expect(sentAt).toHaveLength(3)
    expect(sentAt[2] - sentAt[1]).toBeGreaterThanOrEqual(4000)
    expect(sentAt[2] - sentAt[1]).toBeLessThanOrEqual(10_100)
    expect(creates()).toHaveLength(3)
    expect(creates().every((e) => e.status === 429)).toBe(true)
    expect(recorded).toEqual([])
  })

  it('F5 Retry-After: 7 is waited (simulated clock) before the one retry; a create that got its task id is never sent again', async () => {
    const { retriedOnce } = await clocked()
    const { gap } = await retriedOnce('429=7@video.create*1', 'wait seven')
    expect(gap).toBeGreaterThanOrEqual(7000)
    expect(gap).toBeLessThan(7500)
    expect(creates().filter((e) => e.status === 200)).toHaveLength(1)
  })

  it('F5 Retry-After above 60 s is surfaced at once (not waited on), and the gateway is held no longer than the cap', async () => {
    const { h, clock, sentAt, drive } = await clocked()
    sb.setFaults(sb.key, ['429=120@video.create*1'])
    const t = await h.call('video:create', { family: 'vidq', model: 'vidq1', prompt: 'wait two minutes' })
    const start = clock.now()
    const done = await drive(t.id, ended)
    // Not waited on: the 120 s (or the 60 s cap) never passed on the simulated clock.
    expect(clock.now() - start).toBeLessThan(30_000)
    expect(done).toMatchObject({ state: 'failed', error: { studioCode: 'RATE_LIMITED' } })
    expect(sentAt).toHaveLength(1)
    expect(h.video.scheduler.heldUntil('sandbox') - clock.now()).toBeLessThanOrEqual(60_000)
  })
})

describe('video tasks across stops and odd answers', () => {
  it('F13 there is no user cancel of a video upload; the one abort (the host stopping mid multipart upload) leaves it outcome-unknown, never re-sent', async () => {
    // The board has no cancel for a create in flight (no `video:cancel` channel): an upload ends
    // only when the host stops. Bytes were sent, so its outcome is unknown at the next start.
    const h = await videoHarness({ sandbox: sb })
    sb.setFaults(sb.key, ['hang@videos.create'])
    const t = await h.call('video:create', { family: 'gk', model: 'gk-video-3', prompt: 'upload then stop' })
    for (let i = 0; i < 300 && creates('videos.create').length === 0; i++) await sleep(10)
    expect(creates('videos.create')).toHaveLength(1)
    const t0 = Date.now()
    await h.video.dispose()
    expect(Date.now() - t0).toBeLessThan(1000)
    await h.grants.dispose()
    sb.setFaults(sb.key, [])
    const next = await rig({ dataDir: h.dataDir })
    const back = next.video.get(t.id)
    expect(back.state).toBe('outcome-unknown')
    expect(back.error?.message).toMatch(/may have been accepted and charged/)
    await sleep(200)
    expect(creates('videos.create')).toHaveLength(1)
  })

  it('F15 the host is killed after the task id arrived (no shutdown, no flush): the service reopened on the same dir polls on to saved', async () => {
    const first = await videoHarness({ sandbox: sb })
    const t = await first.call('video:create', { family: 'kl', model: 'Kl-2.5', prompt: 'killed while polling' })
    const accepted = await first.until(t.id, (x) => x.taskId !== null && x.state !== 'submitting')
    // The kill: the old service stops dead (its timers die); nothing it had not yet written is written.
    first.video.scheduler.dispose()
    const next = await rig({ dataDir: first.dataDir })
    const done = await next.until(t.id, ok)
    expect(done.taskId).toBe(accepted.taskId)
    expect(readdirSync(join(first.dataDir, 'library', 'videos')).filter((n) => n.startsWith(t.id))).toEqual([
      `${t.id}.mp4`
    ])
    expect(creates('videos.create')).toHaveLength(1)
    await first.grants.dispose()
  })

  it('F16 odd poll answers (in_progress, pending, unknown, "30%", an id without its prefix, s and ms timestamps) keep polling, normalised, and end saved', async () => {
    const mp4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.alloc(64, 1)])
    const polls = new Map<string, number>()
    const asked: string[] = []
    const gw = await scriptedServer((req, res) => {
      const json = (b: unknown) =>
        void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(b))
      if (req.method === 'POST')
        return (
          json({ id: `video_${polls.size === 0 ? 'sec' : 'msec'}`, status: 'queued' }),
          void polls.set(polls.size === 0 ? 'video_sec' : 'video_msec', 0)
        )
      if (req.url?.startsWith('/file.mp4'))
        return void res.writeHead(200, { 'content-type': 'video/mp4', 'content-length': mp4.length }).end(mp4)
      const id = decodeURIComponent(req.url!.split('/').pop()!)
      asked.push(id)
      const n = polls.get(id) ?? 99
      polls.set(id, n + 1)
      const bare = id.replace(/^video_/, '')
      const answers = [
        { id, status: 'pending' },
        { id: bare, status: 'in_progress', progress: '30%' },
        { id: bare, status: 'unknown' },
        { id: bare, status: 'IN_PROGRESS', progress: 55 }
      ]
      const at = id === 'video_sec' ? 1_763_700_000 : 1_763_700_000_123
      json(
        answers[n] ?? {
          id: bare,
          status: 'completed',
          progress: 100,
          completed_at: at,
          video_url: `http://${req.headers.host}/file.mp4`
        }
      )
    })
    try {
      // Polls 250 ms apart: each answer's state is journaled and announced before the next one lands.
      const h = await rig({
        gateway: { baseUrl: gw.url, key: sb.key },
        deps: { timing: { pollScale: 0.05, downloadRetryMs: FAST.timing.downloadRetryMs } }
      })
      const a = await h.call('video:create', { family: 'kl', model: 'Kl-2.5', prompt: 'seconds' })
      await h.until(a.id, (x) => x.taskId !== null)
      const b = await h.call('video:create', { family: 'kl', model: 'Kl-2.5', prompt: 'milliseconds' })
      const [da, db] = [await h.until(a.id, ok), await h.until(b.id, ok)]
      const seen = h.events
        .filter((e) => e.name === 'video:task-updated' && (e.payload as VideoTask).id === a.id)
        .map((e) => e.payload as VideoTask)
      expect(seen.some((x) => x.state === 'running' && x.progress === 30)).toBe(true)
      expect(seen.some((x) => x.state === 'unknown' && x.rawStatus === 'unknown')).toBe(true)
      expect(seen.some((x) => x.progress === 55)).toBe(true)
      expect(seen.some((x) => x.state === 'failed')).toBe(false)
      expect(da.completedAt).toBe(1_763_700_000_000)
      expect(db.completedAt).toBe(1_763_700_000_123)
      // Polled with the id exactly as create returned it, never the bare one the answers carried.
      expect(da.taskId).toBe('video_sec')
      expect(asked.every((id) => id.startsWith('video_'))).toBe(true)
      // Four odd answers, then the final one (a download retry may ask once more for fresh links).
      expect(asked.filter((id) => id === 'video_sec').length).toBeGreaterThanOrEqual(5)
    } finally {
      await gw.close()
    }
  })

  it('F17 task_not_exist three polls in a row: lost with the task id in the message; twice then found: saved', async () => {
    const { found, lost } = await missedPolls(
      await rig(),
      sb,
      'videos.get',
      { family: 'kl', model: 'Kl-2.5', prompt: 'missed polls' },
      2
    )
    expect(found.state).toBe('succeeded')
    expect(lost.state).toBe('lost')
    expect(lost.error?.message).toContain(lost.taskId!)
    expect(lost.error?.code).toBe('task_not_exist')
    expect(sb.log().filter((e) => e.route === 'videos.get' && e.path.includes(lost.taskId!))).toHaveLength(3)
  })
})

describe('video results that cannot be fetched or kept', () => {
  it('F19 a 404 result URL and a /content that also fails: the download stays pending (the task succeeded) and is retried at the next open, then saved', async () => {
    let broken = true
    const isDownload = (u: string) => u.startsWith(sb.cdnUrl) || /\/v1\/videos\/[^/]+\/content/.test(u)
    const faulty: FetchLike = (i, init) => {
      if (!broken || !isDownload(String(i))) return fetch(i, init)
      const headers = new Headers(init?.headers)
      headers.set('x-sandbox-fault', 'not-found')
      return fetch(i, { ...init, headers })
    }
    const h = await videoHarness({ sandbox: sb, fetch: faulty })
    const t = await h.call('video:create', { family: 'vidq', model: 'vidq2-turbo', prompt: 'result gone' })
    const pending = await h.until(t.id, (x) => x.download.state === 'failed')
    expect(pending.state).toBe('succeeded')
    expect(pending.download.lastError).toMatch(/404/)
    const tried = sb.log().filter((e) => e.route === 'cdn.file' || e.route === 'videos.content')
    expect(tried.slice(0, 2).map((e) => [e.route, e.status])).toEqual([
      ['cdn.file', 404],
      ['videos.content', 404]
    ])
    broken = false
    await h.video.dispose()
    await h.grants.dispose()
    const next = await rig({ dataDir: h.dataDir })
    const done = await next.until(t.id, ok)
    expect(done.result?.bytes).toBeGreaterThan(0)
    expect(creates()).toHaveLength(1)
  })

  it('F21 ENOSPC during a video download: the .part is removed, the card says the disk is full, the download stays pending and completes later', async () => {
    const h = await rig({ deps: { timing: { pollScale: FAST.timing.pollScale, downloadRetryMs: [400, 400, 400] } } })
    const lib = () => readdirSync(join(h.dataDir, 'library', 'videos')).filter((n) => !n.startsWith('.'))
    shim.enospc = true
    shim.hits = 0
    const t = await h.call('video:create', { family: 'vidq', model: 'vidq1', prompt: 'disk full' })
    const waiting = await h.until(t.id, (x) => x.download.state === 'waiting-retry')
    expect(waiting.state).toBe('succeeded')
    expect(waiting.download.lastError).toMatch(/disk is full/)
    expect(shim.hits).toBeGreaterThan(0)
    expect(lib()).toEqual([])
    shim.enospc = false
    const done = await h.until(t.id, ok)
    expect(lib()).toEqual([`${t.id}.mp4`])
    expect(done.download.attempts).toBeGreaterThanOrEqual(2)
  })
})

describe('sleep and offline while polling (F29)', () => {
  it('F29 after a resume every task gets one poll soon, spread and jittered, never a burst; a second resume does not add polls', async () => {
    sb.setFaults(sb.key, ['odd-status=mystery@video.query'])
    const h = await rig({ deps: { timing: { pollScale: 1 } }, scheduler: { ratePerSecond: 50, maxInFlight: 8 } })
    const ids: string[] = []
    for (let i = 0; i < 4; i++)
      ids.push((await h.call('video:create', { family: 'vidq', model: 'vidq1', prompt: `sleeper ${i}` })).id)
    for (const id of ids) await h.until(id, (x) => x.taskId !== null)
    const tasks = ids.map((id) => h.video.get(id).taskId!)
    sb.clearLog()
    const woke = Date.now()
    h.video.resume()
    h.video.resume()
    await sleep(1900)
    const polls = sb.log().filter((e) => e.route === 'video.query')
    // Regular polls are 4.25-5.75 s apart (pollScale 1): every poll here came from the resume.
    expect(polls.map((e) => e.query.id).sort()).toEqual([...tasks].sort())
    const at = polls.map((e) => e.at).sort((x, y) => x - y)
    expect(at[0] - woke).toBeGreaterThanOrEqual(450)
    for (let i = 1; i < at.length; i++) expect(at[i] - at[i - 1]).toBeGreaterThanOrEqual(40)
  })

  it('F29 offline during polling: failed polls keep their schedule (no catch-up burst) and the task is saved when the network is back', async () => {
    const polledAt: number[] = []
    const h = await rig({
      fetch: (i, init) => (
        String(i).includes('/v1/videos/') && !String(i).includes('/content') && polledAt.push(performance.now()),
        fetch(i, init)
      )
    })
    sb.setFaults(sb.key, ['drop@videos.get*4'])
    const t = await h.call('video:create', { family: 'kl', model: 'Kl-2.5', prompt: 'offline' })
    expect((await h.until(t.id, ok)).state).toBe('succeeded')
    expect(polledAt.length).toBeGreaterThanOrEqual(5)
    // FAST polls every 20 ms +-15 %: never two back to back.
    for (let i = 1; i < polledAt.length; i++) expect(polledAt[i] - polledAt[i - 1]).toBeGreaterThanOrEqual(15)
    expect(creates('videos.create')).toHaveLength(1)
  })
})
