import { describe, expect, it } from 'vitest'
import type { ChatMessage } from '@shared/domain/chat'
import {
  MAX_HELD_DELTAS,
  activeStreamIdOf,
  emptyStreamState,
  liveIdsOf,
  streamReducer,
  textOf,
  type StreamAction,
  type StreamDelta,
  type StreamState
} from './stream-reducer'

const base = { streamId: 's1', conversationId: 'c1', messageId: 'm1' }
const delta = (seq: number, ops: StreamDelta['ops'], extra: Partial<StreamDelta> = {}): StreamAction => ({
  type: 'delta',
  now: 1000,
  delta: { ...base, seq, ops, ...extra }
})
const text = (part: number, append: string) => ({ part, type: 'text' as const, append })
const run = (...actions: StreamAction[]): StreamState => actions.reduce(streamReducer, emptyStreamState)
const started: StreamAction = { type: 'started', ...base, now: 500 }

function saved(overrides: Partial<ChatMessage> = {}): ChatMessage {
  return {
    id: 'm1',
    role: 'assistant',
    parts: [{ type: 'text', text: 'Hello world' }],
    createdAt: 900,
    status: 'complete',
    finishReason: 'stop',
    ...overrides
  }
}

describe('the stream reducer', () => {
  it('starts an empty streaming assistant message', () => {
    const s = run(started)
    expect(s.messages.m1).toMatchObject({
      role: 'assistant',
      status: 'streaming',
      parts: [],
      conversationId: 'c1',
      streamId: 's1'
    })
    expect(activeStreamIdOf(s, 'c1')).toBe('s1')
  })

  it('appends each op to its part, in order', () => {
    const s = run(started, delta(0, [text(0, 'Hel')]), delta(1, [text(0, 'lo')]), delta(2, [text(0, ' world')]))
    expect(s.messages.m1.parts).toEqual([{ type: 'text', text: 'Hello world' }])
  })

  it('starts a new part at a new index and keeps parts of different kinds apart', () => {
    const s = run(
      started,
      delta(0, [{ part: 0, type: 'thinking', append: 'Let me think' }]),
      delta(1, [{ part: 0, type: 'thinking', append: '…' }, text(1, 'Answer')]),
      delta(2, [{ part: 2, type: 'tool_call', append: '{"q":', name: 'search', id: 't1' }]),
      delta(3, [{ part: 2, type: 'tool_call', append: '"x"}' }])
    )
    expect(s.messages.m1.parts).toEqual([
      { type: 'thinking', text: 'Let me think…' },
      { type: 'text', text: 'Answer' },
      { type: 'tool_call', id: 't1', name: 'search', input: '{"q":"x"}' }
    ])
  })

  it('copies only the touched message: other messages keep their identity', () => {
    const other: StreamAction = { type: 'started', streamId: 's2', conversationId: 'c1', messageId: 'm2', now: 600 }
    const before = run(started, other, delta(0, [text(0, 'a')]))
    const after = streamReducer(before, delta(1, [text(0, 'b')]))
    expect(after.messages.m2).toBe(before.messages.m2)
    expect(after.messages.m1).not.toBe(before.messages.m1)
  })

  it('applies deltas in seq order even when they arrive out of order', () => {
    const s = run(
      started,
      delta(0, [text(0, 'A')]),
      delta(2, [text(0, 'C')]),
      delta(3, [text(0, 'D')]),
      delta(1, [text(0, 'B')])
    )
    expect(textOf(s.messages.m1)).toBe('ABCD')
    expect(s.cursors.m1.held).toEqual([])
    expect(s.cursors.m1.nextSeq).toBe(4)
  })

  it('drops duplicate and stale deltas', () => {
    const s = run(
      started,
      delta(0, [text(0, 'A')]),
      delta(1, [text(0, 'B')]),
      delta(1, [text(0, 'B')]),
      delta(0, [text(0, 'A')])
    )
    expect(textOf(s.messages.m1)).toBe('AB')
  })

  it('gives up waiting for a lost delta after holding too many', () => {
    const later = Array.from({ length: MAX_HELD_DELTAS + 1 }, (_, i) =>
      delta(i + 2, [text(0, String.fromCharCode(67 + (i % 20)))])
    )
    const s = run(started, delta(0, [text(0, 'A')]), ...later)
    expect(textOf(s.messages.m1).startsWith('AC')).toBe(true)
    expect(s.cursors.m1.held).toEqual([])
  })

  it('creates the message from a delta that beats the invoke answer, and the late "started" keeps its text', () => {
    const s = run(delta(0, [text(0, 'early')]), started)
    expect(textOf(s.messages.m1)).toBe('early')
    expect(s.messages.m1.status).toBe('streaming')
  })

  it('records usage, finish reason and safety ratings from deltas', () => {
    const s = run(
      started,
      delta(0, [text(0, 'x')], {
        usage: { input: 3, output: 1 },
        finishReason: 'STOP',
        safetyRatings: [{ category: 'HARM_CATEGORY_HARASSMENT', probability: 'NEGLIGIBLE' }]
      })
    )
    expect(s.messages.m1).toMatchObject({
      usage: { input: 3, output: 1 },
      finishReason: 'STOP',
      safetyRatings: [{ probability: 'NEGLIGIBLE' }]
    })
  })

  it('replaces the live message with the saved one when the stream ends, and forgets the cursor', () => {
    const s = run(started, delta(0, [text(0, 'Hello wor')]), {
      type: 'ended',
      ended: { ...base, status: 'complete', message: saved() }
    })
    expect(s.messages.m1).toMatchObject({ status: 'complete', finishReason: 'stop', createdAt: 500 })
    expect(textOf(s.messages.m1)).toBe('Hello world')
    expect(s.cursors.m1).toBeUndefined()
    expect(activeStreamIdOf(s, 'c1')).toBeUndefined()
  })

  it('keeps the ended status and error even when the saved message says otherwise', () => {
    const error = { code: 'STREAM_INCOMPLETE' as const, message: 'The stream ended early', retryable: true }
    const s = run(started, {
      type: 'ended',
      ended: { ...base, status: 'incomplete', error, message: saved({ status: 'streaming' }) }
    })
    expect(s.messages.m1.status).toBe('incomplete')
    expect(s.messages.m1.error).toEqual(error)
  })

  it('ignores deltas of a stream that already ended', () => {
    const ended = run(started, { type: 'ended', ended: { ...base, status: 'complete', message: saved() } })
    expect(streamReducer(ended, delta(5, [text(0, 'late')]))).toBe(ended)
  })

  it('restarts a finished message when a new stream writes to it (regenerate)', () => {
    const ended = run(started, delta(0, [text(0, 'old')]), {
      type: 'ended',
      ended: { ...base, status: 'incomplete', message: saved({ parts: [{ type: 'text', text: 'old' }] }) }
    })
    const s = streamReducer(ended, {
      type: 'delta',
      now: 2000,
      delta: { ...base, streamId: 's9', seq: 0, ops: [text(0, 'new')] }
    })
    expect(textOf(s.messages.m1)).toBe('new')
    expect(s.messages.m1.status).toBe('streaming')
    expect(activeStreamIdOf(s, 'c1')).toBe('s9')
  })

  it('orders an optimistic user message before the answer it asked for', () => {
    const user: ChatMessage = {
      id: 'u1',
      role: 'user',
      parts: [{ type: 'text', text: 'Hi' }],
      createdAt: 9999,
      status: 'complete'
    }
    const s = run(started, { type: 'user-sent', conversationId: 'c1', message: user, beforeId: 'm1' })
    expect(liveIdsOf(s, 'c1')).toEqual(['u1', 'm1'])
  })

  it('forgets finished messages of a conversation but keeps one still streaming', () => {
    const other: StreamAction = { type: 'started', streamId: 's2', conversationId: 'c1', messageId: 'm2', now: 600 }
    const s = run(started, { type: 'ended', ended: { ...base, status: 'complete', message: saved() } }, other, {
      type: 'forget',
      conversationId: 'c1'
    })
    expect(Object.keys(s.messages)).toEqual(['m2'])
  })
})
