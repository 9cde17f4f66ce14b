import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { descriptionOf, hasFocus, isInvalid } from '@renderer/testing/a11y'
import { FakeHost, gatewayProfile, report, sandboxProfile, usage } from '@renderer/testing/fake-host'
import { openSettings, renderApp, resetApp } from '@renderer/testing/render-app'
import { StudioError } from '@shared/errors'

afterEach(resetApp)

async function openAddForm(host = new FakeHost()) {
  const app = await renderApp({ host })
  await openSettings(app.user)
  await app.user.click(screen.getByRole('button', { name: 'Add profile' }))
  const dialog = await screen.findByRole('dialog', { name: 'Add profile' })
  const fields = {
    name: within(dialog).getByRole('textbox', { name: 'Name' }),
    baseUrl: within(dialog).getByRole('textbox', { name: 'Base URL' }),
    // A password input has no ARIA role; it is found by its label.
    key: within(dialog).getByLabelText('API key')
  }
  return { ...app, dialog, fields }
}

describe('adding a profile', () => {
  it('shows mistakes at their fields before anything is sent to the host', async () => {
    const { user, host, dialog, fields } = await openAddForm()
    await user.click(within(dialog).getByRole('button', { name: 'Save' }))

    expect(isInvalid(fields.name)).toBe(true)
    expect(descriptionOf(fields.name)).toContain('Give the profile a name')
    expect(isInvalid(fields.baseUrl)).toBe(true)
    expect(descriptionOf(fields.baseUrl)).toContain('Enter the gateway address')
    expect(isInvalid(fields.key)).toBe(true)
    expect(descriptionOf(fields.key)).toContain('Enter the API key for this gateway')
    expect(hasFocus(fields.name)).toBe(true)

    await user.type(fields.name, 'Work')
    await user.type(fields.baseUrl, 'http://api.example.com')
    await user.type(fields.key, 'sk live')
    await user.click(within(dialog).getByRole('button', { name: 'Save' }))
    expect(isInvalid(fields.name)).toBe(false)
    expect(descriptionOf(fields.baseUrl)).toContain('Plain http:// would send your key unencrypted')
    expect(descriptionOf(fields.key)).toContain('cannot contain spaces')
    expect(hasFocus(fields.baseUrl)).toBe(true)

    expect(host.callsTo('profiles:add')).toEqual([])
  })

  it('says under the address that a pasted API version is left to the routes', async () => {
    const { user, fields } = await openAddForm()
    await user.type(fields.baseUrl, 'https://api.example.com/v1/')
    expect(isInvalid(fields.baseUrl)).toBe(false)
    expect(descriptionOf(fields.baseUrl)).toContain(
      'The studio adds /v1 to each route itself, so it will use https://api.example.com'
    )
    await user.clear(fields.baseUrl)
    await user.type(fields.baseUrl, 'https://api.example.com/proxy')
    expect(descriptionOf(fields.baseUrl)).toContain('The API address of the gateway')
  })

  it('saves valid values, closes, returns focus to "Add profile" and lists the new profile', async () => {
    const { user, host, dialog, fields } = await openAddForm()
    await user.type(fields.name, 'Work')
    await user.type(fields.baseUrl, 'https://api.example.com')
    await user.type(fields.key, 'sk-test-1234WXYZ')
    await user.click(within(dialog).getByRole('button', { name: 'Save' }))

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(host.callsTo('profiles:add')).toEqual([
      { name: 'Work', baseUrl: 'https://api.example.com', key: 'sk-test-1234WXYZ', persistence: 'auto' }
    ])
    expect(hasFocus(screen.getByRole('button', { name: 'Add profile' }))).toBe(true)
    const list = screen.getByRole('list', { name: 'Profiles' })
    const item = (await within(list).findByText('Work')).closest('li')!
    expect(within(item).getByText('Key saved in the system keychain')).toBeTruthy()
    expect(within(item).getByText('••••WXYZ')).toBeTruthy()
    expect(screen.getByText('Saved “Work”.')).toBeTruthy()
  })

  it('shows a host error that names a field at that field and stays open', async () => {
    const { user, dialog, fields } = await openAddForm()
    await user.type(fields.name, 'Sandbox')
    await user.type(fields.baseUrl, 'https://api.example.com')
    await user.type(fields.key, 'sk-1')
    await user.click(within(dialog).getByRole('button', { name: 'Save' }))

    await waitFor(() => expect(isInvalid(fields.name)).toBe(true))
    expect(descriptionOf(fields.name)).toContain('A profile with this name already exists')
    expect(hasFocus(fields.name)).toBe(true)
    expect(screen.getByRole('dialog', { name: 'Add profile' })).toBeTruthy()
    expect(within(dialog).queryByRole('alert')).toBeNull()
  })

  it('shows a host error without a field at the top of the form', async () => {
    const host = new FakeHost().on('profiles:add', () => {
      throw new StudioError('STORAGE', 'The settings file could not be written (disk full)')
    })
    const { user, dialog, fields } = await openAddForm(host)
    await user.type(fields.name, 'Work')
    await user.type(fields.baseUrl, 'https://api.example.com')
    await user.type(fields.key, 'sk-1')
    await user.click(within(dialog).getByRole('button', { name: 'Save' }))

    const alert = await within(dialog).findByRole('alert')
    expect(alert.textContent).toContain('The studio could not save to disk')
    expect(alert.textContent).toContain('disk full')
    expect(screen.getByRole('dialog', { name: 'Add profile' })).toBeTruthy()
  })

  it('closes on Escape and gives focus back to the button that opened it', async () => {
    const { user, fields } = await openAddForm()
    expect(hasFocus(fields.name)).toBe(true)
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(hasFocus(screen.getByRole('button', { name: 'Add profile' }))).toBe(true)
  })

  it('keeps Tab inside the dialog', async () => {
    const { user, dialog, fields } = await openAddForm()
    within(dialog).getByRole('button', { name: 'Save' }).focus()
    await user.tab()
    expect(hasFocus(fields.name)).toBe(true)
    await user.tab({ shift: true })
    expect(hasFocus(within(dialog).getByRole('button', { name: 'Save' }))).toBe(true)
    // Everything behind the dialog is hidden from assistive technology meanwhile.
    expect(screen.queryByRole('navigation')).toBeNull()
  })
})

describe('testing a connection from the form', () => {
  async function fillAndTest(host: FakeHost) {
    const app = await openAddForm(host)
    await app.user.type(app.fields.baseUrl, 'https://api.example.com/')
    await app.user.type(app.fields.key, 'sk-abc')
    await app.user.click(within(app.dialog).getByRole('button', { name: 'Test connection' }))
    return app
  }

  it('tests the unsaved address and key, and reports the key', async () => {
    const host = new FakeHost().on('profiles:test-connection', () =>
      report({ keyName: 'team-key', usage: usage({ totalAvailable: 2_500_000 }), latencyMs: 87 })
    )
    const { dialog } = await fillAndTest(host)
    const status = within(dialog).getByRole('status')
    await waitFor(() => expect(status.textContent).toContain('Connected'))
    expect(status.textContent).toContain('team-key')
    expect(status.textContent).toContain('Active')
    expect(status.textContent).toContain('2,500,000')
    expect(status.textContent).toContain('87 ms')
    expect(host.callsTo('profiles:test-connection')).toEqual([{ baseUrl: 'https://api.example.com/', key: 'sk-abc' }])
    expect(host.callsTo('profiles:add')).toEqual([])
  })

  it('shows a refused key (401) as an alert with a clear title and the host’s detail', async () => {
    const host = new FakeHost().on('profiles:test-connection', () => {
      throw new StudioError(
        'UNAUTHORIZED',
        'The gateway refused the API key (401): it is wrong, disabled, expired or used up.',
        { status: 401 }
      )
    })
    const { dialog } = await fillAndTest(host)
    const alert = await within(dialog).findByRole('alert')
    expect(alert.textContent).toContain('The gateway refused the API key (401)')
    expect(alert.textContent).toContain('it is wrong, disabled, expired or used up')
    expect(within(dialog).getByRole('status').textContent).not.toContain('Connected')
  })

  it.each([
    ['NETWORK_UNREACHABLE', 'Can’t reach the gateway'],
    ['TLS', 'The secure connection could not be verified'],
    ['TIMEOUT', 'The gateway did not answer in time'],
    ['NOT_A_GATEWAY', 'This address is not a gateway API'],
    ['REDIRECT_REFUSED', 'The gateway tried to redirect the request'],
    ['RATE_LIMITED', 'Too many requests: rate limited']
  ] as const)('titles %s as “%s”', async (code, title) => {
    const host = new FakeHost().on('profiles:test-connection', () => {
      throw new StudioError(code, `host detail for ${code}`)
    })
    const { dialog } = await fillAndTest(host)
    const alert = await within(dialog).findByRole('alert')
    expect(alert.querySelector('.connection-title')?.textContent?.trim()).toBe(title)
    expect(alert.textContent).toContain(`host detail for ${code}`)
  })

  it('says when to try again after the usage budget is spent, in the dashboard’s words', async () => {
    const host = new FakeHost().on('profiles:test-connection', () => {
      throw new StudioError('RATE_LIMITED', 'The balance was checked often recently; the studio waits 7 min.', {
        retryable: true,
        details: { retryAfterMs: 6.5 * 60_000, local: true, reason: 'budget' }
      })
    })
    const { dialog } = await fillAndTest(host)
    const alert = await within(dialog).findByRole('alert')
    expect(alert.querySelector('.connection-title')?.textContent?.trim()).toBe(
      'The balance was checked often recently. To stay under the gateway’s limit of about 20 checks per 20 minutes, the studio waits 7 min.'
    )
  })

  it('needs an address and a key before testing', async () => {
    const { user, host, dialog, fields } = await openAddForm()
    await user.click(within(dialog).getByRole('button', { name: 'Test connection' }))
    expect(descriptionOf(fields.baseUrl)).toContain('Enter the gateway address')
    expect(descriptionOf(fields.key)).toContain('Enter the API key to test')
    expect(host.callsTo('profiles:test-connection')).toEqual([])
  })
})

describe('where the key is kept', () => {
  it('offers no choice when the system keychain is available', async () => {
    const { dialog } = await openAddForm(new FakeHost({ keychainAvailable: true }))
    expect(within(dialog).queryByRole('radio')).toBeNull()
    expect(within(dialog).getByText('The key will be encrypted with the system keychain.')).toBeTruthy()
  })

  it('without a keychain, defaults to this session only and warns about the unprotected file', async () => {
    const host = new FakeHost({ keychainAvailable: false })
    const { user, dialog, fields } = await openAddForm(host)
    const group = within(dialog).getByRole('group', { name: 'Where to keep the key' })
    const session = within(group).getByRole('radio', { name: 'Keep for this session only' }) as HTMLInputElement
    const file = within(group).getByRole('radio', {
      name: /Store in an unprotected file \(readable by anyone with access to your user account\)/
    }) as HTMLInputElement
    expect(session.checked).toBe(true)
    expect(file.checked).toBe(false)
    expect(descriptionOf(file)).toContain('the key will be written to disk unencrypted')

    await user.click(file)
    await user.type(fields.name, 'Work')
    await user.type(fields.baseUrl, 'https://api.example.com')
    await user.type(fields.key, 'sk-1')
    await user.click(within(dialog).getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(host.callsTo('profiles:add')).toHaveLength(1))
    expect(host.callsTo('profiles:add')[0]).toMatchObject({ persistence: 'file' })
  })
})

describe('editing a profile', () => {
  it('prefills everything but the key, and keeps the current key when that field stays empty', async () => {
    const host = new FakeHost({ profiles: [sandboxProfile(), gatewayProfile()] })
    const { user } = await renderApp({ host })
    await openSettings(user)
    await user.click(screen.getByRole('button', { name: 'Edit Work gateway' }))
    const dialog = await screen.findByRole('dialog', { name: 'Edit profile' })
    const name = within(dialog).getByRole('textbox', { name: 'Name' }) as HTMLInputElement
    const key = within(dialog).getByLabelText('API key') as HTMLInputElement
    expect(name.value).toBe('Work gateway')
    expect((within(dialog).getByRole('textbox', { name: 'Base URL' }) as HTMLInputElement).value).toBe(
      'https://api.example.com'
    )
    expect(key.value).toBe('')
    expect(key.type).toBe('password')
    expect(key.getAttribute('autocomplete')).toBe('off')
    expect(descriptionOf(key)).toContain('Leave empty to keep the current key (ending in k9Zq)')

    // A test with the key left empty uses the saved one (the host looks it up by id).
    await user.click(within(dialog).getByRole('button', { name: 'Test connection' }))
    await waitFor(() =>
      expect(host.callsTo('profiles:test-connection')).toEqual([
        { baseUrl: 'https://api.example.com', key: '', id: 'p-work' }
      ])
    )

    await user.clear(name)
    await user.type(name, 'Office')
    await user.click(within(dialog).getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(host.callsTo('profiles:update')).toEqual([
      { id: 'p-work', name: 'Office', baseUrl: 'https://api.example.com' }
    ])
    expect(hasFocus(screen.getByRole('button', { name: 'Edit Office' }))).toBe(true)
  })

  it('asks for the key again when the address moves to another server, and says why, before anything is sent', async () => {
    const host = new FakeHost({ profiles: [sandboxProfile(), gatewayProfile()] })
    const { user } = await renderApp({ host })
    await openSettings(user)
    await user.click(screen.getByRole('button', { name: 'Edit Work gateway' }))
    const dialog = await screen.findByRole('dialog', { name: 'Edit profile' })
    const baseUrl = within(dialog).getByRole('textbox', { name: 'Base URL' })
    const key = within(dialog).getByLabelText('API key') as HTMLInputElement
    // A typo fix in the host name is another server too.
    await user.clear(baseUrl)
    await user.type(baseUrl, 'https://api.exmaple.com')
    expect(descriptionOf(key)).toContain('The address now points to another server: enter the API key again')
    await user.click(within(dialog).getByRole('button', { name: 'Test connection' }))
    await user.click(within(dialog).getByRole('button', { name: 'Save' }))
    expect(isInvalid(key)).toBe(true)
    expect(host.callsTo('profiles:test-connection')).toEqual([])
    expect(host.callsTo('profiles:update')).toEqual([])
    // Same server, another path: the saved key still serves.
    await user.clear(baseUrl)
    await user.type(baseUrl, 'https://api.example.com/v1')
    expect(descriptionOf(key)).toContain('Leave empty to keep the current key')
    await user.type(key, 'sk-new-key-1')
    await user.clear(baseUrl)
    await user.type(baseUrl, 'https://api2.example.com')
    await user.click(within(dialog).getByRole('button', { name: 'Save' }))
    await waitFor(() =>
      expect(host.callsTo('profiles:update')).toEqual([
        { id: 'p-work', name: 'Work gateway', baseUrl: 'https://api2.example.com', key: 'sk-new-key-1' }
      ])
    )
  })
})
