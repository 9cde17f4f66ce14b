import { act, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { lastAssistant, openedConversation, userMessage } from '@renderer/testing/chat'
import { FakeHost } from '@renderer/testing/fake-host'
import { renderApp, resetApp } from '@renderer/testing/render-app'
import type { ChatMessage } from '@shared/domain/chat'
import { resetChatState } from '../reset'

afterEach(() => {
  resetApp()
  resetChatState()
})

const twoCalls = (format: ChatMessage['format'] = 'messages'): ChatMessage => ({
  id: 'a1',
  role: 'assistant',
  parts: [
    { type: 'text', text: 'Let me check.' },
    { type: 'tool_call', id: 'toolu_1', name: 'get_weather', input: '{"city":"Paris"}' },
    { type: 'tool_call', id: 'toolu_2', name: 'get_time', input: '{"tz":"CET"}' }
  ],
  createdAt: 2,
  status: 'complete',
  format
})

async function renderCalls(answer: ChatMessage, format: 'messages' | 'content' = 'messages') {
  const host = new FakeHost()
  const conversation = host.chat.add({
    title: 'Tools',
    format,
    messages: [userMessage('u1', 'Weather and time?'), answer]
  })
  const app = await renderApp({ host })
  await openedConversation('Tools')
  return { ...app, host, conversation }
}

const card = (name: string) => within(lastAssistant()).getByRole('group', { name: `Tool call: ${name}` })

describe('answering tool calls', () => {
  it('shows one card per call with its pretty arguments and a labelled result editor', async () => {
    await renderCalls(twoCalls())
    const weather = card('get_weather')
    expect(weather.textContent).toContain('"city": "Paris"')
    expect(within(weather).getByRole('textbox', { name: 'Result of get_weather (JSON)' })).toBeTruthy()
    expect(within(card('get_time')).getByRole('textbox', { name: 'Result of get_time (JSON)' })).toBeTruthy()
    expect(screen.getByRole('form', { name: 'Answer the tool calls' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Send 2 results' })).toBeTruthy()
  })

  it('refuses invalid JSON and a missing result with a message at each editor, and sends nothing', async () => {
    const { host, user } = await renderCalls(twoCalls())
    const weather = within(card('get_weather')).getByRole('textbox')
    await user.type(weather, '{{"sky": clear}')
    await user.click(screen.getByRole('button', { name: 'Send 2 results' }))
    expect(weather.getAttribute('aria-invalid')).toBe('true')
    expect(weather.getAttribute('aria-describedby')).toBeTruthy()
    expect(
      within(card('get_weather')).getByText(/^Not valid JSON: .+ Fix it, or send it as plain text\.$/)
    ).toBeTruthy()
    expect(within(card('get_time')).getByText('Type the result of get_time, or send it as plain text.')).toBeTruthy()
    // The first result to fix gets the focus.
    expect(document.activeElement).toBe(weather)
    expect(host.callsTo('chat:send-tool-results')).toEqual([])
  })

  it('sends every result together by Ctrl+Enter, a plain-text one as a string, and shows them as the next turn', async () => {
    const { host, user, conversation } = await renderCalls(twoCalls())
    const weather = within(card('get_weather')).getByRole('textbox')
    await user.click(weather)
    await user.paste('{"sky": "clear", "c": 21}')
    expect(screen.getByText('1 of 2 ready')).toBeTruthy()
    await user.click(within(card('get_time')).getByRole('checkbox', { name: 'Send as plain text' }))
    const time = within(card('get_time')).getByRole('textbox', { name: 'Result of get_time (plain text)' })
    await user.type(time, '14:05 CET')
    await user.keyboard('{Control>}{Enter}{/Control}')
    await waitFor(() =>
      expect(host.callsTo('chat:send-tool-results')).toEqual([
        {
          conversationId: conversation.id,
          answerId: 'a1',
          results: [
            { part: 1, content: '{"sky": "clear", "c": 21}' },
            { part: 2, content: '14:05 CET', plain: true }
          ]
        }
      ])
    )
    const turn = await screen.findByRole('group', { name: 'Result of get_weather' })
    expect(turn.textContent).toContain('"sky": "clear"')
    expect(screen.getByRole('group', { name: 'Result of get_time' }).textContent).toContain('14:05 CET')
    // The answered calls stay on the page, without editors; the next answer streams below.
    expect(screen.queryByRole('form', { name: 'Answer the tool calls' })).toBeNull()
    act(() => host.chat.delta(host.chat.lastStream(), 0, [{ part: 0, type: 'text', append: 'Clear and 21 °C.' }]))
    await waitFor(() => expect(within(lastAssistant()).getByText('Clear and 21 °C.')).toBeTruthy())
  })

  it('says how the content format wraps a result that is not an object', async () => {
    await renderCalls(twoCalls('content'), 'content')
    expect(within(card('get_weather')).getByText(/any other result is sent as \{"result": …\}/)).toBeTruthy()
  })

  it('offers no editor for calls that were answered or for an answer that did not finish', async () => {
    const answered = twoCalls()
    const results: ChatMessage = {
      id: 'u2',
      role: 'user',
      parts: [
        { type: 'tool_result', id: 'toolu_1', name: 'get_weather', content: '{"sky":"clear"}' },
        { type: 'tool_result', id: 'toolu_2', name: 'get_time', content: '"14:05"' }
      ],
      createdAt: 3,
      status: 'complete'
    }
    const host = new FakeHost()
    host.chat.add({
      title: 'Done',
      format: 'messages',
      messages: [userMessage('u1', 'Weather?'), answered, results, { ...twoCalls(), id: 'a2', status: 'incomplete' }]
    })
    await renderApp({ host })
    await openedConversation('Done')
    expect(screen.queryByRole('form', { name: 'Answer the tool calls' })).toBeNull()
    expect(screen.getAllByRole('group', { name: 'Tool call: get_weather' })).toHaveLength(2)
    expect(screen.getByRole('group', { name: 'Result of get_time' }).textContent).toContain('14:05')
    // A turn of results cannot be edited as text.
    const resultTurn = screen.getAllByRole('article', { name: 'User message' })[1]
    expect(within(resultTurn).queryByRole('button', { name: 'Edit' })).toBeNull()
  })
})
