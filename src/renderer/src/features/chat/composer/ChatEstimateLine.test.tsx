import { screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { openedConversation, promptBox, sendButton } from '@renderer/testing/chat'
import { FakeHost } from '@renderer/testing/fake-host'
import { renderApp, resetApp } from '@renderer/testing/render-app'
import type { ChatMessage } from '@shared/domain/chat'
import { promptTokens } from '@shared/domain/chat-estimate'

afterEach(resetApp)

const message = (role: ChatMessage['role'], text: string, i: number): ChatMessage => ({
  id: `m${i}`,
  role,
  parts: [{ type: 'text', text }],
  createdAt: i,
  status: 'complete'
})
const estimateLine = () => screen.getByTestId('chat-estimate')

describe('the chat composer’s estimate', () => {
  it('prices the prompt and the history it carries by the model’s measured answers per token', async () => {
    const host = new FakeHost()
    // Two measured answers of the model: 1 and 2 units a token; the usual answer adds 10 tokens.
    host.balance.chatSamples = [
      { cost: 100, input: 90, output: 10, total: 100 },
      { cost: 400, input: 190, output: 10, total: 200 }
    ]
    const history = ['a'.repeat(40), 'b'.repeat(80)]
    host.chat.add({ title: 'Priced', messages: history.map((t, i) => message(i % 2 ? 'assistant' : 'user', t, i)) })
    const { user } = await renderApp({ host })
    await openedConversation('Priced')
    await user.type(promptBox(), 'abcdefgh')
    const tokens = promptTokens('abcdefgh', history) + 10
    const rate = 500 / 300
    await waitFor(() =>
      expect(estimateLine().textContent).toBe(
        `Estimated cost: about ${Math.round(rate * tokens)} for ~${tokens} tokens (range ${tokens}–${2 * tokens}, from 2 answers)`
      )
    )
    expect(estimateLine().dataset.known).toBe('true')
    const asked = host.callsTo('balance:chat-estimate').at(-1)
    expect(asked).toEqual({ model: 'model-alpha', inputTokens: promptTokens('abcdefgh', history) })
  })

  it('says there is no history yet, and never holds the send back', async () => {
    const host = new FakeHost()
    host.chat.add({ title: 'Fresh' })
    const { user } = await renderApp({ host })
    await openedConversation('Fresh')
    await user.type(promptBox(), 'hello there')
    await waitFor(() =>
      expect(estimateLine().textContent).toBe(
        `Estimated cost: no estimate yet: no history for this model (~${promptTokens('hello there')} tokens)`
      )
    )
    expect(sendButton().getAttribute('aria-disabled')).toBeNull()
    await user.click(sendButton())
    await waitFor(() => expect(host.callsTo('chat:send')).toHaveLength(1))
  })
})
