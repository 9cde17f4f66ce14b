import { act, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { openedConversation } from '@renderer/testing/chat'
import { defaultParamsOf } from '@renderer/testing/fake-chat'
import { FakeHost } from '@renderer/testing/fake-host'
import { renderApp, resetApp } from '@renderer/testing/render-app'

afterEach(resetApp)

async function renderStory(document: string) {
  const host = new FakeHost()
  const conversation = host.chat.add({
    title: 'Story',
    format: 'completions',
    params: defaultParamsOf('completions'),
    document
  })
  const app = await renderApp({ host })
  await openedConversation('Story')
  return { ...app, host, conversation }
}

const doc = () => screen.getByRole('textbox', { name: 'Document' }) as HTMLTextAreaElement

describe('the legacy completions editor', () => {
  it('continues the document: streamed text is appended in place, marked until done, then part of the document', async () => {
    const { host, user, conversation } = await renderStory('Once upon a time')
    expect(doc().value).toBe('Once upon a time')
    await user.click(screen.getByRole('button', { name: 'Continue' }))
    await waitFor(() =>
      expect(host.callsTo('chat:complete-text')).toEqual([
        { conversationId: conversation.id, document: 'Once upon a time' }
      ])
    )
    const stream = host.chat.lastStream()

    act(() => host.chat.delta(stream, 0, [{ part: 0, type: 'text', append: ' there was' }]))
    await waitFor(() => expect(doc().tagName).toBe('DIV'))
    expect(doc().textContent).toBe('Once upon a time there was')
    expect(doc().querySelector('mark.completion-live')?.textContent).toBe(' there was')
    expect(screen.getByRole('button', { name: 'Stop' })).toBeTruthy()

    act(() => host.chat.delta(stream, 1, [{ part: 0, type: 'text', append: ' a fox.' }]))
    await waitFor(() => expect(doc().querySelector('mark.completion-live')?.textContent).toBe(' there was a fox.'))

    act(() => void host.chat.end(stream, 'complete', { finishReason: 'stop' }))
    await waitFor(() => expect(doc().tagName).toBe('TEXTAREA'))
    expect(doc().value).toBe('Once upon a time there was a fox.')
    expect(screen.getByText('Finish: stop')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Continue' })).toBeTruthy()
  })

  it('keeps what arrived when stopped, and saves typing after a pause', async () => {
    const { host, user, conversation } = await renderStory('Dear diary,')
    await user.click(screen.getByRole('button', { name: 'Continue' }))
    await waitFor(() => expect(host.callsTo('chat:complete-text')).toHaveLength(1))
    const stream = host.chat.lastStream()
    act(() => host.chat.delta(stream, 0, [{ part: 0, type: 'text', append: ' today' }]))
    await user.click(await screen.findByRole('button', { name: 'Stop' }))
    expect(host.callsTo('chat:stop')).toEqual([{ streamId: stream.streamId }])
    act(() => void host.chat.end(stream, 'cancelled'))
    await waitFor(() => expect(doc().value).toBe('Dear diary, today'))
    expect(screen.getByText('Stopped')).toBeTruthy()

    await user.type(doc(), ' I')
    await waitFor(
      () =>
        expect(host.callsTo('chat:update-conversation')).toContainEqual({
          id: conversation.id,
          document: 'Dear diary, today I'
        }),
      { timeout: 3000 }
    )
  })

  it('refuses to continue an empty document', async () => {
    const { host, user } = await renderStory('')
    const button = screen.getByRole('button', { name: 'Continue' })
    expect(button.getAttribute('aria-disabled')).toBe('true')
    await user.click(button)
    expect(host.callsTo('chat:complete-text')).toEqual([])
    expect(screen.getByText('Write some text to continue.')).toBeTruthy()
  })
})
