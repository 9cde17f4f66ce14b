import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { hasFocus } from '@renderer/testing/a11y'
import { FakeHost, gatewayProfile, sandboxProfile } from '@renderer/testing/fake-host'
import { openSettings, renderApp, resetApp } from '@renderer/testing/render-app'
import type { KeyStatus } from '@shared/domain/profiles'
import { StudioError } from '@shared/errors'

afterEach(resetApp)

async function renderSettings(host: FakeHost) {
  const app = await renderApp({ host })
  await openSettings(app.user)
  const list = screen.getByRole('list', { name: 'Profiles' })
  const item = (name: string) => within(list).getByText(name, { selector: '.profile-item-name' }).closest('li')!
  return { ...app, list, item }
}

describe('the profile list', () => {
  it('labels the built-in Sandbox, marks the active profile, and offers no edit or delete for it', async () => {
    const { item } = await renderSettings(new FakeHost({ profiles: [sandboxProfile(), gatewayProfile()] }))
    const sandbox = item('Sandbox')
    expect(within(sandbox).getByText('Built-in · synthetic results')).toBeTruthy()
    expect(within(sandbox).getByText('Active')).toBeTruthy()
    expect(sandbox.getAttribute('aria-current')).toBe('true')
    expect(within(sandbox).queryByRole('button', { name: /Edit|Delete/ })).toBeNull()
    expect(within(sandbox).getByRole('button', { name: 'Test connection to Sandbox' })).toBeTruthy()

    const work = item('Work gateway')
    expect(within(work).queryByText('Active')).toBeNull()
    expect(within(work).getByText('https://api.example.com')).toBeTruthy()
    expect(within(work).getByRole('button', { name: 'Edit Work gateway' })).toBeTruthy()
    expect(within(work).getByRole('button', { name: 'Delete Work gateway' })).toBeTruthy()
  })

  it.each<[string, KeyStatus, string, string | null]>([
    ['keychain', { configured: true, last4: 'ab12', protection: 'os' }, 'Key saved in the system keychain', '••••ab12'],
    [
      'session',
      { configured: true, last4: 'cd34', protection: 'session' },
      'Key kept for this session only',
      '••••cd34'
    ],
    ['file', { configured: true, last4: 'ef56', protection: 'file' }, 'Key stored unprotected in a file', '••••ef56'],
    ['none', { configured: false, protection: 'none' }, 'No key', null],
    ['unreadable', { configured: true, protection: 'os', needsReentry: true }, 'Re-enter the key', null]
  ])('shows the key status of a %s key', async (_kind, key, text, masked) => {
    const { item } = await renderSettings(new FakeHost({ profiles: [sandboxProfile(), gatewayProfile({ key })] }))
    const work = item('Work gateway')
    expect(within(work).getByText(text)).toBeTruthy()
    if (masked) expect(within(work).getByText(masked)).toBeTruthy()
    else expect(within(work).queryByText(/••••/)).toBeNull()
  })

  it('makes another profile active with its Use button', async () => {
    const host = new FakeHost({ profiles: [sandboxProfile(), gatewayProfile()] })
    const { user, item } = await renderSettings(host)
    await user.click(screen.getByRole('button', { name: 'Use Work gateway' }))
    expect(host.callsTo('profiles:select')).toEqual([{ id: 'p-work' }])
    await waitFor(() => expect(within(item('Work gateway')).getByText('Active')).toBeTruthy())
  })

  it('tests a saved profile by id and shows the outcome in the list', async () => {
    const host = new FakeHost({ profiles: [sandboxProfile(), gatewayProfile()] }).on(
      'profiles:test-connection',
      (input) => {
        if ('id' in input && input.id === 'p-work')
          throw new StudioError('TIMEOUT', 'The gateway did not answer in time.', { retryable: true })
        throw new Error('unexpected input')
      }
    )
    const { user, item } = await renderSettings(host)
    await user.click(screen.getByRole('button', { name: 'Test connection to Work gateway' }))
    const alert = await within(item('Work gateway')).findByRole('alert')
    expect(alert.textContent).toContain('The gateway did not answer in time')
    expect(host.callsTo('profiles:test-connection')).toEqual([{ id: 'p-work' }])
  })

  it('asks before deleting; Cancel keeps the profile', async () => {
    const host = new FakeHost({ profiles: [sandboxProfile(), gatewayProfile()] })
    const { user } = await renderSettings(host)
    const deleteButton = screen.getByRole('button', { name: 'Delete Work gateway' })
    await user.click(deleteButton)
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete profile?' })
    expect(confirm.textContent).toContain('Delete “Work gateway” and its saved key?')
    expect(hasFocus(within(confirm).getByRole('button', { name: 'Cancel' }))).toBe(true)
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }))
    expect(screen.queryByRole('alertdialog')).toBeNull()
    expect(host.callsTo('profiles:remove')).toEqual([])
    expect(hasFocus(deleteButton)).toBe(true)
  })

  it('deletes after confirmation and puts focus on "Add profile"', async () => {
    const host = new FakeHost({ profiles: [sandboxProfile(), gatewayProfile()] })
    const { user, list } = await renderSettings(host)
    await user.click(screen.getByRole('button', { name: 'Delete Work gateway' }))
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete profile?' })
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
    expect(host.callsTo('profiles:remove')).toEqual([{ id: 'p-work' }])
    expect(within(list).queryByText('Work gateway')).toBeNull()
    expect(hasFocus(screen.getByRole('button', { name: 'Add profile' }))).toBe(true)
    expect(screen.getByText('Deleted “Work gateway”.')).toBeTruthy()
  })
})
