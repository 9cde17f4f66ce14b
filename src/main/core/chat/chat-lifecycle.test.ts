import { describe, expect, it } from 'vitest'
import type { ChatMessage } from '@shared/domain/chat'
import { messageText } from './parts'
import { savedMessages } from './testing/saved'
import { harnessPerTest, shown, type ChatHarness } from './testing/service-harness'

const harness = harnessPerTest()
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

async function slowStream(h: ChatHarness, format: 'chat' | 'messages' = 'chat') {
  const c = await h.call('chat:create-conversation', {
    format,
    model: format === 'chat' ? 'gpt-4o-mini' : 'claude-haiku-4-5'
  })
  // Real-time pacing: each write waits, so the answer takes seconds.
  h.sb.setFaults(h.sb.key, ['slow-body=60@text'])
  const s = await h.call('chat:send', { conversationId: c.id, text: 'a long answer please' })
  return { id: c.id, ...s }
}

describe('stop, restart and concurrency', () => {
  it('Stop cancels within a second: text kept as cancelled, the gateway sees the connection close', async () => {
    const h = await harness()
    const s = await slowStream(h)
    while (shown(h.deltasOf(s.streamId)).length < 5) await sleep(10)
    const t0 = performance.now()
    await h.call('chat:stop', { streamId: s.streamId })
    const ended = await h.ended(s.streamId)
    expect(performance.now() - t0).toBeLessThan(1000)
    const m = ended.message as ChatMessage
    expect(ended.status).toBe('cancelled')
    expect(messageText(m).length).toBeGreaterThan(0)
    expect(shown(h.deltasOf(s.streamId))).toBe(messageText(m))
    const saved = (await h.call('chat:get-conversation', { id: s.id })).messages[1]
    expect(saved).toMatchObject({ status: 'cancelled', parts: m.parts })
    await sleep(100)
    const [req] = h.textRequests()
    expect(req.aborted).toBe(true)
    // Stopping again, or a stream that is gone, is harmless.
    await h.call('chat:stop', { streamId: s.streamId })
  })

  it('a second send while an answer streams is refused; the next one after the end is accepted', async () => {
    const h = await harness()
    const s = await slowStream(h)
    const err = await h.fail('chat:send', { conversationId: s.id, text: 'again' })
    expect(err).toMatchObject({ code: 'CONFLICT' })
    await h.call('chat:stop', { streamId: s.streamId })
    await h.ended(s.streamId)
    h.sb.setFaults(h.sb.key, [])
    const next = await h.call('chat:send', { conversationId: s.id, text: 'again' })
    expect((await h.ended(next.streamId)).status).toBe('complete')
  })

  it('a partial answer survives a killed host: the next start shows it as incomplete', async () => {
    const h = await harness({ timing: { checkpointMs: 100 } })
    const s = await slowStream(h, 'messages')
    const partialOnDisk = () => {
      const m = savedMessages(h.dataDir, s.id).find((x: ChatMessage) => x.id === s.assistantMessageId)
      return m && m.status === 'streaming' ? messageText(m) : ''
    }
    while (partialOnDisk() === '') await sleep(20)
    const saved = partialOnDisk()
    // A second host on the same data dir is what the next launch sees (the first never finished).
    const next = await harness({ dataDir: h.dataDir, sandbox: h.sb })
    const conv = await next.call('chat:get-conversation', { id: s.id })
    const m = conv.messages.find((x) => x.id === s.assistantMessageId)!
    expect(m.status).toBe('incomplete')
    expect(m.error?.code).toBe('STREAM_INCOMPLETE')
    expect(messageText(m).startsWith(saved)).toBe(true)
    expect(messageText(m).length).toBeGreaterThan(0)
    await h.call('chat:stop', { streamId: s.streamId })
  })

  it('deleting a conversation stops its stream; exactly one end is still announced', async () => {
    const h = await harness()
    const s = await slowStream(h)
    await h.call('chat:delete-conversation', { id: s.id })
    const ended = await h.ended(s.streamId)
    expect(ended.status).toBe('cancelled')
    expect(h.events.filter((e) => e.name === 'chat:stream-ended')).toHaveLength(1)
    expect((await h.fail('chat:get-conversation', { id: s.id })).code).toBe('NOT_FOUND')
  })

  it('closing the host ends running streams with their text saved', async () => {
    const h = await harness()
    const s = await slowStream(h)
    while (shown(h.deltasOf(s.streamId)).length < 3) await sleep(10)
    await h.chat.dispose()
    const ended = await h.ended(s.streamId)
    expect(ended.status).toBe('incomplete')
    const saved = (await h.store.get(s.id)).messages[1]
    expect(saved.status).toBe('incomplete')
    expect(messageText(saved).length).toBeGreaterThan(0)
  })
})
