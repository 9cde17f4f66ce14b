import { act, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { FakeHost } from '@renderer/testing/fake-host'
import { succeeded } from '@renderer/testing/fake-video'
import { renderVideo, resetVideo } from '@renderer/testing/render-video'

afterEach(() => resetVideo())

/** Host events are folded once per frame. */
const nextFrame = () => act(() => new Promise<void>((r) => requestAnimationFrame(() => r())))
const grid = () => screen.getByRole('grid', { name: 'Job board' })

describe('video notifications come from the host only', () => {
  it('a finished task the host did not announce, or that the OS already showed, is not toasted; an announced one is', async () => {
    const host = new FakeHost()
    const [first] = host.video.seed(3)
    await renderVideo({ host })
    await within(grid()).findByRole('gridcell', { name: 'video 0' })
    // An update alone (no notice) is board news, not a notification.
    await act(async () => host.emit('video:task-updated', succeeded(first)))
    await nextFrame()
    expect(screen.queryByTestId('video-toast')).toBeNull()
    await act(async () =>
      host.emit('video:notice', {
        id: 'v-1',
        state: 'failed',
        title: 'Video failed',
        body: '',
        shownBySystem: true,
        prompt: 'video 1',
        message: 'moderation'
      })
    )
    expect(screen.queryByTestId('video-toast')).toBeNull()
    await act(async () =>
      host.emit('video:notice', {
        id: 'v-2',
        state: 'lost',
        title: 'Video task lost',
        body: '',
        shownBySystem: false,
        prompt: 'video 2'
      })
    )
    const toast = await screen.findByTestId('video-toast')
    expect(toast.textContent).toContain('Video task lost')
    expect(toast.textContent).toContain('video 2 — the gateway no longer knows this task.')
    expect(screen.getAllByTestId('video-toast')).toHaveLength(1)
  })
})
