import { screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { FakeHost } from '@renderer/testing/fake-host'
import { videoTask } from '@renderer/testing/fake-video'
import { renderVideo, resetVideo } from '@renderer/testing/render-video'

afterEach(resetVideo)

describe('a finished video whose download waits', () => {
  it('says why on its card (F21: the disk is full) with a retry at hand; a done download shows no reason', async () => {
    const host = new FakeHost()
    const why =
      'content: The disk is full: the partial file was removed and the video will be downloaded again later (free some space).'
    host.video.tasks = [
      videoTask({
        id: 'w',
        prompt: 'disk full',
        state: 'succeeded',
        rawStatus: 'completed',
        progress: 100,
        download: { state: 'waiting-retry', attempts: 1, nextAttemptAt: Date.now() + 30_000, lastError: why },
        createdAt: 2
      }),
      videoTask({
        id: 'd',
        prompt: 'fine',
        state: 'succeeded',
        download: { state: 'done', attempts: 2, lastError: 'old reason' },
        createdAt: 1
      })
    ]
    await renderVideo({ host })
    const grid = screen.getByRole('grid', { name: 'Job board' })
    const waiting = await within(grid).findByRole('gridcell', { name: 'disk full' })
    expect(within(waiting).getByTestId('download-error').textContent).toBe(why)
    expect(within(waiting).getByRole('button', { name: 'Retry download' })).toBeTruthy()
    const fine = within(grid).getByRole('gridcell', { name: 'fine' })
    expect(within(fine).queryByTestId('download-error')).toBeNull()
  })
})
