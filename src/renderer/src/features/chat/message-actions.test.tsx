import { act, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  assistantMessage,
  inParameters,
  lastAssistant,
  openedConversation,
  openParameters,
  openSettings,
  promptBox,
  userMessage
} from '@renderer/testing/chat'
import { FakeHost } from '@renderer/testing/fake-host'
import { renderApp, resetApp } from '@renderer/testing/render-app'

afterEach(() => {
  resetApp()
  vi.restoreAllMocks()
})

async function renderTalk() {
  const host = new FakeHost()
  const conversation = host.chat.add({
    title: 'Talk',
    messages: [
      userMessage('u1', 'Name a colour'),
      assistantMessage('a1', 'Blue', {
        model: 'model-alpha',
        safetyRatings: [
          { category: 'HARM_CATEGORY_HARASSMENT', probability: 'NEGLIGIBLE' },
          { category: 'HARM_CATEGORY_HATE_SPEECH', probability: 'HIGH', blocked: true }
        ]
      })
    ]
  })
  const app = await renderApp({ host })
  await openedConversation('Talk')
  return { ...app, host, conversation }
}

describe('message actions', () => {
  it('edits a user message and sends it again in place of the old one', async () => {
    const { host, user, conversation } = await renderTalk()
    const question = screen.getByRole('article', { name: 'User message' })
    await user.click(within(question).getByRole('button', { name: 'Edit' }))
    const field = within(question).getByRole('textbox', { name: 'Edit message' })
    await user.clear(field)
    await user.type(field, 'Name a fruit')
    await user.click(within(question).getByRole('button', { name: 'Submit edit' }))
    await waitFor(() =>
      expect(host.callsTo('chat:send')).toEqual([
        { conversationId: conversation.id, text: 'Name a fruit', editOf: 'u1' }
      ])
    )
    act(() => host.chat.delta(host.chat.lastStream(), 0, [{ part: 0, type: 'text', append: 'Apple' }]))
    await waitFor(() => expect(within(lastAssistant()).getByText('Apple')).toBeTruthy())
    await waitFor(() => expect(screen.queryByText('Blue')).toBeNull())
    expect(
      screen
        .getAllByRole('article', { name: 'User message' })
        .map((a) => a.querySelector('.chat-user-text')?.textContent)
    ).toEqual(['Name a fruit'])
  })

  it('copies a message’s text', async () => {
    const { user } = await renderTalk()
    const writeText = vi.spyOn(navigator.clipboard, 'writeText')
    await user.click(within(lastAssistant()).getByRole('button', { name: 'Copy' }))
    expect(writeText).toHaveBeenCalledWith('Blue')
    expect(within(lastAssistant()).getByRole('button', { name: 'Copied' })).toBeTruthy()
  })

  it('copies the text streamed so far while the answer is still streaming', async () => {
    const { host, user } = await renderTalk()
    await user.type(promptBox(), 'Count to three{Enter}')
    await waitFor(() => expect(host.callsTo('chat:send')).toHaveLength(1))
    const stream = host.chat.lastStream()
    const writeText = vi.spyOn(navigator.clipboard, 'writeText')
    act(() => host.chat.delta(stream, 0, [{ part: 0, type: 'text', append: 'One, ' }]))
    await waitFor(() => expect(within(lastAssistant()).getByText('Streaming…')).toBeTruthy())
    act(() => host.chat.delta(stream, 1, [{ part: 0, type: 'text', append: 'two, ' }]))
    act(() => host.chat.delta(stream, 2, [{ part: 0, type: 'text', append: 'three' }]))
    // The toolbar is not rendered again for each delta; Copy still takes the text as it is now.
    await user.click(within(lastAssistant()).getByRole('button', { name: 'Copy' }))
    expect(writeText).toHaveBeenLastCalledWith('One, two, three')
  })

  it('lists safety ratings and the model under an answer', async () => {
    await renderTalk()
    const answer = lastAssistant()
    expect(within(answer).getByText('model-alpha')).toBeTruthy()
    expect(within(answer).getByText('Safety ratings')).toBeTruthy()
    expect(within(answer).getByText('HARM_CATEGORY_HATE_SPEECH: HIGH (blocked)')).toBeTruthy()
  })

  it('does not let history-changing actions run while an answer streams', async () => {
    const { host, user } = await renderTalk()
    await user.type(promptBox(), 'And another?{Enter}')
    await waitFor(() => expect(host.callsTo('chat:send')).toHaveLength(1))
    act(() => host.chat.delta(host.chat.lastStream(), 0, [{ part: 0, type: 'text', append: '…' }]))
    const earlier = screen.getAllByRole('article', { name: 'Assistant message' })[0]
    const regenerate = within(earlier).getByRole('button', { name: 'Regenerate' })
    expect(regenerate.getAttribute('aria-disabled')).toBe('true')
    await user.click(regenerate)
    expect(host.callsTo('chat:send')).toHaveLength(1)
  })
})

describe('presets', () => {
  it('saves the current settings as a preset, applies it to another conversation and deletes it', async () => {
    const { host, user } = await renderTalk()
    await user.type((await openParameters(user)).getByRole('spinbutton', { name: 'temperature' }), '0.3')
    await user.type((await openSettings(user)).getByRole('textbox', { name: 'System instruction' }), 'Be brief.')
    await user.type(inParameters().getByRole('textbox', { name: 'Preset name' }), 'Terse{Enter}')
    await waitFor(() =>
      expect(host.callsTo('chat:save-preset')).toEqual([
        {
          name: 'Terse',
          system: 'Be brief.',
          params: { format: 'chat', params: { temperature: 0.3 } },
          model: 'model-alpha'
        }
      ])
    )
    expect(await inParameters().findByText('Saved preset “Terse”.')).toBeTruthy()

    await user.click(screen.getByRole('button', { name: 'New conversation' }))
    await openedConversation('New conversation')
    expect(
      ((await openSettings(user)).getByRole('textbox', { name: 'System instruction' }) as HTMLTextAreaElement).value
    ).toBe('')
    await user.click(await (await openParameters(user)).findByRole('button', { name: 'Apply' }))
    expect(
      ((await openSettings(user)).getByRole('textbox', { name: 'System instruction' }) as HTMLTextAreaElement).value
    ).toBe('Be brief.')
    expect((inParameters().getByRole('spinbutton', { name: 'temperature' }) as HTMLInputElement).value).toBe('0.3')

    await user.click(inParameters().getByRole('button', { name: 'Delete preset' }))
    await waitFor(() => expect(host.callsTo('chat:delete-preset')).toHaveLength(1))
    expect(await inParameters().findByText('No presets saved yet')).toBeTruthy()
  })

  it('keeps the parameters drawer closed until asked for, and toggles it with the button, its close button and Ctrl+.', async () => {
    const { user } = await renderTalk()
    const toggle = screen.getByRole('button', { name: 'Parameters' })
    expect(toggle.getAttribute('aria-expanded')).toBe('false')
    expect(screen.queryByRole('region', { name: 'Parameters' })).toBeNull()
    expect(toggle.getAttribute('title')).toMatch(/\+\.\)$/)
    await user.click(toggle)
    expect(screen.getByRole('region', { name: 'Parameters' })).toBeTruthy()
    expect(toggle.getAttribute('aria-expanded')).toBe('true')
    await user.click(screen.getByRole('button', { name: 'Close parameters' }))
    expect(screen.queryByRole('region', { name: 'Parameters' })).toBeNull()
    await user.keyboard('{Control>}.{/Control}')
    expect(screen.getByRole('region', { name: 'Parameters' })).toBeTruthy()
    await user.keyboard('{Control>}.{/Control}')
    expect(screen.queryByRole('region', { name: 'Parameters' })).toBeNull()
  })
})
