import { act, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { resetAnnouncer, useAnnouncer } from '@renderer/lib/announce/announcer'
import { FakeHost } from '@renderer/testing/fake-host'
import { videoTask } from '@renderer/testing/fake-video'
import { renderApp, resetApp } from '@renderer/testing/render-app'

afterEach(() => {
  resetApp()
  resetAnnouncer()
})

/** Every announcement made while the test runs, in order, with its region. */
function recordAnnouncements(): string[] {
  const heard: string[] = []
  useAnnouncer.subscribe((s, prev) => {
    if (s.polite !== prev.polite && s.polite) heard.push(`polite: ${s.polite.text}`)
    if (s.assertive !== prev.assertive && s.assertive) heard.push(`assertive: ${s.assertive.text}`)
  })
  return heard
}

describe('job announcements', () => {
  it('a video task says each state once through the polite region, however many progress ticks come', async () => {
    const { host } = await renderApp()
    const heard = recordAnnouncements()
    host.video.tasks = [videoTask({ id: 'v-1', prompt: 'a kite over the dunes', state: 'submitting' })]
    act(() => {
      host.video.update('v-1', { state: 'queued' })
      host.video.update('v-1', { state: 'queued' })
    })
    for (let p = 0; p <= 100; p += 5) act(() => void host.video.update('v-1', { state: 'running', progress: p }))
    act(() => void host.video.update('v-1', { state: 'succeeded', progress: 100 }))
    act(() => void host.video.update('v-1', { state: 'succeeded', progress: 100 }))
    expect(heard).toEqual([
      'polite: Video “a kite over the dunes” is queued.',
      'polite: Video “a kite over the dunes” is running.',
      'polite: Video “a kite over the dunes” is done.'
    ])
    expect(screen.getByTestId('live-polite').textContent).toBe('Video “a kite over the dunes” is done.')
    expect(screen.getByTestId('live-polite').getAttribute('aria-live')).toBe('polite')
    expect(screen.getByTestId('live-assertive').textContent).toBe('')
  })

  it('a failure is said once through the assertive region, with its reason', async () => {
    const { host } = await renderApp()
    const heard = recordAnnouncements()
    host.images.jobs = [
      { jobId: 'j-1', kind: 'edit', status: 'running', createdAt: 1, prompt: 'a red sail', items: [], warnings: [] }
    ]
    for (let i = 0; i < 5; i++)
      act(() => void host.images.update('j-1', { status: 'running', progressNote: `step ${i}` }))
    const error = { code: 'MODEL_UNAVAILABLE' as const, message: 'The gateway refused the prompt', retryable: false }
    act(() => void host.images.update('j-1', { status: 'failed', error }))
    act(() => void host.images.update('j-1', { status: 'failed', error }))
    expect(heard).toEqual([
      'polite: Image “a red sail” is running.',
      'assertive: Image “a red sail” failed: The gateway refused the prompt'
    ])
    const alert = screen.getByTestId('live-assertive')
    expect(alert.getAttribute('aria-live')).toBe('assertive')
    expect(alert.textContent).toBe('Image “a red sail” failed: The gateway refused the prompt')
  })

  it('speaks Chinese when the studio does', async () => {
    const host = new FakeHost()
    host.settings = { theme: 'system', language: 'zh' }
    await renderApp({ host, language: 'zh' })
    const heard = recordAnnouncements()
    host.video.tasks = [videoTask({ id: 'v-2', prompt: '海上日出', state: 'queued' })]
    act(() => void host.video.update('v-2', { state: 'running', progress: 10 }))
    expect(heard).toEqual(['polite: 视频“海上日出”正在生成。'])
  })
})
