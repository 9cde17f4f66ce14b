/**
 * Folds the host's stream events into live messages, keyed by message id. Pure: the zustand store
 * (stream-store.ts) only holds the result, so every rule here is unit-tested without React.
 *
 * Why the shape: a delta touches exactly one message object and, inside it, only the parts its ops
 * name; text is appended (`a + b`, which V8 keeps as a rope) and never deep-copied, so per-delta work
 * is proportional to the delta, not to the message (peer apps froze by cloning the whole message per
 * chunk). Components select `messages[id]`, so only the streaming message re-renders.
 */
import type { Events } from '@shared/contract'
import type { EventPayload } from '@shared/contract-kit'
import type { ChatMessage, MessagePart, StreamOp } from '@shared/domain/chat'

export type StreamDelta = EventPayload<Events, 'chat:stream-delta'>
export type StreamEnded = EventPayload<Events, 'chat:stream-ended'>

/** A message as the UI shows it, with the conversation it belongs to and the stream that last wrote it. */
export type LiveMessage = ChatMessage & { conversationId: string; streamId?: string }

/** Where a stream stands: the next `seq` we expect and deltas that arrived ahead of it. */
export interface StreamCursor {
  streamId: string
  nextSeq: number | null
  held: readonly StreamDelta[]
}

export interface StreamState {
  messages: Readonly<Record<string, LiveMessage>>
  /** By message id; present only while that message streams. */
  cursors: Readonly<Record<string, StreamCursor>>
}

export type StreamAction =
  | { type: 'started'; streamId: string; conversationId: string; messageId: string; now: number }
  | { type: 'user-sent'; conversationId: string; message: ChatMessage; beforeId?: string }
  | { type: 'delta'; delta: StreamDelta; now: number }
  | { type: 'ended'; ended: StreamEnded }
  /** Drops finished messages of a conversation (on leaving it, or before an edit rewrites its history). */
  | { type: 'forget'; conversationId: string }

/** How many out-of-order deltas we hold before giving up on a missing one (the final message repairs any gap). */
export const MAX_HELD_DELTAS = 32

export const emptyStreamState: StreamState = { messages: {}, cursors: {} }

function freshAssistant(messageId: string, conversationId: string, streamId: string, now: number): LiveMessage {
  return { id: messageId, role: 'assistant', parts: [], createdAt: now, status: 'streaming', conversationId, streamId }
}

function newPart(op: StreamOp): MessagePart {
  if (op.type === 'tool_call') return { type: 'tool_call', id: op.id, name: op.name ?? '', input: op.append }
  return { type: op.type, text: op.append }
}

function appendToPart(part: MessagePart, op: StreamOp): MessagePart {
  if (part.type === 'tool_call' && op.type === 'tool_call') {
    return { ...part, input: part.input + op.append, name: op.name ?? part.name, id: op.id ?? part.id }
  }
  if ((part.type === 'text' || part.type === 'thinking') && part.type === op.type)
    return { ...part, text: part.text + op.append }
  // A different kind at a known index: the host started a new part there; trust the newest word.
  return newPart(op)
}

/** Applies one delta's ops; copies the parts array (a handful of entries), never the text in them. */
export function applyOps(message: LiveMessage, delta: StreamDelta): LiveMessage {
  const parts = message.parts.slice()
  for (const op of delta.ops) {
    while (parts.length < op.part) parts.push({ type: 'text', text: '' })
    const existing = parts[op.part]
    parts[op.part] = existing ? appendToPart(existing, op) : newPart(op)
  }
  const next: LiveMessage = { ...message, parts }
  if (delta.usage) next.usage = delta.usage
  if (delta.finishReason !== undefined) next.finishReason = delta.finishReason
  if (delta.safetyRatings) next.safetyRatings = delta.safetyRatings
  return next
}

function withMessage(state: StreamState, message: LiveMessage, cursor: StreamCursor | null): StreamState {
  const cursors = { ...state.cursors }
  if (cursor) cursors[message.id] = cursor
  else delete cursors[message.id]
  return { messages: { ...state.messages, [message.id]: message }, cursors }
}

/** Applies `delta` and any held successors, in `seq` order; duplicates and stale deltas are dropped. */
function foldInOrder(message: LiveMessage, cursor: StreamCursor, delta: StreamDelta): [LiveMessage, StreamCursor] {
  if (cursor.nextSeq !== null && delta.seq < cursor.nextSeq) return [message, cursor]
  if (cursor.nextSeq !== null && delta.seq > cursor.nextSeq) {
    if (cursor.held.some((d) => d.seq === delta.seq)) return [message, cursor]
    const held = [...cursor.held, delta].sort((a, b) => a.seq - b.seq)
    if (held.length <= MAX_HELD_DELTAS) return [message, { ...cursor, held }]
    // The missing delta is not coming: show what we have; `chat:stream-ended` brings the full text.
    return [held.reduce(applyOps, message), { ...cursor, held: [], nextSeq: held[held.length - 1].seq + 1 }]
  }
  let current = applyOps(message, delta)
  let nextSeq = delta.seq + 1
  let held = cursor.held
  while (held.length > 0 && held[0].seq <= nextSeq) {
    if (held[0].seq === nextSeq) {
      current = applyOps(current, held[0])
      nextSeq += 1
    }
    held = held.slice(1)
  }
  return [current, { ...cursor, nextSeq, held }]
}

function onDelta(state: StreamState, delta: StreamDelta, now: number): StreamState {
  const existing = state.messages[delta.messageId]
  // A delta of a stream that already ended arrived late: the saved message is already complete.
  if (existing && existing.streamId === delta.streamId && existing.status !== 'streaming') return state
  const isNewStream = !existing || existing.streamId !== delta.streamId
  const message = isNewStream
    ? freshAssistant(delta.messageId, delta.conversationId, delta.streamId, existing?.createdAt ?? now)
    : existing
  const cursor = (!isNewStream && state.cursors[delta.messageId]) || {
    streamId: delta.streamId,
    nextSeq: null,
    held: []
  }
  const [next, nextCursor] = foldInOrder(message, cursor, delta)
  if (next === existing && nextCursor === cursor) return state
  return withMessage(state, next, nextCursor)
}

export function streamReducer(state: StreamState, action: StreamAction): StreamState {
  switch (action.type) {
    case 'started': {
      const existing = state.messages[action.messageId]
      // Deltas may beat the invoke's answer; then the message is already here.
      if (existing && existing.streamId === action.streamId) return state
      const message = freshAssistant(
        action.messageId,
        action.conversationId,
        action.streamId,
        existing?.createdAt ?? action.now
      )
      return withMessage(state, message, { streamId: action.streamId, nextSeq: null, held: [] })
    }
    case 'user-sent': {
      const before = action.beforeId ? state.messages[action.beforeId] : undefined
      const createdAt = before ? Math.min(action.message.createdAt, before.createdAt - 1) : action.message.createdAt
      return withMessage(state, { ...action.message, createdAt, conversationId: action.conversationId }, null)
    }
    case 'delta':
      return onDelta(state, action.delta, action.now)
    case 'ended': {
      const { ended } = action
      const existing = state.messages[ended.messageId]
      const message: LiveMessage = {
        ...ended.message,
        id: ended.messageId,
        status: ended.status,
        conversationId: ended.conversationId,
        streamId: ended.streamId,
        createdAt: existing?.createdAt ?? ended.message.createdAt
      }
      const error = ended.error ?? ended.message.error
      if (error) message.error = error
      return withMessage(state, message, null)
    }
    case 'forget': {
      const messages: Record<string, LiveMessage> = {}
      let dropped = false
      for (const [id, m] of Object.entries(state.messages)) {
        if (m.conversationId === action.conversationId && m.status !== 'streaming') dropped = true
        else messages[id] = m
      }
      return dropped ? { ...state, messages } : state
    }
  }
}

/** Ids of the conversation's live messages in display order (creation time). */
export function liveIdsOf(state: StreamState, conversationId: string): string[] {
  return Object.values(state.messages)
    .filter((m) => m.conversationId === conversationId)
    .sort((a, b) => a.createdAt - b.createdAt)
    .map((m) => m.id)
}

/** The message currently streaming in a conversation, if any (a primitive, so selectors stay stable). */
export function streamingMessageOf(state: StreamState, conversationId: string): string | undefined {
  for (const messageId of Object.keys(state.cursors)) {
    if (state.messages[messageId]?.conversationId === conversationId) return messageId
  }
  return undefined
}

/** The stream Stop would stop in a conversation. */
export function activeStreamIdOf(state: StreamState, conversationId: string): string | undefined {
  const messageId = streamingMessageOf(state, conversationId)
  return messageId ? state.cursors[messageId]?.streamId : undefined
}

/** The message's visible answer text (all text parts), e.g. for Copy and for the completions editor. */
export function textOf(message: Pick<ChatMessage, 'parts'> | undefined): string {
  if (!message) return ''
  let text = ''
  for (const part of message.parts) if (part.type === 'text') text += part.text
  return text
}
