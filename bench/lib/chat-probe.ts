import type { CoreHarness, SeenEvent } from './core'

export const MODEL = 'gpt-4o-mini'

/** True when an event is a delta of `streamId` that carries text (the role-only first chunk carries none). */
export function isTextDelta(e: SeenEvent, streamId: string): boolean {
  if (e.name !== 'chat:stream-delta' || e.payload.streamId !== streamId) return false
  const ops = (e.payload.ops as Array<{ append?: string }> | undefined) ?? []
  return ops.some((op) => (op.append ?? '').length > 0)
}

export interface SentStream {
  streamId: string
  conversationId: string
  /** process.hrtime.bigint() just before chat:send was invoked. */
  t0: bigint
  /** Index in harness.events where this stream's events start. */
  from: number
}

/** A new conversation (so every sample sends the same one-message history) and one chat:send. */
export async function sendInNewConversation(h: CoreHarness, text: string): Promise<SentStream> {
  const conv = await h.call('chat:create-conversation', { format: 'chat', model: MODEL })
  const conversationId = String(conv.id)
  const from = h.events.length
  const t0 = process.hrtime.bigint()
  const sent = await h.call('chat:send', { conversationId, text })
  return { streamId: String(sent.streamId), conversationId, t0, from }
}

export async function waitEnded(h: CoreHarness, s: SentStream, timeoutMs: number): Promise<SeenEvent> {
  return h.waitFor((e) => e.name === 'chat:stream-ended' && e.payload.streamId === s.streamId, timeoutMs, s.from)
}

/** Whether chat:send works end to end in this build; the reason when not (feature still being built). */
export async function chatReady(h: CoreHarness): Promise<string | null> {
  try {
    const s = await sendInNewConversation(h, 'bench probe')
    const ended = await waitEnded(h, s, 15_000)
    const status = String(ended.payload.status)
    if (status !== 'complete') return `chat:send streamed but ended '${status}'`
    await h.call('chat:delete-conversation', { id: s.conversationId })
    return null
  } catch (e) {
    return e instanceof Error ? e.message : String(e)
  }
}
