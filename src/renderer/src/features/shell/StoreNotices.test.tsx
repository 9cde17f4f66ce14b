import { screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { FakeHost } from '@renderer/test/fake-host'
import { renderApp, resetApp } from '@renderer/test/render-app'

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

  it('shows nothing when nothing was repaired', async () => {
    await renderApp()
    await screen.findByRole('navigation', { name: 'Main' })
    expect(screen.queryByTestId('store-notices')).toBeNull()
  })
})
