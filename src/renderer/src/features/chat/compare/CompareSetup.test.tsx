import { screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { FakeHost } from '@renderer/testing/fake-host'
import { savedPrompt } from '@renderer/testing/fake-prompts'
import { renderApp, resetApp } from '@renderer/testing/render-app'

afterEach(resetApp)

/** The compare form: two prompt fields (system instruction first, then the prompt) and one picker. */
async function openCompareForm() {
  const host = new FakeHost()
  host.chat.models = ['model-alpha', 'model-beta']
  host.prompts.saved = [savedPrompt({ id: 'sp-tea', name: 'Tea', text: 'green tea ', tags: [] })]
  const app = await renderApp({ host })
  await app.user.click(await screen.findByRole('button', { name: 'Compare models' }))
  const prompt = (await screen.findByRole('textbox', { name: 'Prompt for every model' })) as HTMLTextAreaElement
  const system = screen.getByRole('textbox', { name: 'System instruction' }) as HTMLTextAreaElement
  const form = prompt.closest('form')!
  // The system instruction comes first in the form: a picker that took the form's first textarea would land there.
  expect(form.querySelector('textarea')).toBe(system)
  const pickTea = async () => {
    const picker = await within(form).findByRole('dialog', { name: 'Insert a saved prompt' })
    await app.user.click(await within(picker).findByRole('option', { name: /^Tea/ }))
  }
  // Puts the cursor at `at` in `field`, opens the picker with the form's button and picks Tea.
  const teaByButton = async (field: HTMLTextAreaElement, at: number) => {
    field.setSelectionRange(at, at)
    await app.user.click(within(form).getByRole('button', { name: 'Prompts' }))
    await pickTea()
  }
  return { ...app, form, prompt, system, pickTea, teaByButton }
}

describe('the saved-prompt picker in a form with two prompt fields (chat compare)', () => {
  it('inserts at the cursor of the field it is attached to (the prompt), not into the first textarea', async () => {
    const { user, prompt, system, teaByButton } = await openCompareForm()
    await user.type(prompt, 'Name a tea')
    await teaByButton(prompt, 5)
    expect(prompt.value).toBe('Name green tea a tea')
    expect(system.value).toBe('')
    // The cursor lands after the inserted text, in the prompt.
    expect(document.activeElement).toBe(prompt)
    expect(prompt.selectionStart).toBe(15)
  })

  it('inserts into the prompt field the user was last in: the system instruction, by button or Ctrl+Shift+P, then the prompt again', async () => {
    const { user, prompt, system, pickTea, teaByButton } = await openCompareForm()
    await user.type(prompt, 'Name a tea')
    await user.type(system, 'Be brief.')
    await teaByButton(system, 0)
    expect(system.value).toBe('green tea Be brief.')
    expect(prompt.value).toBe('Name a tea')

    // The shortcut in the system field opens the picker for that field, at its cursor (here the end).
    system.setSelectionRange(system.value.length, system.value.length)
    await user.keyboard('{Control>}{Shift>}P{/Shift}{/Control}')
    await pickTea()
    expect(system.value).toBe('green tea Be brief.green tea ')
    expect(prompt.value).toBe('Name a tea')

    // Back in the prompt: the picker follows.
    await user.click(prompt)
    await teaByButton(prompt, 0)
    expect(prompt.value).toBe('green tea Name a tea')
    expect(system.value).toBe('green tea Be brief.green tea ')
  })
})
