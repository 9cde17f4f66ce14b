import { act, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { FakeHost } from '@renderer/testing/fake-host'
import { renderApp, resetApp } from '@renderer/testing/render-app'

afterEach(resetApp)

describe('store notices in the shell', () => {
  it('shows what the host repaired at start until the user dismisses it (keyboard)', async () => {
    const fake = new FakeHost()
    fake.notices = [{ store: 'images', message: 'The image job journal was damaged; the last good copy was restored.' }]
    const { host, user } = await renderApp({ host: fake })
    const banner = await screen.findByTestId('store-notices')
    expect(within(banner).getByText('The studio repaired saved data at start')).toBeTruthy()
    expect(banner.textContent).toContain('The image job journal was damaged; the last good copy was restored.')
    expect(host.callsTo('app:get-notices')).toHaveLength(1)
    within(banner).getByRole('button', { name: 'Dismiss' }).focus()
    await user.keyboard('{Enter}')
    expect(screen.queryByTestId('store-notices')).toBeNull()
  })

  it('shows a repair found after start, also after an earlier notice was dismissed', async () => {
    const fake = new FakeHost()
    fake.notices = [{ store: 'images', message: 'The image job journal was damaged; the last good copy was restored.' }]
    const { user } = await renderApp({ host: fake })
    await user.click(within(await screen.findByTestId('store-notices')).getByRole('button', { name: 'Dismiss' }))
    expect(screen.queryByTestId('store-notices')).toBeNull()
    // The library folder check runs once the studio is ready and tells the page when it repaired something.
    fake.notices = [
      ...fake.notices,
      { store: 'images', message: '2 images were missing from the library folder and removed from the gallery.' }
    ]
    act(() => fake.emit('app:notices-changed', { count: 2 }))
    const banner = await screen.findByTestId('store-notices')
    expect(banner.textContent).toContain('2 images were missing from the library folder and removed from the gallery.')
  })

  it('shows nothing when nothing was repaired', async () => {
    await renderApp()
    await screen.findByRole('navigation', { name: 'Main' })
    expect(screen.queryByTestId('store-notices')).toBeNull()
  })
})
