import { QueryClientProvider } from '@tanstack/react-query'
import { act, cleanup, render, screen, waitFor } from '@testing-library/react'
import { I18nextProvider } from 'react-i18next'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createI18n } from '@renderer/i18n'
import { createQueryClient } from '@renderer/lib/query-client'
import { assistantMessage, openedConversation, userMessage } from '@renderer/testing/chat'
import { FakeHost } from '@renderer/testing/fake-host'
import { renderApp, resetApp } from '@renderer/testing/render-app'
import type { ChatMessage } from '@shared/domain/chat'
import { ChatActionsProvider } from '../chat-actions'
import { loadMarkdownEngine } from '../markdown/engine'
import { RenderProbe } from '../markdown/render-probe'
import { resetChatState } from '../reset'
import { dispatchStream } from '../stream-store'
import { MessageList } from './MessageList'

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true
afterEach(() => {
  cleanup()
  resetApp()
  resetChatState()
})

function conversationOf(count: number): ChatMessage[] {
  return Array.from({ length: count }, (_, i) =>
    i % 2 === 0 ? userMessage(`u${i}`, `Question ${i}`) : assistantMessage(`a${i}`, `Answer ${i}`)
  )
}

function renderList(messages: ChatMessage[], probe: ((key: string) => void) | null = null) {
  new FakeHost().install()
  const valid = {
    ok: true as const,
    value: { model: 'm', system: '', params: { format: 'chat' as const, params: {} } }
  }
  return render(
    <I18nextProvider i18n={createI18n('en')}>
      <QueryClientProvider client={createQueryClient()}>
        <ChatActionsProvider conversationId="c1" validation={valid}>
          <RenderProbe.Provider value={probe}>
            <MessageList
              conversationId="c1"
              messages={messages}
              hasOlder={false}
              loadingOlder={false}
              onLoadOlder={() => undefined}
            />
          </RenderProbe.Provider>
        </ChatActionsProvider>
      </QueryClientProvider>
    </I18nextProvider>
  )
}

// Replies render through the lazily loaded parser: load it once, as the first reply does in the app.
beforeAll(async () => {
  await loadMarkdownEngine()
})

describe('the message list', () => {
  it('renders a bounded number of rows for 2,000 messages, newest at the bottom', () => {
    renderList(conversationOf(2000))
    const rows = screen.getAllByRole('article')
    expect(rows.length).toBeGreaterThan(0)
    expect(rows.length).toBeLessThanOrEqual(20)
    expect(rows[rows.length - 1].getAttribute('aria-posinset')).toBe('2000')
    expect(rows[rows.length - 1].getAttribute('aria-setsize')).toBe('2000')
    expect(screen.getByText('Answer 1999')).toBeTruthy()
    expect(screen.queryByText('Question 0')).toBeNull()
    // The spacer above stands in for every row not rendered.
    const spacer = document.querySelector<HTMLElement>('.virtual-spacer')!
    expect(parseFloat(spacer.style.height)).toBeGreaterThan(100_000)
  })

  it('renders only the streaming message’s blocks for a delta', () => {
    const probe = { count: 0 }
    renderList(conversationOf(6), () => (probe.count += 1))
    expect(probe.count).toBe(3)
    probe.count = 0
    const delta = (seq: number, append: string) =>
      act(() =>
        dispatchStream({
          type: 'delta',
          now: 11,
          delta: {
            streamId: 's1',
            conversationId: 'c1',
            messageId: 'live',
            seq,
            ops: [{ part: 0, type: 'text', append }]
          }
        })
      )
    act(() => dispatchStream({ type: 'started', streamId: 's1', conversationId: 'c1', messageId: 'live', now: 10 }))
    delta(0, 'Live')
    delta(1, ' text')
    delta(2, ' grows')
    expect(screen.getAllByRole('article')).toHaveLength(7)
    expect(screen.getByText('Live text grows')).toBeTruthy()
    // Three deltas, three renders of the live tail block; the saved answers did not render again.
    expect(probe.count).toBe(3)
  })
})

describe('a long conversation in the app', () => {
  it('fetches only the newest page and loads older messages on request', async () => {
    const host = new FakeHost()
    const long = host.chat.add({ title: 'Long', messages: conversationOf(2000) })
    const { user } = await renderApp({ host })
    await openedConversation('Long')
    expect(host.callsTo('chat:get-conversation')).toEqual([{ id: long.id, limit: 100 }])
    expect(screen.getAllByRole('article').length).toBeLessThanOrEqual(20)
    await user.click(screen.getByRole('button', { name: 'Load earlier messages' }))
    await waitFor(() =>
      expect(host.callsTo('chat:get-conversation')).toEqual([
        { id: long.id, limit: 100 },
        { id: long.id, limit: 100, beforeIndex: 1900 }
      ])
    )
    await waitFor(() => expect(screen.getAllByRole('article')[0].getAttribute('aria-setsize')).toBe('200'))
  })
})
