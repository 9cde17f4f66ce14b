import { act, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { FakeHost } from '@renderer/testing/fake-host'
import { openSettings, renderApp, resetApp } from '@renderer/testing/render-app'

afterEach(() => resetApp())

describe('library backups in Settings', () => {
  it('"Back up library" asks the host for a backup and lists it; Restore chooses it for the next start', async () => {
    const host = new FakeHost()
    const { user } = await renderApp({ host })
    await openSettings(user)
    const section = screen.getByRole('region', { name: 'Library' })
    expect(within(section).getByText('No backups yet.')).toBeTruthy()

    await user.click(within(section).getByRole('button', { name: 'Back up library' }))
    expect(host.callsTo('library:back-up')).toHaveLength(1)
    expect(await within(section).findByText(/^Backed up \(/)).toBeTruthy()
    const list = await within(section).findByRole('list', { name: 'Backups' })
    const restore = within(list).getByRole('button', { name: /^Restore the backup of / })

    await user.click(restore)
    expect(host.callsTo('library:restore')).toEqual([{ name: host.backups[0].name }])
    expect(
      await within(section).findByText(
        new RegExp(`The backup ${host.backups[0].name} will replace the library at the next start`)
      )
    ).toBeTruthy()
  })

  it('says why a backup failed', async () => {
    const host = new FakeHost().on('library:back-up', () => {
      throw new Error('disk full')
    })
    const { user } = await renderApp({ host })
    await openSettings(user)
    await user.click(screen.getByRole('button', { name: 'Back up library' }))
    expect((await screen.findByRole('alert')).textContent).toMatch(/The library action failed/)
  })

  it('is in Chinese too', async () => {
    const { host, user } = await renderApp()
    await openSettings(user)
    act(() => host.emit('settings:changed', { theme: 'system', language: 'zh' }))
    expect(await screen.findByRole('button', { name: '备份资料库' })).toBeTruthy()
    expect(screen.getByRole('heading', { name: '资料库' })).toBeTruthy()
  })
})
