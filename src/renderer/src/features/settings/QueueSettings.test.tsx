import { screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { FakeHost } from '@renderer/testing/fake-host'
import { openSettings, renderApp, resetApp } from '@renderer/testing/render-app'

afterEach(() => resetApp())

describe('queue caps in Settings', () => {
  it('shows the active profile’s caps and saves new ones', async () => {
    const host = new FakeHost()
    const { user } = await renderApp({ host })
    await openSettings(user)
    const form = await screen.findByRole('form', { name: 'Queue' })
    const images = within(form).getByRole('textbox', { name: 'Image jobs at a time' })
    const videos = within(form).getByRole('textbox', { name: 'Videos at a time' })
    expect([(images as HTMLInputElement).value, (videos as HTMLInputElement).value]).toEqual(['4', '2'])
    await user.clear(videos)
    await user.type(videos, '3')
    await user.click(within(form).getByRole('button', { name: 'Save queue caps' }))
    expect(host.callsTo('queue:set')).toEqual([{ imageCap: 4, videoCap: 3 }])
    expect(await within(form).findByText('Queue caps saved: 4 image jobs and 3 videos at a time.')).toBeTruthy()
  })

  it('refuses a cap out of range before asking the host', async () => {
    const host = new FakeHost()
    const { user } = await renderApp({ host })
    await openSettings(user)
    const form = await screen.findByRole('form', { name: 'Queue' })
    const images = within(form).getByRole('textbox', { name: 'Image jobs at a time' })
    await user.clear(images)
    await user.type(images, '40')
    await user.click(within(form).getByRole('button', { name: 'Save queue caps' }))
    expect(within(form).getByRole('alert').textContent).toBe('Enter a whole number from 1 to 32.')
    expect(images.getAttribute('aria-invalid')).toBe('true')
    expect(host.callsTo('queue:set')).toEqual([])
  })
})
