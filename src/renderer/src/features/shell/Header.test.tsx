import { act, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { descriptionOf } from '@renderer/testing/a11y'
import { FakeHost, gatewayProfile, sandboxProfile, usage } from '@renderer/testing/fake-host'
import { renderApp, resetApp } from '@renderer/testing/render-app'
import { StudioError } from '@shared/errors'

afterEach(resetApp)

const banner = () => screen.getByRole('banner')
// The badge's name is its visible text: the caption, then the value.
const balanceBadge = () => within(banner()).findByRole('button', { name: /^Balance: (?!Loading)/ })

describe('the header', () => {
  it('shows the Sandbox as the active profile, with its Synthetic badge', async () => {
    await renderApp()
    const switcher = within(banner()).getByRole('combobox', { name: 'Active profile' }) as HTMLSelectElement
    expect(switcher.value).toBe('sandbox')
    expect(switcher.selectedOptions[0].textContent).toBe('Sandbox')
    expect(within(banner()).getByText('Synthetic')).toBeTruthy()
    expect(descriptionOf(switcher)).toMatch(/generated locally/)
  })

  it('asks for the balance once the window has been idle, not during the first render (T1-warm)', async () => {
    const idle: Array<() => void> = []
    vi.stubGlobal('requestIdleCallback', (cb: () => void) => idle.push(cb))
    vi.stubGlobal('cancelIdleCallback', () => {})
    try {
      const { host } = await renderApp()
      expect(within(banner()).getByRole('button', { name: 'Balance: Loading…' })).toBeTruthy()
      expect(host.callsTo('balance:get-usage')).toHaveLength(0)
      act(() => idle.splice(0).forEach((cb) => cb()))
      expect((await balanceBadge()).textContent).toBe('Balance:1,234,567 quota units')
      expect(host.callsTo('balance:get-usage')).toHaveLength(1)
    } finally {
      vi.unstubAllGlobals()
    }
  })

  it('shows the available quota with thousands separators, and the details in its tooltip', async () => {
    await renderApp()
    const badge = await balanceBadge()
    expect(badge.textContent).toBe('Balance:1,234,567 quota units')
    expect(badge.textContent).toContain('1,234,567')
    const details = descriptionOf(badge)
    expect(details).toContain('Granted: 5,000,000')
    expect(details).toContain('Used: 3,765,433')
    expect(details).toContain('Available: 1,234,567')
    expect(details).toMatch(/Checked at \d/)
  })

  it('shows an unlimited key as Unlimited, never as a negative amount', async () => {
    const host = new FakeHost()
    host.usageByProfile.sandbox = usage({
      unlimited: true,
      totalGranted: 0,
      totalUsed: 52_000,
      totalAvailable: -52_000
    })
    await renderApp({ host })
    const badge = await balanceBadge()
    expect(badge.textContent).toBe('Balance:Unlimited')
    expect(badge.textContent).not.toMatch(/-|52,000/)
    expect(descriptionOf(badge)).toContain('Available: Unlimited')
    expect(descriptionOf(badge)).not.toContain('-52,000')
  })

  it.each([
    ['an expired key', usage({ expiresAt: Math.floor(Date.now() / 1000) - 3600 }), 'Expired'],
    ['a used-up key', usage({ totalAvailable: -300 }), 'Used up']
  ])('names %s instead of showing a number', async (_what, record, word) => {
    const host = new FakeHost()
    host.usageByProfile.sandbox = record
    await renderApp({ host })
    expect((await balanceBadge()).textContent).toBe(`Balance:${word}`)
  })

  it('shows a failed balance check compactly, with the host’s message in the description', async () => {
    const host = new FakeHost()
    host.usageByProfile.sandbox = new StudioError(
      'UNAUTHORIZED',
      'The gateway refused the API key (401): it is wrong, disabled, expired or used up.',
      { status: 401 }
    )
    await renderApp({ host })
    const badge = await balanceBadge()
    expect(badge.textContent).toBe('Balance:Unavailable')
    expect(badge.dataset.state).toBe('error')
    expect(descriptionOf(badge)).toContain('it is wrong, disabled, expired or used up')
    // Not retryable: asked once.
    expect(host.callsTo('balance:get-usage')).toHaveLength(1)
  })

  it('follows balance:usage-updated from the host', async () => {
    const { host } = await renderApp()
    await balanceBadge()
    act(() => host.emit('balance:usage-updated', { profileId: 'sandbox', usage: usage({ totalAvailable: 999_000 }) }))
    expect((await balanceBadge()).textContent).toBe('Balance:999,000 quota units')
  })

  it('switches the active profile from the select and refreshes the balance for it', async () => {
    const host = new FakeHost({ profiles: [sandboxProfile(), gatewayProfile()] })
    host.usageByProfile['p-work'] = usage({ totalAvailable: 77_777 })
    const { user } = await renderApp({ host })
    await balanceBadge()
    await user.selectOptions(within(banner()).getByRole('combobox', { name: 'Active profile' }), 'Work gateway')
    expect(host.callsTo('profiles:select')).toEqual([{ id: 'p-work' }])
    await waitFor(async () => expect((await balanceBadge()).textContent).toBe('Balance:77,777 quota units'))
    expect(host.callsTo('balance:get-usage')).toContainEqual({ profileId: 'p-work' })
    expect(within(banner()).queryByText('Synthetic')).toBeNull()
  })

  it('asks the host for a fresh record when the badge is clicked', async () => {
    const { host, user } = await renderApp()
    await user.click(await balanceBadge())
    await waitFor(() =>
      expect(host.callsTo('balance:get-usage')).toContainEqual({ profileId: 'sandbox', refresh: true })
    )
  })
})
