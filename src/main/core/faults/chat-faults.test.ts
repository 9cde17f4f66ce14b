import { describe, expect, it } from 'vitest'
import type { ChatFormat, ChatMessage } from '@shared/domain/chat'
import { messageText } from '../chat/parts'
import { chatHarness, shown } from '../chat/testing/service-harness'
import { closedPort, coreRig } from '../testing/faults/support'
import { sandboxSuite } from '../testing/sandbox-suite'

/**
 * Fault scenarios of the answer stream (SECURITY.md §7), against the sandbox's fault modes
 * through the real chat service (dispatcher, runner, store): F1, F6-F13, F22 for text.
 */

const MODELS: Record<ChatFormat, string> = {
  chat: 'deepseek-v3',
  content: 'gemini-2.5-flash',
  messages: 'claude-haiku-4-5',
  completions: 'gpt-3.5-turbo-instruct'
}
const FORMATS: ChatFormat[] = ['chat', 'content', 'messages', 'completions']
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
/** Waits for what the server observes (a closed socket) without a fixed sleep; fails after 3 s. */
async function until(cond: () => boolean): Promise<void> {
  const deadline = Date.now() + 3000
  while (!cond()) {
    if (Date.now() > deadline) throw new Error('the sandbox never saw it')
    await sleep(10)
  }
}

const { sb, h } = sandboxSuite(
  (o) => chatHarness({ ...o, timing: { idleTimeoutMs: 400, headersTimeoutMs: 1500, preSendBackoffMs: 5 } }),
  { resetEach: true }
)

/** Starts one answer in `format` with the given sandbox faults; resolves with its end. */
async function ask(
  format: ChatFormat,
  faults: string[]
): Promise<{ status: string; message: ChatMessage; streamId: string; error?: { code: string; message: string } }> {
  const c = await h.call('chat:create-conversation', { format, model: MODELS[format] })
  sb.setFaults(sb.key, faults)
  const s =
    format === 'completions'
      ? await h.call('chat:complete-text', { conversationId: c.id, document: 'Once upon a time' })
      : await h.call('chat:send', { conversationId: c.id, text: 'Tell me a story 故事 🚀' })
  const ended = await h.ended(s.streamId)
  // What the store kept must be what was announced.
  const saved = (await h.call('chat:get-conversation', { id: c.id })).messages.at(-1)
  if (format !== 'completions') expect(saved?.status).toBe(ended.status)
  return {
    status: ended.status as string,
    message: ended.message as ChatMessage,
    streamId: s.streamId,
    error: ended.error as never
  }
}

const creates = () => sb.log().filter((e) => e.route.startsWith('text.'))

describe('answer streams under gateway faults', () => {
  it('F1 gateway unreachable at submit: retried at most twice before anything was sent, then a precise error; nothing reached a server', async () => {
    const port = await closedPort()
    const rig = await coreRig({ gatewayUrl: `http://127.0.0.1:${port}` })
    try {
      const c = (await rig.call('chat:create-conversation', { format: 'chat', model: MODELS.chat })) as { id: string }
      const s = (await rig.call('chat:send', { conversationId: c.id, text: 'hello' })) as { streamId: string }
      const ended = await rig.waitFor('chat:stream-ended', (p) => p.streamId === s.streamId)
      expect(ended.status).toBe('error')
      expect(ended.error).toMatchObject({ code: 'NETWORK_UNREACHABLE', retryable: true })
      expect((ended.error as { message: string }).message).toMatch(/Can't reach the gateway/)
      // The first try and at most two retries, all refused before a byte left.
      expect(rig.fetched.filter((u) => u.includes('/v1/chat/completions'))).toHaveLength(3)
    } finally {
      await rig.close()
    }
  })

  it.each(FORMATS)(
    'F6 %s: the stream ends cleanly without its terminal event: incomplete, partial text kept, never complete',
    async (format) => {
      const r = await ask(format, ['truncate@text'])
      expect(r.status).toBe('incomplete')
      expect(r.error?.code).toBe('STREAM_INCOMPLETE')
      expect(messageText(r.message).length).toBeGreaterThan(0)
      expect(shown(h.deltasOf(r.streamId))).toBe(messageText(r.message))
    }
  )

  it.each(FORMATS)('F7 %s: the connection is reset mid-stream: incomplete, text kept, cause logged', async (format) => {
    const r = await ask(format, ['reset@text'])
    expect(r.status).toBe('incomplete')
    expect(r.error?.code).toBe('STREAM_INCOMPLETE')
    expect(r.error?.message).toMatch(/connection dropped/)
    expect(creates()).toHaveLength(1)
  })

  it.each(FORMATS)(
    'F8 %s: the stream stalls: the idle timer ends it incomplete and the socket is closed',
    async (format) => {
      const r = await ask(format, ['stall@text'])
      expect(r.status).toBe('incomplete')
      expect(r.error?.code).toBe('TIMEOUT')
      await until(() => creates()[0]?.aborted === true)
      expect(creates()).toHaveLength(1)
    }
  )

  it.each(FORMATS)(
    'F9 %s: an error status labelled text/event-stream is read as the JSON error, not parsed as SSE',
    async (format) => {
      const r = await ask(format, ['stream-error=503@text'])
      expect(r.status).toBe('error')
      expect(r.error?.code).toMatch(/GATEWAY_ERROR|MODEL_UNAVAILABLE/)
      expect(r.message.parts.filter((p) => p.type === 'text' && p.text !== '')).toHaveLength(0)
      expect(h.deltasOf(r.streamId)).toHaveLength(0)
    }
  )

  it.each(FORMATS)(
    'F10 %s: a bare JSON error line mid-stream ends as error with the partial text kept',
    async (format) => {
      const r = await ask(format, ['error-mid-stream@text'])
      expect(r.status).toBe('error')
      expect(r.error?.code).not.toBe('INTERNAL')
      expect(messageText(r.message).length).toBeGreaterThan(0)
    }
  )

  it.each(FORMATS)(
    'F11 %s: bytes written 1-3 at a time with CRLF endings give the same answer as unsplit',
    async (format) => {
      const plain = await ask(format, [])
      const sliced = await ask(format, ['slicer@text', 'crlf@text'])
      expect(plain.status).toBe('complete')
      expect(sliced.status).toBe('complete')
      // Same seed-independent shape: the sandbox's canned text for the same prompt and model.
      expect(messageText(sliced.message)).toBe(messageText(plain.message))
      expect(shown(h.deltasOf(sliced.streamId))).toBe(messageText(sliced.message))
    }
  )

  it.each(FORMATS)(
    'F12 %s: one malformed data line is skipped; a 10 MB event without a newline is refused without ballooning',
    async (format) => {
      const skipped = await ask(format, ['malformed@text'])
      expect(skipped.status).toBe('complete')
      const heapBefore = process.memoryUsage().heapUsed
      const huge = await ask(format, ['huge-event@text'])
      expect(huge.status).toBe('error')
      expect(huge.error?.message).toMatch(/larger than 4 MB/)
      expect(process.memoryUsage().heapUsed - heapBefore).toBeLessThan(96 * 1024 * 1024)
    }
  )

  it('F13 the user stops during streaming: aborted within a second, the server sees the close, nothing more arrives', async () => {
    const c = await h.call('chat:create-conversation', { format: 'messages', model: MODELS.messages })
    sb.setFaults(sb.key, ['slow-body=60@text'])
    const s = await h.call('chat:send', { conversationId: c.id, text: 'a long answer please' })
    while (shown(h.deltasOf(s.streamId)).length < 3) await sleep(10)
    const t0 = performance.now()
    await h.call('chat:stop', { streamId: s.streamId })
    const ended = await h.ended(s.streamId)
    expect(performance.now() - t0).toBeLessThan(1000)
    expect(ended.status).toBe('cancelled')
    const deltas = h.deltasOf(s.streamId).length
    await sleep(300)
    expect(h.deltasOf(s.streamId).length).toBe(deltas)
    await until(() => creates()[0]?.aborted === true)
  })

  it('F22 (text) the gateway redirects to another origin: not followed, the other origin receives nothing', async () => {
    const r = await ask('chat', ['redirect@text'])
    expect(r.status).toBe('error')
    expect(r.error?.code).toBe('REDIRECT_REFUSED')
    expect(sb.log().filter((e) => e.origin === 'cdn')).toHaveLength(0)
  })
})
