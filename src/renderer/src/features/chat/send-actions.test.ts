import { QueryClient } from '@tanstack/react-query'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { sendMessage, sendToolResults } from './send-actions'
import { resetStreamStore } from './stream-store'

const calls: string[] = []

vi.mock('./markdown/engine', () => ({
  loadMarkdownEngine: vi.fn(() => {
    calls.push('load markdown engine')
    return Promise.resolve({})
  })
}))

vi.mock('@renderer/lib/studio', () => ({
  studio: {
    chat: {
      send: vi.fn(async () => {
        calls.push('send')
        return { streamId: 's1', assistantMessageId: 'a1', userMessageId: 'u1' }
      }),
      sendToolResults: vi.fn(async () => {
        calls.push('send tool results')
        return { streamId: 's2', assistantMessageId: 'a2', userMessageId: 'u2' }
      })
    }
  }
}))

vi.mock('./settings/use-settings', () => ({ saveSettingsIfChanged: vi.fn(async () => true) }))

afterEach(() => {
  calls.length = 0
  resetStreamStore()
})

const target = { conversationId: 'c1', settings: { model: 'm', system: '', params: {} } } as unknown as Parameters<
  typeof sendMessage
>[1]

describe('starting an answer loads the markdown engine while the request travels (first reply after launch)', () => {
  it('on Send, before the host is asked', async () => {
    await sendMessage(new QueryClient(), target, { text: 'hello' })
    expect(calls).toEqual(['load markdown engine', 'send'])
  })

  it('on answering tool calls', async () => {
    await sendToolResults(new QueryClient(), target, {
      answerId: 'a1',
      results: [{ part: 0, content: 'ok' }],
      shown: []
    })
    expect(calls).toEqual(['load markdown engine', 'send tool results'])
  })
})
