import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { Attachment, ChatParams } from '@shared/domain/chat'
import { chatHarness, fakeFiles, PNG_1PX, type ChatHarness } from './testing/service-harness'

let h: ChatHarness
const files = fakeFiles([
  { grant: { fileId: 'f-png', name: 'ok.png', bytes: PNG_1PX.byteLength, mimeType: 'image/png' }, bytes: PNG_1PX },
  { grant: { fileId: 'f-pdf', name: 'paper.pdf', bytes: 2000, mimeType: 'application/pdf' } },
  { grant: { fileId: 'f-big', name: 'huge.png', bytes: 21 * 1024 * 1024, mimeType: 'image/png' } }
])
const file = (fileId: string): Attachment => ({
  kind: 'file',
  fileId,
  name: 'claimed.png',
  mimeType: 'image/png',
  bytes: 1
})

beforeAll(async () => {
  h = await chatHarness({ files })
})
afterAll(async () => {
  await h.close()
})
beforeEach(() => h.sb.clearLog())

async function conversation(format: ChatParams['format'], params?: ChatParams): Promise<string> {
  const c = await h.call('chat:create-conversation', {
    format,
    model: format === 'messages' ? 'claude-haiku-4-5' : 'gemini-2.5-flash'
  })
  if (params) await h.call('chat:update-conversation', { id: c.id, params })
  return c.id
}

/** Every case: a specific coded message at a field, and not one request on the wire. */
async function refused(
  input: Parameters<ChatHarness['call']>[1] & { conversationId: string },
  field: string,
  message: RegExp
) {
  const err = await h.fail('chat:send', input as never)
  expect(err).toMatchObject({ code: 'INVALID_INPUT', field })
  expect(err.message).toMatch(message)
  expect(h.textRequests()).toEqual([])
  return err
}

describe('bad input is refused before any request is sent', () => {
  it('an empty or blank prompt', async () => {
    const id = await conversation('chat')
    await refused({ conversationId: id, text: '' }, 'text', /Type a message first/)
    await refused({ conversationId: id, text: '  \n\t ' }, 'text', /Type a message first/)
  })

  it('numbers out of range never get stored (the contract bounds them)', async () => {
    const id = await conversation('chat')
    const err = await h.fail('chat:update-conversation', { id, params: { format: 'chat', params: { temperature: 7 } } })
    expect(err).toMatchObject({ code: 'INVALID_INPUT', field: 'params.params.temperature' })
    const topK = await h.fail('chat:update-conversation', {
      id,
      params: { format: 'content', params: { topK: 2.5 } }
    } as never)
    expect(topK.code).toBe('INVALID_INPUT')
  })

  it('messages: a thinking budget that is not below max_tokens', async () => {
    const id = await conversation('messages', {
      format: 'messages',
      params: { max_tokens: 2048, thinking: { enabled: true, budget_tokens: 2048 } }
    })
    await refused(
      { conversationId: id, text: 'hi' },
      'params.thinking.budget_tokens',
      /thinking budget \(2048\) must be less than max tokens \(2048\)/
    )
  })

  it('invalid JSON in the tools editor names the line and column', async () => {
    const id = await conversation('messages', {
      format: 'messages',
      params: { max_tokens: 100, tools: '[\n  {"name": "a",\n   "input_schema": {"type": "object"},}\n]' }
    })
    const err = await refused(
      { conversationId: id, text: 'hi' },
      'params.tools',
      /^Tools is not valid JSON: .+ \(line 3, column \d+\)\.$/
    )
    expect(err.details).toMatchObject({ line: 3, position: expect.any(Number) })
  })

  it('tools that parse but have the wrong shape, and a tool choice naming no tool', async () => {
    const noSchema = await conversation('messages', {
      format: 'messages',
      params: { max_tokens: 100, tools: '[{"name":"a"}]' }
    })
    await refused({ conversationId: noSchema, text: 'hi' }, 'params.tools', /"a" needs an "input_schema" object/)
    const choice = await conversation('messages', {
      format: 'messages',
      params: {
        max_tokens: 100,
        tools: '[{"name":"a","input_schema":{"type":"object"}}]',
        tool_choice: '{"type":"tool","name":"b"}'
      }
    })
    await refused({ conversationId: choice, text: 'hi' }, 'params.tool_choice', /needs the "name" of one of the tools/)
    const badChoice = await conversation('messages', {
      format: 'messages',
      params: { max_tokens: 100, tool_choice: '{"type":' }
    })
    await refused({ conversationId: badChoice, text: 'hi' }, 'params.tool_choice', /Tool choice is not valid JSON/)
  })

  it('content: invalid JSON in the response schema and tool config editors', async () => {
    const schema = await conversation('content', {
      format: 'content',
      params: { responseSchema: '{"type": "OBJECT" "x": 1}' }
    })
    await refused(
      { conversationId: schema, text: 'hi' },
      'params.responseSchema',
      /Response schema is not valid JSON: .*\(line 1, column 19\)/
    )
    const config = await conversation('content', { format: 'content', params: { toolConfig: '[1, 2]' } })
    await refused({ conversationId: config, text: 'hi' }, 'params.toolConfig', /must be a JSON object/)
    const mime = await conversation('content', {
      format: 'content',
      params: { responseSchema: '{"type":"OBJECT"}', responseMimeType: 'text/plain' }
    })
    await refused({ conversationId: mime, text: 'hi' }, 'params.responseMimeType', /application\/json/)
  })

  it('attachments: unsupported type, over 20 MB, no longer granted, a URL in legacy completions', async () => {
    const id = await conversation('content')
    await refused(
      { conversationId: id, text: 'see', attachments: [file('f-pdf')] },
      'attachments.0',
      /"paper.pdf" is not a supported image \(application\/pdf\)/
    )
    await refused(
      { conversationId: id, text: 'see', attachments: [file('f-png'), file('f-big')] },
      'attachments.1',
      /"huge.png" is 21.0 MB; images can be at most 20.0 MB/
    )
    await refused(
      { conversationId: id, text: 'see', attachments: [file('f-gone')] },
      'attachments.0',
      /no longer available; attach it again/
    )
    await refused(
      { conversationId: id, text: 'see', attachments: [{ kind: 'url', url: 'https://example.com/a.svg' }] },
      'attachments.0',
      /image\/svg|unknown/
    )
    const legacy = await conversation('completions')
    await refused(
      { conversationId: legacy, text: 'see', attachments: [{ kind: 'url', url: 'https://example.com/a.png' }] },
      'attachments',
      /Legacy completions take text only/
    )
  })

  it('a blank document to continue, and continuing outside a completions conversation', async () => {
    const legacy = await conversation('completions')
    const blank = await h.fail('chat:complete-text', { conversationId: legacy, document: '   ' })
    expect(blank).toMatchObject({ code: 'INVALID_INPUT', field: 'document' })
    const chat = await conversation('chat')
    expect((await h.fail('chat:complete-text', { conversationId: chat, document: 'x' })).field).toBe('conversationId')
    expect(h.textRequests()).toEqual([])
  })

  it('a valid message with a granted image does go out (the control case)', async () => {
    const id = await conversation('content')
    const s = await h.call('chat:send', { conversationId: id, text: 'see', attachments: [file('f-png')] })
    expect((await h.ended(s.streamId)).status).toBe('complete')
    expect(h.textRequests()).toHaveLength(1)
  })
})
