import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { ChatFormat, ChatMessage } from '@shared/domain/chat'
import { messageText } from './parts'
import { chatHarness, shown, type ChatHarness } from './testing/service-harness'

let h: ChatHarness
const MODEL: Record<ChatFormat, string> = {
  chat: 'gpt-4o-mini',
  content: 'gemini-2.5-flash',
  messages: 'claude-haiku-4-5',
  completions: 'gpt-3.5-turbo-instruct'
}
const FORMATS = Object.keys(MODEL) as ChatFormat[]

beforeAll(async () => {
  h = await chatHarness({ timing: { idleTimeoutMs: 400 } })
})
afterAll(async () => {
  await h.close()
})
beforeEach(() => {
  h.sb.clearLog()
  h.sb.setFaults(h.sb.key, [])
})

/** Sends one message with a sandbox fault on the text routes and returns how the stream ended. */
async function sendWithFault(format: ChatFormat, fault: string) {
  const c = await h.call('chat:create-conversation', { format, model: MODEL[format] })
  h.sb.setFaults(h.sb.key, [`${fault}@text*1`])
  const s = await h.call('chat:send', { conversationId: c.id, text: 'Tell me a story about the harbour' })
  const ended = await h.ended(s.streamId)
  return { ended, message: ended.message as ChatMessage, deltas: h.deltasOf(s.streamId), conversationId: c.id }
}

describe.each(FORMATS)('%s: every error shape shown precisely', (format) => {
  it.each([
    ['unauthorized', 'UNAUTHORIZED', 401, /refused the API key \(401\).*Invalid token/],
    [
      'insufficient-quota',
      'INSUFFICIENT_QUOTA',
      403,
      /Not enough quota for this request \(403\)\. The gateway said: 用户额度不足/
    ],
    ['429', 'RATE_LIMITED', 429, /^The gateway is rate limiting requests \(429\)\. Wait a little and try again\.$/],
    ['429=7', 'RATE_LIMITED', 429, /Try again in 7 s\./],
    ['429-json', 'RATE_LIMITED', 429, /您已达到请求数限制/],
    [
      'model-unavailable',
      'MODEL_UNAVAILABLE',
      503,
      /not available for your key right now \(503\).*No available channel/
    ],
    [
      'stream-error',
      'GATEWAY_ERROR',
      503,
      /answered with an error \(503\)\. The gateway said: upstream returned status 503/
    ]
  ])('%s -> %s', async (fault, code, status, message) => {
    const { ended, message: m } = await sendWithFault(format, fault)
    expect(ended).toMatchObject({ status: 'error', error: { code, status } })
    expect((ended.error as { message: string }).message).toMatch(message)
    expect(m).toMatchObject({ status: 'error', error: { code }, parts: [] })
    expect(h.textRequests()).toHaveLength(1)
    expect((ended.error as { message: string }).message).not.toContain('request id')
  })

  it('an error line mid-stream -> error, the partial text kept and shown', async () => {
    const { ended, message, deltas } = await sendWithFault(format, 'error-mid-stream')
    expect(ended.status).toBe('error')
    expect(message.error?.message).toMatch(
      format === 'messages' ? /overloaded_error.*Overloaded/ : /upstream stream error/
    )
    expect(messageText(message).length).toBeGreaterThan(0)
    expect(shown(deltas)).toBe(messageText(message))
  })

  it.each(['truncate', 'reset', 'stall'])('%s -> incomplete, never complete, text kept', async (fault) => {
    const { ended, message, conversationId } = await sendWithFault(format, fault)
    expect(ended.status).toBe('incomplete')
    expect(message.status).toBe('incomplete')
    expect(message.error?.code).toBe(fault === 'stall' ? 'TIMEOUT' : 'STREAM_INCOMPLETE')
    expect(messageText(message).length).toBeGreaterThan(0)
    const saved = (await h.call('chat:get-conversation', { id: conversationId })).messages[1]
    expect(saved).toMatchObject({ status: 'incomplete', parts: message.parts })
  })

  it('a connection dropped after sending -> outcome unknown, never resent', async () => {
    const { ended } = await sendWithFault(format, 'drop')
    expect(ended).toMatchObject({ status: 'error', error: { code: 'OUTCOME_UNKNOWN' } })
    expect(h.textRequests()).toHaveLength(1)
  })
})

describe('gateway validation', () => {
  it('500 invalid_request in the messages shape -> GATEWAY_VALIDATION with the validator text', async () => {
    const c = await h.call('chat:create-conversation', { format: 'messages', model: 'claude-haiku-4-5' })
    // A server tool (identified by type) passes the studio's checks; the sandbox wants a name on every tool.
    await h.call('chat:update-conversation', {
      id: c.id,
      params: { format: 'messages', params: { max_tokens: 100, tools: '[{"type":"web_search_20250305"}]' } }
    })
    const s = await h.call('chat:send', { conversationId: c.id, text: 'search' })
    const ended = await h.ended(s.streamId)
    expect(ended).toMatchObject({ status: 'error', error: { code: 'GATEWAY_VALIDATION', status: 500 } })
    expect((ended.error as { message: string }).message).toMatch(
      /rejected the request as invalid\. The gateway said: tools\.0\.name is required/
    )
  })
})
