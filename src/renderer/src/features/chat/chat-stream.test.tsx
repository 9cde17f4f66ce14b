import { act, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { assistantMessage, lastAssistant, openedConversation, promptBox, userMessage } from '@renderer/testing/chat'
import { FakeHost } from '@renderer/testing/fake-host'
import { renderApp, resetApp } from '@renderer/testing/render-app'
import type { StudioErrorData } from '@shared/errors'
import { loadMarkdownEngine } from './markdown/engine'

afterEach(resetApp)

const text = (append: string, part = 0) => ({ part, type: 'text' as const, append })

async function chatWithOneConversation() {
  const host = new FakeHost()
  const conversation = host.chat.add({
    title: 'Trip plans',
    messages: [userMessage('u0', 'Earlier question'), assistantMessage('a0', 'Earlier answer')]
  })
  const app = await renderApp({ host })
  await openedConversation('Trip plans')
  return { ...app, host, conversation }
}

async function sendPrompt(user: Awaited<ReturnType<typeof chatWithOneConversation>>['user'], prompt: string) {
  await user.type(promptBox(), `${prompt}{Enter}`)
}

// Replies render through the lazily loaded parser: load it once, as the first reply does in the app.
beforeAll(async () => {
  await loadMarkdownEngine()
})

describe('sending and streaming', () => {
  it('sends the prompt, streams the answer into one message, and replaces it with the saved one at the end', async () => {
    const { host, user, conversation } = await chatWithOneConversation()
    await sendPrompt(user, 'Plan a day in Kyoto')
    await waitFor(() =>
      expect(host.callsTo('chat:send')).toEqual([{ conversationId: conversation.id, text: 'Plan a day in Kyoto' }])
    )
    expect((promptBox() as HTMLTextAreaElement).value).toBe('')
    const stream = host.chat.lastStream()

    act(() => host.chat.delta(stream, 0, [text('# Morning\n\nVisit ')]))
    const answer = lastAssistant()
    await waitFor(() => expect(within(answer).getByText('Streaming…')).toBeTruthy())
    expect(screen.getByRole('button', { name: 'Stop' })).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Send' })).toBeNull()
    expect(within(answer).getByRole('heading', { name: 'Morning' })).toBeTruthy()

    act(() => host.chat.delta(stream, 1, [text('**Fushimi Inari** early.')]))
    await waitFor(() => expect(within(answer).getByText('Fushimi Inari').tagName).toBe('STRONG'))
    const users = screen.getAllByRole('article', { name: 'User message' })
    expect(users.map((a) => a.querySelector('.chat-user-text')?.textContent)).toEqual([
      'Earlier question',
      'Plan a day in Kyoto'
    ])

    act(
      () =>
        void host.chat.end(stream, 'complete', { finishReason: 'stop', usage: { input: 12, output: 30, total: 42 } })
    )
    await waitFor(() => expect(within(lastAssistant()).queryByText('Streaming…')).toBeNull())
    const done = lastAssistant()
    expect(within(done).getByText('Finish: stop')).toBeTruthy()
    expect(within(done).getByText('Tokens: 12 in · 30 out · 42 total')).toBeTruthy()
    expect(within(done).getByText('Fushimi Inari')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Send' })).toBeTruthy()
    expect(screen.getAllByRole('status').some((s) => s.textContent === 'The answer is complete.')).toBe(true)
  })

  it('applies deltas in seq order when they arrive out of order', async () => {
    const { host, user } = await chatWithOneConversation()
    await sendPrompt(user, 'Count')
    await waitFor(() => expect(host.callsTo('chat:send')).toHaveLength(1))
    const stream = host.chat.lastStream()
    act(() => {
      host.chat.delta(stream, 0, [text('one ')])
      host.chat.delta(stream, 2, [text('three')])
      host.chat.delta(stream, 1, [text('two ')])
    })
    await waitFor(() => expect(within(lastAssistant()).getByText('one two three')).toBeTruthy())
  })

  it('stops with the Stop button and with Escape, and marks the answer Stopped', async () => {
    const { host, user } = await chatWithOneConversation()
    await sendPrompt(user, 'Write a long story')
    await waitFor(() => expect(host.callsTo('chat:send')).toHaveLength(1))
    const stream = host.chat.lastStream()
    act(() => host.chat.delta(stream, 0, [text('Once')]))
    await user.click(await screen.findByRole('button', { name: 'Stop' }))
    expect(host.callsTo('chat:stop')).toEqual([{ streamId: stream.streamId }])
    promptBox().focus()
    await user.keyboard('{Escape}')
    expect(host.callsTo('chat:stop')).toEqual([{ streamId: stream.streamId }, { streamId: stream.streamId }])

    act(() => void host.chat.end(stream, 'cancelled'))
    const answer = lastAssistant()
    await waitFor(() => expect(within(answer).getByText('Stopped')).toBeTruthy())
    expect(within(answer).getByText('Once')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Stop' })).toBeNull()
  })

  it('shows an answer cut short as Incomplete and regenerates it on request', async () => {
    const { host, user, conversation } = await chatWithOneConversation()
    await sendPrompt(user, 'Explain tides')
    await waitFor(() => expect(host.callsTo('chat:send')).toHaveLength(1))
    const stream = host.chat.lastStream()
    act(() => host.chat.delta(stream, 0, [text('The moon')]))
    act(
      () =>
        void host.chat.end(stream, 'incomplete', {
          error: { code: 'STREAM_INCOMPLETE', message: 'The stream ended early', retryable: true }
        })
    )
    const answer = lastAssistant()
    await waitFor(() => expect(within(answer).getByText('Incomplete')).toBeTruthy())
    expect(within(answer).getByText('— the stream ended early')).toBeTruthy()
    expect(within(answer).getByText('The moon')).toBeTruthy()

    await user.click(within(answer).getByRole('button', { name: 'Regenerate' }))
    await waitFor(() => expect(host.callsTo('chat:send')).toHaveLength(2))
    expect(host.callsTo('chat:send')[1]).toEqual({
      conversationId: conversation.id,
      text: '',
      regenerate: stream.messageId
    })
    const again = host.chat.lastStream()
    act(() => host.chat.delta(again, 0, [text('Gravity pulls')]))
    await waitFor(() => expect(within(lastAssistant()).getByText('Gravity pulls')).toBeTruthy())
    expect(screen.queryByText('Incomplete')).toBeNull()
  })

  it.each<[string, StudioErrorData, string]>([
    [
      'a refused key',
      { code: 'UNAUTHORIZED', status: 401, message: 'Invalid token (request id: 1)', retryable: false },
      'The gateway rejected the API key (401)'
    ],
    [
      'no quota',
      { code: 'INSUFFICIENT_QUOTA', status: 403, message: 'Quota exhausted', retryable: false },
      'Quota exhausted or not allowed (403)'
    ],
    [
      'a rate limit',
      { code: 'RATE_LIMITED', status: 429, message: 'Slow down', retryable: true, details: { retryAfterMs: 3000 } },
      'Rate limited (429)'
    ],
    [
      'an unavailable model',
      { code: 'MODEL_UNAVAILABLE', status: 503, message: 'No channel for model-alpha', retryable: true },
      'The model is unavailable (503)'
    ]
  ])('titles an answer that failed with %s and shows the host’s precise message', async (_case, error, title) => {
    const { host, user } = await chatWithOneConversation()
    await sendPrompt(user, 'Hi')
    await waitFor(() => expect(host.callsTo('chat:send')).toHaveLength(1))
    act(() => void host.chat.end(host.chat.lastStream(), 'error', { text: '', error }))
    const alert = await within(lastAssistant()).findByRole('alert')
    expect(within(alert).getByText(title)).toBeTruthy()
    expect(within(alert).getByText(error.message)).toBeTruthy()
    if (error.code === 'RATE_LIMITED') expect(within(alert).getByText('Try again in 3 s.')).toBeTruthy()
  })

  it('titles an error after text arrived as a mid-stream failure and keeps the partial text', async () => {
    const { host, user } = await chatWithOneConversation()
    await sendPrompt(user, 'Hi')
    await waitFor(() => expect(host.callsTo('chat:send')).toHaveLength(1))
    const stream = host.chat.lastStream()
    act(() => host.chat.delta(stream, 0, [text('Partial answer')]))
    act(
      () =>
        void host.chat.end(stream, 'error', {
          error: { code: 'GATEWAY_ERROR', message: 'upstream reset', retryable: true }
        })
    )
    const alert = await within(lastAssistant()).findByRole('alert')
    expect(within(alert).getByText('The stream failed part-way')).toBeTruthy()
    expect(within(lastAssistant()).getByText('Partial answer')).toBeTruthy()
  })

  it('shows thinking collapsed once the answer starts, and tool calls as pretty JSON', async () => {
    const { host, user } = await chatWithOneConversation()
    await sendPrompt(user, 'Weather?')
    await waitFor(() => expect(host.callsTo('chat:send')).toHaveLength(1))
    const stream = host.chat.lastStream()
    act(() => host.chat.delta(stream, 0, [{ part: 0, type: 'thinking', append: 'Need the forecast' }]))
    const answer = lastAssistant()
    const toggle = await within(answer).findByRole('button', { name: /Thinking/ })
    expect(toggle.getAttribute('aria-expanded')).toBe('true')
    expect(within(answer).getByText('Need the forecast')).toBeTruthy()

    act(() => host.chat.delta(stream, 1, [{ part: 1, type: 'tool_call', name: 'get_weather', append: '{"city":' }]))
    await waitFor(() => expect(within(answer).getByText('Tool call: get_weather')).toBeTruthy())
    expect(within(answer).getByText('Arguments still arriving…')).toBeTruthy()
    expect(toggle.getAttribute('aria-expanded')).toBe('false')
    expect(within(answer).queryByText('Need the forecast')).toBeNull()

    act(() => host.chat.delta(stream, 2, [{ part: 1, type: 'tool_call', append: '"Kyoto"}' }]))
    await waitFor(() => expect(answer.querySelector('.md-code-body')?.textContent).toBe('{\n  "city": "Kyoto"\n}'))
    await user.click(toggle)
    expect(within(answer).getByText('Need the forecast')).toBeTruthy()
  })
})
