import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { FakeHost } from '@renderer/testing/fake-host'
import { historyEntry } from '@renderer/testing/fake-prompts'
import { renderApp, resetApp } from '@renderer/testing/render-app'

afterEach(resetApp)

describe('prompt library view', () => {
  it('saves a prompt from the history with a name and tags; an empty name is refused before any request', async () => {
    const host = new FakeHost()
    host.prompts.history = [historyEntry({ id: 'ph-1', text: 'a lighthouse at dusk', model: 'imagegen-1' })]
    const { user } = await renderApp({ host, view: 'prompts' })
    const entry = await screen.findByTestId('history-entry')
    expect(entry.textContent).toContain('Image generation · imagegen-1')
    await user.click(within(entry).getByRole('button', { name: /Save this prompt/ }))
    const dialog = await screen.findByRole('dialog', { name: 'Save a prompt' })
    const name = within(dialog).getByRole('textbox', { name: 'Name' })
    await user.clear(name)
    await user.click(within(dialog).getByRole('button', { name: 'Save' }))
    expect(await within(dialog).findByText('Give the prompt a name.')).toBeTruthy()
    expect(host.callsTo('prompts:save')).toEqual([])
    await user.type(name, 'Lighthouse')
    await user.type(within(dialog).getByRole('textbox', { name: 'Tags' }), 'sea, dusk, Sea')
    await user.click(within(dialog).getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Save a prompt' })).toBeNull())
    expect(host.callsTo('prompts:save')).toEqual([
      { name: 'Lighthouse', text: 'a lighthouse at dusk', tags: ['sea', 'dusk'] }
    ])
    const saved = await screen.findByTestId('saved-prompt')
    expect(saved.textContent).toContain('#sea')
  })

  it('shows every problem of a bad import file at its place, and a good file’s counts', async () => {
    const { host } = await renderApp({ view: 'prompts' })
    const input = await screen.findByTestId('prompts-import-file')
    const bad = JSON.stringify({ format: 'generation-studio.prompts', version: 1, prompts: [{ name: '', text: 'x' }] })
    fireEvent.change(input, { target: { files: [new File([bad], 'bad.json', { type: 'application/json' })] } })
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('Nothing was imported.')
    expect(alert.textContent).toContain('prompts.0.name: A name is required')
    const good = JSON.stringify({
      format: 'generation-studio.prompts',
      version: 1,
      prompts: [{ name: 'Fox', text: 'a red fox', tags: ['animal'] }]
    })
    fireEvent.change(input, { target: { files: [new File([good], 'good.json', { type: 'application/json' })] } })
    expect(await screen.findByText('Imported 1 new prompts; 0 already saved were merged.')).toBeTruthy()
    expect(host.prompts.saved.map((p) => p.name)).toEqual(['Fox'])
  })
})
