import { act, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { FakeHost, gatewayProfile, sandboxProfile, usage } from '@renderer/testing/fake-host'
import { renderApp, resetApp } from '@renderer/testing/render-app'
import { StudioError } from '@shared/errors'

afterEach(() => resetApp())

async function openBalance(host = new FakeHost()) {
  const app = await renderApp({ host })
  await app.user.click(screen.getByRole('button', { name: 'Balance' }))
  await screen.findByRole('heading', { name: 'Key usage' })
  return app
}

describe('the balance dashboard', () => {
  it('shows the key’s figures with a gauge, the billing figures and every profile’s balance', async () => {
    const host = new FakeHost({ profiles: [sandboxProfile(), gatewayProfile()] })
    host.usageByProfile['p-work'] = new StudioError('UNAUTHORIZED', 'refused', {
      status: 401,
      details: { gatewayMessage: 'Invalid token' }
    })
    await openBalance(host)
    const key = screen.getByTestId('key-usage')
    expect(within(key).getByTestId('key-available').textContent).toBe('1,234,567')
    expect(within(key).getByTestId('key-available').getAttribute('title')).toBe('Raw value: 1,234,567')
    expect(
      within(key).getByRole('meter', { name: 'Used share of the granted quota' }).getAttribute('aria-valuenow')
    ).toBe('3765433')
    expect(within(key).getByTestId('model-limits-off')).toBeTruthy()
    expect((await screen.findByTestId('billing-usage')).getAttribute('data-raw')).toBe('753.09')
    const table = screen.getByTestId('profile-balances')
    expect(within(table).getByRole('button', { name: 'Show Work gateway' })).toBeTruthy()
    await screen.findByText('Unavailable')
  })

  it('states an unlimited key as such and lists an allow-list of models', async () => {
    const host = new FakeHost()
    host.usageByProfile.sandbox = usage({
      unlimited: true,
      totalAvailable: -9_000,
      modelLimitsEnabled: true,
      modelLimits: { 'gpt-4o-mini': true, vidq1: 500 }
    })
    await openBalance(host)
    expect(screen.getByTestId('key-available').textContent).toBe('Unlimited')
    expect(screen.getByTestId('unlimited-note')).toBeTruthy()
    expect(screen.queryByRole('meter')).toBeNull()
    const limits = screen.getByTestId('model-limits')
    expect(within(limits).getByText('allowed')).toBeTruthy()
    expect(within(limits).getByText('limit 500')).toBeTruthy()
  })

  it('names the quota lookup failure of the billing routes', async () => {
    const host = new FakeHost()
    host.balance.billingByProfile.sandbox = new StudioError('GATEWAY_ERROR', 'x', {
      details: { reason: 'quota-query-failed', gatewayMessage: 'query quota failed' }
    })
    await openBalance(host)
    const alert = await within(screen.getByTestId('billing')).findByRole('alert')
    expect(alert.textContent).toContain('could not look up the quota for the billing figures')
    expect(alert.textContent).toContain('The gateway said: query quota failed')
  })

  it('shows a low-balance alert from the host as a toast, wherever the user is', async () => {
    const { host } = await renderApp()
    act(() =>
      host.emit('balance:low-balance', {
        profileId: 'sandbox',
        profileName: 'Sandbox',
        available: 1000,
        threshold: 5000,
        at: 1
      })
    )
    const toast = await screen.findByTestId('low-balance-toast')
    expect(toast.textContent).toContain('Low balance: Sandbox')
    expect(toast.textContent).toContain('1,000 available, below your alert threshold of 5,000')
  })

  it('saves a display unit and a threshold typed in that unit as raw quota', async () => {
    const { host, user } = await openBalance()
    const form = await screen.findByRole('form', { name: 'Display and alerts' })
    await user.click(within(form).getByRole('radio', { name: 'USD' }))
    await user.type(within(form).getByRole('textbox', { name: /Low-balance alert below/ }), '2.5')
    await user.click(within(form).getByRole('button', { name: 'Save' }))
    expect(host.callsTo('balance:update-settings').at(-1)).toEqual({
      profileId: 'sandbox',
      displayUnit: { kind: 'usd' },
      quotaPerUsd: 500_000,
      lowThreshold: 1_250_000,
      dailyLimit: null,
      weeklyLimit: null
    })
    expect(host.balance.settings.sandbox.lowThreshold).toBe(1_250_000)
  })

  it('saves daily and weekly spending limits typed in the display unit as raw quota, and an emptied one as none', async () => {
    const { host, user } = await openBalance()
    const form = await screen.findByRole('form', { name: 'Display and alerts' })
    await user.click(within(form).getByRole('radio', { name: 'USD' }))
    await user.type(within(form).getByRole('textbox', { name: 'Daily spending limit' }), '2')
    await user.type(within(form).getByRole('textbox', { name: 'Weekly spending limit' }), '10')
    await user.click(within(form).getByRole('button', { name: 'Save' }))
    expect(host.callsTo('balance:update-settings').at(-1)).toMatchObject({
      dailyLimit: 1_000_000,
      weeklyLimit: 5_000_000
    })
    // The form starts again from what was saved; an emptied limit is none.
    const again = await screen.findByRole('form', { name: 'Display and alerts' })
    await waitFor(() =>
      expect(within(again).getByRole('textbox', { name: 'Daily spending limit' })).toHaveProperty('value', '2')
    )
    await user.clear(within(again).getByRole('textbox', { name: 'Daily spending limit' }))
    await user.click(within(again).getByRole('button', { name: 'Save' }))
    expect(host.callsTo('balance:update-settings').at(-1)).toMatchObject({ dailyLimit: null, weeklyLimit: 5_000_000 })
  })
})
