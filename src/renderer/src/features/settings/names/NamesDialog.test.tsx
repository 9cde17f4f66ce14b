import { fireEvent, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { FakeHost, gatewayProfile, sandboxProfile } from '@renderer/testing/fake-host'
import { openSettings, renderApp, resetApp } from '@renderer/testing/render-app'
import type { GatewayNames } from '@shared/domain/gateway-names'
import { StudioError } from '@shared/errors'

afterEach(resetApp)

async function openNames(host: FakeHost, name = 'Work gateway') {
  const app = await renderApp({ host })
  await openSettings(app.user)
  await app.user.click(screen.getByRole('button', { name: `Names of ${name}` }))
  const dialog = screen.getByRole('dialog', { name: `Gateway names · ${name}` })
  return { ...app, dialog: within(dialog) }
}

describe('the gateway names editor', () => {
  it('saves typed names, routes and a model rule; the forms then offer them', async () => {
    const host = new FakeHost({ profiles: [sandboxProfile(), gatewayProfile()], activeId: 'p-work' })
    const { user, dialog } = await openNames(host)
    const vidq = dialog.getByRole('textbox', { name: 'Video · unified route, first family' })
    fireEvent.change(vidq, { target: { value: 'clip-pro\nclip-lite' } })
    fireEvent.change(dialog.getByRole('textbox', { name: 'Native image task path' }), {
      target: { value: '/visual/task' }
    })
    await user.click(dialog.getByRole('button', { name: 'Add a model rule' }))
    const rule = dialog.getByRole('group', { name: 'new rule' })
    fireEvent.change(within(rule).getByRole('combobox', { name: 'Model' }), { target: { value: 'clip-pro' } })
    fireEvent.change(within(rule).getByRole('textbox', { name: 'Fixed length (s)' }), { target: { value: '10' } })
    await user.click(dialog.getByRole('button', { name: 'Save names' }))
    const [saved] = host.callsTo('profiles:set-names') as Array<{ id: string; names: GatewayNames }>
    expect(saved.id).toBe('p-work')
    expect(saved.names.models.vidq).toEqual(['clip-pro', 'clip-lite'])
    expect(saved.names.nativeImage.path).toBe('/visual/task')
    expect(saved.names.rules['clip-pro']).toEqual({ forcedSeconds: 10 })
    expect(await screen.findByText('Saved the names of Work gateway.')).toBeTruthy()
  })

  it('shows each problem at its field and sends nothing until the names are good', async () => {
    const host = new FakeHost({ profiles: [sandboxProfile(), gatewayProfile()] })
    const { user, dialog } = await openNames(host)
    const path = dialog.getByRole('textbox', { name: 'Asset route prefix' })
    fireEvent.change(path, { target: { value: 'v1/assets?x' } })
    fireEvent.change(dialog.getByRole('textbox', { name: 'Video · video object, JSON family' }), {
      target: { value: 'has space' }
    })
    await user.click(dialog.getByRole('button', { name: 'Save names' }))
    expect(host.callsTo('profiles:set-names')).toHaveLength(0)
    expect(path.getAttribute('aria-invalid')).toBe('true')
    const alert = dialog.getByRole('alert')
    expect(alert.textContent).toContain('assetPrefix')
    expect(alert.textContent).toContain('models.kl.0')
  })

  it('lists discovered names with their family, assigns one in one action, and says which route failed', async () => {
    const host = new FakeHost({ profiles: [sandboxProfile(), gatewayProfile()] })
    host.on('profiles:discover-models', () => ({
      fetchedAt: 1,
      routes: [
        {
          route: 'GET /v1beta/models' as const,
          ok: true,
          models: [{ name: 'imagegen-4.0' }, { name: 'brand-new-video', endpointTypes: ['video'] }]
        },
        {
          route: 'GET /v1/models' as const,
          ok: false,
          models: [],
          error: new StudioError('GATEWAY_ERROR', 'This gateway does not serve GET /v1/models (404).').toData()
        }
      ]
    }))
    const { user, dialog } = await openNames(host)
    await user.click(dialog.getByRole('button', { name: 'Discover models' }))
    expect(
      await dialog.findByText('GET /v1/models failed: This gateway does not serve GET /v1/models (404).')
    ).toBeTruthy()
    const row = (name: string) => dialog.getByText(name, { selector: 'code' }).closest('li')!
    expect(within(row('imagegen-4.0')).getByText(/^In: /).textContent).toContain(
      'Images · ratio and resolution presets (first family)'
    )
    expect(within(row('brand-new-video')).getByText('Not assigned')).toBeTruthy()
    // The endpoint type suggests a video family; one click assigns it.
    await user.click(within(row('brand-new-video')).getByRole('button', { name: 'Assign: brand-new-video' }))
    expect(
      (dialog.getByRole('textbox', { name: 'Video · unified route, first family' }) as HTMLTextAreaElement).value.split(
        '\n'
      )
    ).toContain('brand-new-video')
    expect(within(row('brand-new-video')).getByText(/^In: /)).toBeTruthy()
  })
})
