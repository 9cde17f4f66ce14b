import { describe, expect, it } from 'vitest'
import { waitFor } from '../testing/host-harness'
import { sandboxSuite, suiteSandbox } from '../testing/sandbox-suite'
import { pollDelay, readResult } from './native-poller'
import { imagesHarness } from './testing/harness'

describe('native image task: submit, follow, gallery', () => {
  const { sb, h } = sandboxSuite(imagesHarness)

  it('follows the task to its image, downloaded from the CDN origin without the key', async () => {
    const job = await h.call('images:submit-native', {
      prompt: 'a lighthouse at dusk',
      width: 2048,
      height: 1536,
      force_single: true
    })
    // The job names its prompt from the start: the card has nothing else to show before a result.
    expect(job).toMatchObject({ kind: 'native', status: 'running', prompt: 'a lighthouse at dusk' })
    const done = await h.settled(job.jobId)
    expect(done.status).toBe('done')
    expect(done.taskId).toMatch(/^\d+$/)
    expect(done.items).toHaveLength(1)
    expect(done.items[0]).toMatchObject({
      origin: 'native',
      model: 'imagegen-4.0',
      width: 2048,
      height: 1536,
      requestedSize: '2048x1536',
      format: 'jpeg'
    })

    const log = sb.log()
    expect(log.filter((e) => e.route === 'image.native.submit')).toHaveLength(1)
    const submit = h.sent.find((s) => s.url.includes('Action=CVSync2AsyncSubmitTask'))!
    expect(JSON.parse(String(submit.init!.body))).toEqual({
      req_key: 'imagegen_t2i_v40',
      model: 'imagegen-4.0',
      prompt: 'a lighthouse at dusk',
      force_single: true,
      width: 2048,
      height: 1536
    })
    const poll = h.sent.find((s) => s.url.includes('Action=CVSync2AsyncGetResult'))!
    expect(new URL(poll.url).searchParams.get('Version')).toBe('2022-08-31')
    expect(JSON.parse(String(poll.init!.body))).toEqual({
      req_key: 'imagegen_t2i_v40',
      task_id: done.taskId,
      req_json: '{"return_url":true}'
    })

    const cdn = log.filter((e) => e.origin === 'cdn')
    expect(cdn.length).toBeGreaterThanOrEqual(1)
    for (const e of cdn) {
      expect(Object.keys(e.headers).map((k) => k.toLowerCase())).not.toContain('authorization')
      expect(JSON.stringify(e)).not.toContain(sb.key)
    }
  })

  it('allows a prompt past 800 characters but says so in the job', async () => {
    const job = await h.call('images:submit-native', { prompt: 'x'.repeat(801) })
    expect(job.warnings.join(' ')).toMatch(/801 characters.*at most 800/)
    expect((await h.settled(job.jobId)).status).toBe('done')
  })

  it('a task that fails upstream ends failed with the task id', async () => {
    const job = await h.call('images:submit-native', { prompt: 'please sandbox:fail' })
    const done = await h.settled(job.jobId)
    expect(done.status).toBe('failed')
    expect(done.error).toMatchObject({ code: 'GATEWAY_ERROR', details: { taskId: done.taskId, reason: 'failed' } })
    expect(done.error!.message).toMatch(/ended failed/)
    expect(done.items).toEqual([])
  })
})

describe('native task across a restart and under rate limiting (sandbox at real speed)', () => {
  const sb = suiteSandbox({ speed: 1 })

  it('resumes polling the journaled task id after a restart, without submitting again', async () => {
    const first = await imagesHarness({ sandbox: sb })
    const job = await first.call('images:submit-native', { prompt: 'resume me', resolution: '1k' })
    await waitFor(() => first.jobEvents(job.jobId).some((j) => j.taskId))
    const taskId = first.jobEvents(job.jobId).find((j) => j.taskId)!.taskId
    const second = await first.restart()
    try {
      const resumed = (await second.call('images:list-jobs', undefined)).jobs.find((j) => j.jobId === job.jobId)!
      expect(resumed).toMatchObject({ status: 'running', taskId })
      sb.advance(60)
      const done = await second.settled(job.jobId)
      expect(done.status).toBe('done')
      expect(done.items[0]).toMatchObject({ width: 1024, height: 1024, prompt: 'resume me' })
      expect(sb.log().filter((e) => e.route === 'image.native.submit' && e.paid)).toHaveLength(1)
    } finally {
      await second.close()
    }
  })

  it('honours Retry-After on a rate-limited poll and keeps following the task', async () => {
    const h = await imagesHarness({ sandbox: sb })
    try {
      const job = await h.call('images:submit-native', { prompt: 'slow down' })
      await waitFor(() => h.jobEvents(job.jobId).some((j) => j.taskId))
      sb.clearLog()
      sb.setFaults(sb.key, ['429=2@image.native*1'])
      await waitFor(() => sb.log().some((e) => e.status === 429))
      sb.advance(60)
      const done = await h.settled(job.jobId)
      expect(done.status).toBe('done')
      const polls = sb.log().filter((e) => e.route === 'image.native.result' || e.status === 429)
      const limited = polls.findIndex((e) => e.status === 429)
      expect(polls[limited + 1].at - polls[limited].at).toBeGreaterThanOrEqual(1900)
    } finally {
      await h.close()
    }
  })
})

describe('poll schedule and result parsing', () => {
  it('backs off 2 s, 3 s, 5 s, 8 s, then 10 s, jittered by at most ±20%', () => {
    const t = { delaysMs: [2000, 3000, 5000, 8000, 10_000], jitter: 0.2 }
    expect([0, 1, 2, 3, 4, 9].map((a) => pollDelay(a, t, () => 0.5))).toEqual([2000, 3000, 5000, 8000, 10_000, 10_000])
    expect(pollDelay(0, t, () => 0)).toBe(1600)
    expect(pollDelay(0, t, () => 1)).toBe(2400)
  })

  it('reads generating, success with URLs or Base64, failed, and unknown shapes without throwing', () => {
    expect(readResult({ code: 10000, data: { status: 'generating', image_urls: null } }).status).toBe('generating')
    expect(readResult({ code: 10000, data: { status: 'success', image_urls: ['https://c/x.jpg'] } }).results).toEqual([
      { url: 'https://c/x.jpg' }
    ])
    expect(
      readResult({ code: 10000, data: { status: 'success', binary_data_base64: ['AAA'], image_urls: null } }).results
    ).toEqual([{ b64: 'AAA' }])
    expect(readResult(null)).toMatchObject({ status: 'unknown', results: [] })
    expect(readResult({ code: 50411, message: 'blocked' })).toMatchObject({ code: 50411, message: 'blocked' })
  })
})
