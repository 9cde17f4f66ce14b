import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { missedPolls } from '../testing/faults/video-support'
import { sandboxSuite } from '../testing/sandbox-suite'
import { ended, ok, videoHarness } from '../video/testing/harness'
import { resumesOnlyOnNewKey } from '../video/testing/paused-polls'

/**
 * Fault scenarios of the video job engine run whole against the sandbox gateway: a real VideoService,
 * real polling and downloads. The scenarios that need a scripted gateway, a simulated clock or an fs
 * shim (F4, F5 on creates, F13, F15, F16 odd shapes, F17, F19 retries, F21, F29) are in
 * video-faults.test.ts beside this file.
 */

describe('faults: nothing lost, nothing sent twice', () => {
  const { sb, h, swap } = sandboxSuite(videoHarness, { resetEach: true })
  const paidCreates = () =>
    sb.log().filter((e) => (e.route === 'video.create' || e.route === 'videos.create') && e.method === 'POST')

  it('F2 a create whose answer is lost after sending is outcome-unknown and never re-sent', async () => {
    sb.setFaults(sb.key, ['drop@video.create*1'])
    const t = await h.call('video:create', { family: 'vidq', model: 'vidq1', prompt: 'dropped' })
    const done = await h.until(t.id, ended)
    expect(done.state).toBe('outcome-unknown')
    expect(done.error?.studioCode).toBe('OUTCOME_UNKNOWN')
    await new Promise((r) => setTimeout(r, 300))
    expect(paidCreates()).toHaveLength(1)
    expect(h.video.get(t.id).state).toBe('outcome-unknown')
    // Only the user's explicit action sends it again, as a new task.
    const again = await h.call('video:submit-again', { id: t.id })
    expect(again.id).not.toBe(t.id)
    expect((await h.until(again.id, ended)).state).toBe('succeeded')
    expect(paidCreates()).toHaveLength(2)
  })

  it('a video still being submitted cannot be removed (the POST is out); once answered it can', async () => {
    sb.setFaults(sb.key, ['slow-first-byte=600@video.create*1'])
    const t = await h.call('video:create', { family: 'vidq', model: 'vidq1', prompt: 'in flight' })
    expect(h.video.get(t.id).state).toBe('submitting')
    const refused = await h.call('video:remove', { id: t.id }).then(
      () => null,
      (e: unknown) => e as { code?: string; message?: string }
    )
    expect(refused?.code).toBe('CONFLICT')
    expect(refused?.message).toMatch(/still being submitted/)
    const running = await h.until(t.id, (x) => x.taskId !== null)
    expect(running.state).not.toBe('submitting')
    await h.call('video:remove', { id: t.id })
    expect(() => h.video.get(t.id)).toThrow(/no longer on the board/)
    // Nothing brings it back: it is neither polled onto the board again nor re-sent.
    await new Promise((r) => setTimeout(r, 300))
    expect(() => h.video.get(t.id)).toThrow(/no longer on the board/)
    expect(paidCreates()).toHaveLength(1)
  })

  it('F16 an unknown status keeps polling and shows as unknown, then completes', async () => {
    sb.setFaults(sb.key, ['odd-status=mystery@videos.get*4'])
    const t = await h.call('video:create', { family: 'kl', model: 'Kl-2.5', prompt: 'odd' })
    const unknown = await h.until(t.id, (x) => x.state === 'unknown')
    expect(unknown.rawStatus).toBe('mystery')
    const done = await h.until(t.id, ended)
    expect(done.state).toBe('succeeded')
  })

  it('F17 repeated task_not_exist marks the task lost (once is not enough)', async () => {
    const { found, lost } = await missedPolls(
      h,
      sb,
      'video.query',
      { family: 'vidq', model: 'vidq1', prompt: 'missed a poll' },
      1
    )
    expect(found.state).toBe('succeeded')
    expect(lost.state).toBe('lost')
    expect(lost.error?.code).toBe('task_not_exist')
    expect(sb.log().filter((e) => e.route === 'video.query' && e.query.id === lost.taskId)).toHaveLength(3)
  })

  it('F18 a 401 pauses the task until the key changes, then it resumes', async () => {
    const t = await h.call('video:create', { family: 'unified2', model: 'vo3.1-components', prompt: 'auth' })
    await h.until(t.id, (x) => x.taskId !== null)
    sb.setFaults(sb.key, ['unauthorized@video.query'])
    const paused = await h.until(t.id, (x) => x.state === 'paused')
    expect(paused.error?.studioCode).toBe('UNAUTHORIZED')
    // Polling resumes the moment another key is entered: the task is no longer paused.
    const done = await resumesOnlyOnNewKey(h, sb, 'video.query', paused, (now) => expect(now.state).toBe('unknown'))
    expect(done.state).toBe('succeeded')
  })

  it('F5 Retry-After is honoured on polls too: no poll of that gateway before it passes', async () => {
    const t = await h.call('video:create', { family: 'vidq', model: 'vidq1', prompt: 'slow down' })
    await h.until(t.id, (x) => x.taskId !== null)
    sb.setFaults(sb.key, ['429=1@video.query*1'])
    await h.until(t.id, ended)
    const q = sb.log().filter((e) => e.route === 'video.query')
    const limited = q.findIndex((e) => e.status === 429)
    expect(limited).toBeGreaterThanOrEqual(0)
    const next = q[limited + 1]
    expect(next.at - q[limited].at).toBeGreaterThanOrEqual(990)
    expect(h.video.poller.retryAfters.length).toBeGreaterThan(0)
  })

  it('F19 download order: an expired result URL falls back to /content', async () => {
    sb.setFaults(sb.key, ['expired-url@video.query'])
    const t = await h.call('video:create', { family: 'vidq', model: 'vidq2-turbo', prompt: 'expired' })
    const done = await h.until(t.id, ended)
    expect(done.download.state).toBe('done')
    expect(done.result!.source).toBe('content')
    const downloads = sb.log().filter((e) => e.route === 'cdn.file' || e.route === 'videos.content')
    expect(downloads.map((e) => [e.route, e.status])).toEqual([
      ['cdn.file', 403],
      ['videos.content', 200]
    ])
    // The key went only to the gateway origin.
    expect(
      sb
        .log()
        .filter((e) => e.origin === 'cdn')
        .every((e) => e.key === null)
    ).toBe(true)
  })

  it('a result address that redirects 3 times on the sandbox CDN (sandbox:redirect=3) is downloaded through every hop, no key sent', async () => {
    const t = await h.call('video:create', { family: 'kl', model: 'Kl-2.6', prompt: 'bounced sandbox:redirect=3' })
    const done = await h.until(t.id, ended)
    expect(done.download.state).toBe('done')
    expect(done.result!.source).toBe('video_url')
    const downloads = sb.log().filter((e) => e.route === 'cdn.file' || e.route === 'videos.content')
    expect(downloads.map((e) => [e.route, e.status])).toEqual([
      ['cdn.file', 302],
      ['cdn.file', 302],
      ['cdn.file', 302],
      ['cdn.file', 200]
    ])
    expect(
      sb
        .log()
        .filter((e) => e.origin === 'cdn')
        .every((e) => e.key === null)
    ).toBe(true)
  })

  it('a result address that redirects 6 times (over the cap of 5) is not followed to the end: the download falls back to /content', async () => {
    const t = await h.call('video:create', {
      family: 'kl',
      model: 'Kl-2.6',
      prompt: 'bounced too often sandbox:redirect=6'
    })
    const done = await h.until(t.id, ended)
    expect(done.download.state).toBe('done')
    expect(done.result!.source).toBe('content')
    const downloads = sb.log().filter((e) => e.route === 'cdn.file' || e.route === 'videos.content')
    expect(downloads.filter((e) => e.route === 'cdn.file' && e.status === 200)).toEqual([])
    expect(downloads.filter((e) => e.route === 'cdn.file')).toHaveLength(6)
    expect(downloads.at(-1)!.route).toBe('videos.content')
  })

  it('F20 bad MP4 bytes are refused from every source, retried later, and no file is kept', async () => {
    sb.setFaults(sb.key, ['result:wrong-bytes*2'])
    const t = await h.call('video:create', { family: 'gk', model: 'gk-video-3', prompt: 'wrong bytes' })
    const waiting = await h.until(t.id, (x) => x.download.state === 'waiting-retry')
    expect(waiting.download.lastError).toMatch(/not an MP4/)
    expect(readdirSync(join(h.dataDir, 'library', 'videos')).filter((n) => n.includes(t.id))).toEqual([])
    const done = await h.until(t.id, ok)
    expect(done.download.attempts).toBe(2)
  })

  it('F15 F14 restart: a task being polled resumes on the same data dir; a create cut off mid-send is outcome-unknown', async () => {
    const t = await h.call('video:create', { family: 'kl', model: 'Kl-3.0-Omni', prompt: 'survive a restart' })
    await h.until(t.id, (x) => x.taskId !== null && x.state !== 'submitting')
    // A second task journaled as sending, as if the host died before the answer.
    const rec = h.video.book.journal.get(t.id)!
    const ghost = { ...structuredClone(rec), phase: 'sending' as const }
    ghost.task.id = 'vghost000000000000'
    ghost.task.taskId = null
    ghost.task.state = 'submitting'
    await h.video.book.journal.put(ghost)
    const before = paidCreates().length
    swap(await h.restart())
    const done = await h.until(t.id, ended)
    expect(done.state).toBe('succeeded')
    expect(done.taskId).toBe(rec.task.taskId)
    expect(h.video.get('vghost000000000000').state).toBe('outcome-unknown')
    expect(paidCreates().length).toBe(before)
    // The finished file is served again after another restart.
    swap(await h.restart())
    const kept = h.video.get(t.id)
    expect(h.media.resolve(kept.result!.mediaUrl.slice('/media/'.length))).not.toBeNull()
  })

  it('OS notification adapter: called on completion; its click asks the page to open the card', async () => {
    const shown: Array<{ title: string; tag: string; click: () => void }> = []
    const h2 = await videoHarness({ sandbox: sb, notify: (n, onClick) => shown.push({ ...n, click: onClick }) })
    try {
      const t = await h2.call('video:create', { family: 'vidq', model: 'vidq1', prompt: 'notify me' })
      await h2.until(t.id, ok)
      expect(shown.map((s) => [s.title, s.tag])).toEqual([['Video ready', t.id]])
      shown[0].click()
      expect(h2.events.filter((e) => e.name === 'video:open-requested').map((e) => e.payload)).toEqual([{ id: t.id }])
      const notice = h2.events.find((e) => e.name === 'video:notice')!.payload as { shownBySystem: boolean }
      expect(notice.shownBySystem).toBe(true)
    } finally {
      await h2.close()
    }
  })
})
