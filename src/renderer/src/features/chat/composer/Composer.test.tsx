import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { descriptionOf, isInvalid } from '@renderer/testing/a11y'
import {
  inParameters,
  openedConversation,
  openParameters,
  openSettings,
  promptBox,
  sendButton
} from '@renderer/testing/chat'
import { defaultParamsOf } from '@renderer/testing/fake-chat'
import { FakeHost } from '@renderer/testing/fake-host'
import { renderApp, resetApp } from '@renderer/testing/render-app'
import type { ChatFormat } from '@shared/domain/chat'
import { StudioError } from '@shared/errors'

afterEach(resetApp)

async function renderConversation(format: ChatFormat = 'chat') {
  const host = new FakeHost()
  const conversation = host.chat.add({ title: 'Draft', format, params: defaultParamsOf(format) })
  const app = await renderApp({ host })
  await openedConversation('Draft')
  await openParameters(app.user)
  return { ...app, host, conversation }
}

/** Every channel that would start, save or send something. */
const writes = (host: FakeHost) =>
  host.calls.filter((c) =>
    ['chat:send', 'chat:update-conversation', 'chat:create-conversation', 'chat:complete-text'].includes(c.channel)
  )

describe('the composer', () => {
  it('refuses an empty prompt with a visible reason and sends nothing', async () => {
    const { host, user } = await renderConversation()
    expect(sendButton().getAttribute('aria-disabled')).toBe('true')
    // Before the user has typed, an empty box is no problem: the keys hint shows, not a warning.
    expect(descriptionOf(sendButton())).toBe('Enter sends · Shift+Enter adds a line · Esc stops')
    expect(screen.getByText('Enter sends · Shift+Enter adds a line · Esc stops').className).toContain('muted')
    await user.click(sendButton())
    expect(descriptionOf(sendButton())).toBe('Type a message to send.')
    await user.type(promptBox(), '   {Enter}')
    expect(writes(host)).toEqual([])
  })

  it('sends with Enter and with Ctrl+Enter, and Shift+Enter adds a line instead', async () => {
    const { host, user, conversation } = await renderConversation()
    await user.type(promptBox(), 'line one{Shift>}{Enter}{/Shift}line two')
    expect((promptBox() as HTMLTextAreaElement).value).toBe('line one\nline two')
    expect(host.callsTo('chat:send')).toEqual([])
    await user.keyboard('{Control>}{Enter}{/Control}')
    await waitFor(() =>
      expect(host.callsTo('chat:send')).toEqual([{ conversationId: conversation.id, text: 'line one\nline two' }])
    )
  })

  it('shows bad JSON at the field and sends nothing until it is fixed', async () => {
    const { host, user, conversation } = await renderConversation('messages')
    const tools = inParameters().getByRole('textbox', { name: 'tools' })
    await user.click(tools)
    await user.paste('[{"name": "lookup",')
    expect(isInvalid(tools)).toBe(true)
    expect(descriptionOf(tools)).toMatch(/^Not valid JSON: /)
    await user.type(promptBox(), 'Use the tool')
    expect(sendButton().getAttribute('aria-disabled')).toBe('true')
    expect(descriptionOf(sendButton())).toBe('Fix the highlighted parameters first.')
    await user.click(sendButton())
    await user.type(promptBox(), '{Enter}')
    await act(() => new Promise((r) => setTimeout(r, 800)))
    expect(writes(host)).toEqual([])

    await user.clear(tools)
    await user.paste('[{"name": "lookup", "input_schema": {"type": "object"}}]')
    expect(isInvalid(tools)).toBe(false)
    await user.click(sendButton())
    await waitFor(() => expect(host.callsTo('chat:send')).toHaveLength(1))
    expect(host.callsTo('chat:update-conversation')).toContainEqual({
      id: conversation.id,
      params: {
        format: 'messages',
        params: { max_tokens: 4096, tools: '[{"name": "lookup", "input_schema": {"type": "object"}}]' }
      }
    })
  })

  it('shows an out-of-range number at the field and sends nothing', async () => {
    const { host, user } = await renderConversation('chat')
    const temperature = inParameters().getByRole('spinbutton', { name: 'temperature' })
    await user.type(temperature, '3')
    expect(isInvalid(temperature)).toBe(true)
    expect(descriptionOf(temperature)).toContain('Must be from 0 to 2')
    await user.type(promptBox(), 'Hello{Enter}')
    await act(() => new Promise((r) => setTimeout(r, 800)))
    expect(writes(host)).toEqual([])
  })

  it('saves valid parameters under their exact names before sending', async () => {
    const { host, user, conversation } = await renderConversation('content')
    await user.type(inParameters().getByRole('spinbutton', { name: 'topK' }), '40')
    await user.selectOptions(
      inParameters().getByRole('combobox', { name: 'HARM_CATEGORY_HATE_SPEECH' }),
      'BLOCK_ONLY_HIGH'
    )
    await user.click(inParameters().getByRole('checkbox', { name: 'thinkingConfig.includeThoughts' }))
    const stops = inParameters().getByRole('textbox', { name: 'stopSequences' })
    await user.type(stops, 'END{Enter}')
    await user.type(promptBox(), 'Go{Enter}')
    await waitFor(() => expect(host.callsTo('chat:send')).toHaveLength(1))
    const updates = host.callsTo('chat:update-conversation') as { params?: unknown }[]
    expect(updates[updates.length - 1]).toEqual({
      id: conversation.id,
      params: {
        format: 'content',
        params: {
          topK: 40,
          stopSequences: ['END'],
          thinkingConfig: { includeThoughts: true },
          safetySettings: [{ category: 'HARM_CATEGORY_HATE_SPEECH', threshold: 'BLOCK_ONLY_HIGH' }]
        }
      }
    })
    const sendIndex = host.calls.findIndex((c) => c.channel === 'chat:send')
    const updateIndex = host.calls.findLastIndex((c) => c.channel === 'chat:update-conversation')
    expect(updateIndex).toBeLessThan(sendIndex)
  })

  it('shows the messages max_tokens default and offers a system instruction except for completions', async () => {
    const { host, user } = await renderConversation('messages')
    const maxTokens = inParameters().getByRole('spinbutton', { name: 'max_tokens' }) as HTMLInputElement
    expect(maxTokens.value).toBe('4096')
    expect(descriptionOf(maxTokens)).toBe('Default 4096; always sent.')
    expect((await openSettings(user)).getByRole('textbox', { name: 'System instruction' })).toBeTruthy()
    // A started conversation keeps its format (the host refuses params of another format).
    const formats = async () => within((await openSettings(user)).getByRole('radiogroup', { name: 'Format' }))
    expect(((await formats()).getByRole('radio', { name: 'Messages' }) as HTMLInputElement).checked).toBe(true)
    expect(((await formats()).getByRole('radio', { name: 'Legacy completions' }) as HTMLInputElement).disabled).toBe(
      true
    )
    await user.click(screen.getByRole('button', { name: 'New conversation' }))
    await openedConversation('New conversation')
    await user.click((await formats()).getByRole('radio', { name: 'Legacy completions' }))
    expect(screen.queryByRole('textbox', { name: 'System instruction' })).toBeNull()
    expect(
      screen.getByText('Legacy completions have no system instruction: the document is the whole prompt.')
    ).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Attach image' })).toBeNull()
    await user.type(screen.getByRole('textbox', { name: 'Document' }), 'Roses are red')
    await user.click(screen.getByRole('button', { name: 'Continue' }))
    await waitFor(() => expect(host.callsTo('chat:complete-text')).toHaveLength(1))
    expect(host.callsTo('chat:create-conversation')).toEqual([{ format: 'completions', model: 'model-alpha' }])
  })

  it('attaches images through files.upload, shows them as chips and sends their grants', async () => {
    const { host, user, conversation } = await renderConversation('content')
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!
    expect(input.accept).toBe('image/*')
    await user.upload(input, new File(['png-bytes'], 'cat.png', { type: 'image/png' }))
    const chips = await screen.findByRole('list', { name: 'Attachments' })
    await waitFor(() => expect(within(chips).queryByText('Uploading…')).toBeNull())
    expect(within(chips).getByText('cat.png')).toBeTruthy()
    expect(chips.querySelector('img.chat-attachment-thumb')?.getAttribute('src')).toMatch(/^blob:/)
    // A file that is not an image is refused before any upload.
    fireEvent.drop(screen.getByRole('form', { name: 'Message composer' }), {
      dataTransfer: { files: [new File(['x'], 'notes.txt', { type: 'text/plain' })], types: ['Files'] }
    })
    expect(screen.getByText('“notes.txt” is not a PNG, JPEG, WebP or GIF image.')).toBeTruthy()
    expect(host.calls.filter((c) => c.channel === 'files:upload')).toHaveLength(1)
    expect((host.calls.find((c) => c.channel === 'files:upload')?.input as { meta: unknown }).meta).toEqual({
      purpose: 'chat-attachment',
      name: 'cat.png'
    })

    await user.type(promptBox(), 'What is this?{Enter}')
    await waitFor(() => expect(host.callsTo('chat:send')).toHaveLength(1))
    expect(host.callsTo('chat:send')[0]).toEqual({
      conversationId: conversation.id,
      text: 'What is this?',
      attachments: [{ kind: 'file', fileId: expect.any(String), name: 'cat.png', mimeType: 'image/png', bytes: 9 }]
    })
    expect(screen.queryByRole('list', { name: 'Attachments' })).toBeNull()
  })

  it('attaches dropped images and removes a chip on request', async () => {
    const { user } = await renderConversation('chat')
    const form = screen.getByRole('form', { name: 'Message composer' })
    const file = new File(['gif'], 'wave.gif', { type: 'image/gif' })
    fireEvent.drop(form, { dataTransfer: { files: [file], types: ['Files'] } })
    const chips = await screen.findByRole('list', { name: 'Attachments' })
    await user.click(within(chips).getByRole('button', { name: 'Remove wave.gif' }))
    expect(screen.queryByRole('list', { name: 'Attachments' })).toBeNull()
  })

  it('keeps the prompt and shows the host’s error when the first send of a new conversation fails', async () => {
    const host = new FakeHost().on('chat:send', () => {
      throw new StudioError('KEY_MISSING', 'This profile has no API key yet; add it in Settings', { field: 'key' })
    })
    const { user } = await renderApp({ host })
    await openedConversation('New conversation')
    await user.type(promptBox(), 'Hello?{Enter}')
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('The message was not sent: No API key')
    expect(alert.textContent).toContain('This profile has no API key yet; add it in Settings')
    expect((promptBox() as HTMLTextAreaElement).value).toBe('Hello?')
    expect(host.callsTo('chat:create-conversation')).toHaveLength(1)
    await user.type(promptBox(), '{Enter}')
    await waitFor(() => expect(host.callsTo('chat:send')).toHaveLength(2))
    // The conversation made by the first try is reused, not created again.
    expect(host.callsTo('chat:create-conversation')).toHaveLength(1)
  })

  it('attaches a pasted image', async () => {
    await renderConversation('messages')
    fireEvent.paste(promptBox(), { clipboardData: { files: [new File(['jpg'], 'shot.jpg', { type: 'image/jpeg' })] } })
    const chips = await screen.findByRole('list', { name: 'Attachments' })
    expect(within(chips).getByText('shot.jpg')).toBeTruthy()
  })

  it('takes image URLs in the messages format', async () => {
    const { host, user, conversation } = await renderConversation('messages')
    await user.click(screen.getByRole('button', { name: 'Attach by URL' }))
    await user.type(screen.getByRole('textbox', { name: 'Image URL' }), 'not a url')
    await user.click(screen.getByRole('button', { name: 'Add image URL' }))
    expect(screen.getByText('Enter an http(s) address of an image')).toBeTruthy()
    await user.clear(screen.getByRole('textbox', { name: 'Image URL' }))
    await user.type(screen.getByRole('textbox', { name: 'Image URL' }), 'https://example.com/a.png{Enter}')
    await user.type(promptBox(), 'Describe{Enter}')
    await waitFor(() => expect(host.callsTo('chat:send')).toHaveLength(1))
    expect(host.callsTo('chat:send')[0]).toEqual({
      conversationId: conversation.id,
      text: 'Describe',
      attachments: [{ kind: 'url', url: 'https://example.com/a.png' }]
    })
  })
})
