import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { FakeHost } from '@renderer/testing/fake-host'
import { savedPrompt } from '@renderer/testing/fake-prompts'
import { renderApp, resetApp } from '@renderer/testing/render-app'

// The palette's chunk arrives only when the test lets it: as on a slow disk in the first seconds.
const chunk = vi.hoisted(() => {
  let release!: () => void
  const arrived = new Promise<void>((r) => (release = r))
  return { arrived, release }
})
vi.mock('./PaletteDialog', async (importOriginal) => {
  await chunk.arrived
  return importOriginal()
})

afterEach(resetApp)

describe('command palette before its chunk has arrived', () => {
  it('keeps what is typed after Ctrl+K for its search, not in the focused field, and Escape returns there', async () => {
    const host = new FakeHost()
    host.prompts.saved = [savedPrompt({ id: 'sp-1', name: 'Lighthouse', text: 'a lighthouse at dusk', tags: [] })]
    const { user } = await renderApp({ host })
    const field = (await screen.findByRole('textbox', { name: 'Prompt' })) as HTMLTextAreaElement
    await user.click(field)
    await user.keyboard('Draw: ')
    await user.keyboard('{Control>}k{/Control}')
    await user.keyboard('lightx{Backspace}h{Enter}')
    expect(field.value).toBe('Draw: ')
    expect(screen.queryByRole('dialog', { name: 'Command palette' })).toBeNull()

    chunk.release()
    const dialog = await screen.findByRole('dialog', { name: 'Command palette' })
    expect((within(dialog).getByRole('combobox') as HTMLInputElement).value).toBe('lighth')
    await within(dialog).findByRole('option', { name: /Lighthouse/ })
    await user.keyboard('{Escape}')
    await waitFor(() => expect(document.activeElement).toBe(field))
    expect(field.value).toBe('Draw: ')
  })
})
