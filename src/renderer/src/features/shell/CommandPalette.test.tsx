import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { useUiStore } from '@renderer/store/ui'
import { FakeHost } from '@renderer/testing/fake-host'
import { savedPrompt } from '@renderer/testing/fake-prompts'
import { renderApp, resetApp } from '@renderer/testing/render-app'

afterEach(resetApp)

function hostWithPrompt() {
  const host = new FakeHost()
  host.prompts.saved = [savedPrompt({ id: 'sp-1', name: 'Lighthouse', text: 'a lighthouse at dusk', tags: ['sea'] })]
  return host
}

describe('command palette', () => {
  it('opens with Ctrl+K as a combobox over a listbox; arrows move the active option, Enter runs it, Escape closes', async () => {
    const { user } = await renderApp({ host: hostWithPrompt() })
    await user.keyboard('{Control>}k{/Control}')
    const dialog = await screen.findByRole('dialog', { name: 'Command palette' })
    // The dialog is its own chunk: once it is there, the host's saved prompts may still be on the way.
    await within(dialog).findByRole('option', { name: /Lighthouse/ })
    const box = within(dialog).getByRole('combobox')
    expect(document.activeElement).toBe(box)
    const options = within(dialog).getAllByRole('option')
    expect(box.getAttribute('aria-activedescendant')).toBe(options[0].id)
    await user.keyboard('{ArrowDown}')
    expect(box.getAttribute('aria-activedescendant')).toBe(options[1].id)
    await user.keyboard('{ArrowUp}{ArrowUp}')
    expect(box.getAttribute('aria-activedescendant')).toBe(options[options.length - 1].id)
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('dialog', { name: 'Command palette' })).toBeNull()

    await user.keyboard('{Control>}k{/Control}')
    await user.keyboard('go to vdeo')
    await waitFor(() =>
      expect(within(screen.getByRole('dialog')).getAllByRole('option')[0].textContent).toContain('Go to Video')
    )
    await user.keyboard('{Enter}')
    expect(useUiStore.getState().view).toBe('video')
    expect(screen.queryByRole('dialog', { name: 'Command palette' })).toBeNull()
  })

  it('Enter on a saved prompt inserts it at the cursor of the prompt field the user was in', async () => {
    const { user } = await renderApp({ host: hostWithPrompt() })
    const field = await screen.findByRole('textbox', { name: 'Prompt' })
    await user.click(field)
    await user.keyboard('Draw: ')
    await user.keyboard('{Control>}k{/Control}')
    await user.keyboard('lighth')
    const option = await within(screen.getByRole('dialog')).findByRole('option', { name: /Lighthouse/ })
    await waitFor(() => expect(screen.getByRole('combobox').getAttribute('aria-activedescendant')).not.toBeNull())
    while (screen.getByRole('combobox').getAttribute('aria-activedescendant') !== option.id)
      await user.keyboard('{ArrowDown}')
    await user.keyboard('{Enter}')
    await waitFor(() => expect((field as HTMLTextAreaElement).value).toBe('Draw: a lighthouse at dusk'))
    expect(document.activeElement).toBe(field)
  })

  it('Ctrl+Shift+P in a prompt field opens the saved-prompt picker there; Enter inserts, Escape returns to the field', async () => {
    const { user } = await renderApp({ host: hostWithPrompt() })
    const field = await screen.findByRole('textbox', { name: 'Prompt' })
    await user.click(field)
    await user.keyboard('{Control>}{Shift>}p{/Shift}{/Control}')
    const picker = await screen.findByRole('dialog', { name: 'Insert a saved prompt' })
    await within(picker).findByRole('option', { name: /Lighthouse/ })
    await user.keyboard('{Escape}')
    expect(document.activeElement).toBe(field)
    await user.keyboard('{Control>}{Shift>}p{/Shift}{/Control}')
    await within(await screen.findByRole('dialog', { name: 'Insert a saved prompt' })).findByRole('option', {
      name: /Lighthouse/
    })
    await user.keyboard('{Enter}')
    await waitFor(() => expect((field as HTMLTextAreaElement).value).toBe('a lighthouse at dusk'))
  })
})

describe('command palette as the hub of actions', () => {
  const optionTexts = () =>
    within(screen.getByRole('dialog', { name: 'Command palette' }))
      .getAllByRole('option')
      .map((o) => o.textContent ?? '')

  it('"ed" finds the Edit actions first; "theme" ranks the theme action above the backup', async () => {
    const { user } = await renderApp({ host: hostWithPrompt() })
    await user.keyboard('{Control>}k{/Control}')
    await screen.findByRole('dialog', { name: 'Command palette' })
    await user.keyboard('ed')
    await waitFor(() => expect(optionTexts()[0]).toMatch(/^Edit/))
    await user.clear(screen.getByRole('combobox'))
    await user.keyboard('theme')
    await waitFor(() => expect(optionTexts()[0]).toMatch(/theme/))
    const backUp = optionTexts().findIndex((text) => text.startsWith('Back up the library'))
    expect(backUp === -1 || backUp > 0).toBe(true)
  })

  it('shows each area’s shortcut at the option’s edge, and opens a settings section', async () => {
    const { user } = await renderApp({ host: hostWithPrompt() })
    await user.keyboard('{Control>}k{/Control}')
    const dialog = await screen.findByRole('dialog', { name: 'Command palette' })
    const video = await within(dialog).findByRole('option', { name: /Go to Video/ })
    expect(video.querySelector('kbd.command-shortcut')?.textContent).toMatch(/3$/)
    await user.keyboard('settings: appearance{Enter}')
    await waitFor(() => expect(useUiStore.getState().view).toBe('settings'))
    await waitFor(() => expect(document.activeElement?.id).toBe('settings-appearance'), { timeout: 5000 })
  })
})
