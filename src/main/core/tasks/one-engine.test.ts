import { describe, expect, it } from 'vitest'
import { imagesHarness } from '../images/testing/harness'
import { waitFor } from '../testing/host-harness'
import { suiteSandbox } from '../testing/sandbox-suite'
import { videoHarness } from '../video/testing/harness'
import { PollScheduler } from './scheduler'

/** Video polls and native image polls on one profile, through the one scheduler studio-core hands out. */
describe('one task engine for every kind of task', () => {
  const sb = suiteSandbox({ speed: 1 })

  it('a Retry-After answered to a native image poll also holds the video polls of that gateway', async () => {
    const scheduler = new PollScheduler({ ratePerSecond: 100, maxInFlight: 8 })
    const video = await videoHarness({ sandbox: sb, deps: { scheduler } })
    const images = await imagesHarness({ sandbox: sb, scheduler })
    try {
      const task = await video.call('video:create', { family: 'vidq', model: 'vidq1', prompt: 'a long render' })
      await video.until(task.id, (t) => t.taskId !== null && t.polls > 0)
      const job = await images.call('images:submit-native', { prompt: 'slow down' })
      await waitFor(() => images.jobEvents(job.jobId).some((j) => j.taskId))
      sb.clearLog()
      sb.setFaults(sb.key, ['429=2@image.native*1'])
      await waitFor(() => sb.log().some((e) => e.status === 429))
      const limitedAt = sb.log().find((e) => e.status === 429)!.at
      await waitFor(() => sb.log().some((e) => e.route === 'video.query' && e.at > limitedAt))
      const nextVideoPoll = sb.log().find((e) => e.route === 'video.query' && e.at > limitedAt)!
      expect(nextVideoPoll.at - limitedAt).toBeGreaterThanOrEqual(1900)
      expect(scheduler.retryAfters.map((r) => r.gateway)).toEqual(['sandbox'])
    } finally {
      scheduler.dispose()
      await images.close()
      await video.close()
    }
  })
})
