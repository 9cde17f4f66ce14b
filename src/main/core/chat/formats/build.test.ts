import { describe, expect, it } from 'vitest'
import type { ChatMessage, ChatParams } from '@shared/domain/chat'
import { codecFor, type BuildInput } from '.'

const user = (id: string, text: string, images: ChatMessage['parts'] = []): ChatMessage => ({
  id,
  role: 'user',
  parts: [...(text ? [{ type: 'text' as const, text }] : []), ...images],
  createdAt: 1,
  status: 'complete'
})
const answer = (id: string, parts: ChatMessage['parts'], status: ChatMessage['status'] = 'complete'): ChatMessage => ({
  id,
  role: 'assistant',
  parts,
  createdAt: 2,
  status
})

const fileImg = {
  type: 'image' as const,
  attachment: { kind: 'file' as const, fileId: 'f1', name: 'cat.png', mimeType: 'image/png', bytes: 3 }
}
const goneImg = {
  type: 'image' as const,
  attachment: { kind: 'file' as const, fileId: 'gone', name: 'old.png', mimeType: 'image/png', bytes: 3 }
}
const urlImg = { type: 'image' as const, attachment: { kind: 'url' as const, url: 'https://cdn.example/dog.webp' } }

const history: ChatMessage[] = [
  user('u1', 'first', [goneImg]),
  answer('a1', [
    { type: 'thinking', text: 'hmm' },
    { type: 'text', text: 'reply one' },
    { type: 'tool_call', name: 'f', input: '{}' }
  ]),
  user('u2', 'broken turn'),
  answer('a2', [], 'error'),
  user('u3', 'look at these', [fileImg, urlImg])
]

function input(params: ChatParams, over: Partial<BuildInput> = {}): BuildInput {
  return {
    model: 'm-1',
    system: 'Be brief.',
    params,
    editors: {},
    history,
    inline: new Map([['f1', { mimeType: 'image/png', base64: 'AAEC' }]]),
    ...over
  }
}

describe('buildRequest', () => {
  it('general chat: OpenAI messages with image_url parts, stream with usage, no thinking or tool calls resent', () => {
    const call = codecFor('chat').buildRequest(
      input({ format: 'chat', params: { max_tokens: 50, temperature: 0.5, stop: ['END'] } })
    )
    expect(call.path).toBe('/v1/chat/completions')
    expect(call.json).toEqual({
      model: 'm-1',
      stream: true,
      stream_options: { include_usage: true },
      max_tokens: 50,
      temperature: 0.5,
      stop: ['END'],
      messages: [
        { role: 'system', content: 'Be brief.' },
        {
          role: 'user',
          content: [
            { type: 'text', text: 'first' },
            { type: 'text', text: '[image "old.png" is no longer available]' }
          ]
        },
        { role: 'assistant', content: 'reply one' },
        { role: 'user', content: 'broken turn' },
        {
          role: 'user',
          content: [
            { type: 'text', text: 'look at these' },
            { type: 'image_url', image_url: { url: 'data:image/png;base64,AAEC' } },
            { type: 'image_url', image_url: { url: 'https://cdn.example/dog.webp' } }
          ]
        }
      ]
    })
  })

  it('content: streamGenerateContent?alt=sse with parts, inlineData, fileData and every config field', () => {
    const params: ChatParams = {
      format: 'content',
      params: {
        temperature: 1,
        topK: 40,
        maxOutputTokens: 100,
        stopSequences: ['x'],
        safetySettings: [{ category: 'HARM_CATEGORY_HARASSMENT', threshold: 'BLOCK_NONE' }],
        thinkingConfig: { thinkingBudget: 512, includeThoughts: true },
        cachedContent: ' cached/1 '
      }
    }
    const editors = {
      tools: [{ functionDeclarations: [{ name: 'f' }] }],
      toolConfig: { functionCallingConfig: { mode: 'AUTO' } },
      responseSchema: { type: 'OBJECT' }
    }
    const call = codecFor('content').buildRequest(input(params, { model: 'models/gemini-x', editors }))
    expect(call.path).toBe('/v1beta/models/gemini-x:streamGenerateContent')
    expect(call.query).toEqual({ alt: 'sse' })
    expect(call.json).toEqual({
      contents: [
        { role: 'user', parts: [{ text: 'first' }, { text: '[image "old.png" is no longer available]' }] },
        { role: 'model', parts: [{ text: 'reply one' }] },
        { role: 'user', parts: [{ text: 'broken turn' }] },
        {
          role: 'user',
          parts: [
            { text: 'look at these' },
            { inlineData: { mimeType: 'image/png', data: 'AAEC' } },
            { fileData: { mimeType: 'image/webp', fileUri: 'https://cdn.example/dog.webp' } }
          ]
        }
      ],
      systemInstruction: { parts: [{ text: 'Be brief.' }] },
      generationConfig: {
        temperature: 1,
        topK: 40,
        maxOutputTokens: 100,
        stopSequences: ['x'],
        responseMimeType: 'application/json',
        responseSchema: { type: 'OBJECT' },
        thinkingConfig: { thinkingBudget: 512, includeThoughts: true }
      },
      safetySettings: [{ category: 'HARM_CATEGORY_HARASSMENT', threshold: 'BLOCK_NONE' }],
      tools: editors.tools,
      toolConfig: editors.toolConfig,
      cachedContent: 'cached/1'
    })
  })

  it("messages: the version header is the profile's (name and value), not a constant", () => {
    const params: ChatParams = { format: 'messages', params: { max_tokens: 10 } }
    const call = codecFor('messages').buildRequest({
      ...input(params),
      names: { messagesVersionHeader: 'x-api-revision', messagesVersionValue: '2024-01-01' }
    })
    expect(call.headers).toEqual({ 'x-api-revision': '2024-01-01' })
  })

  it('content: a linked image keeps its type (given or by extension); an unknown type is refused before any request', () => {
    const params: ChatParams = { format: 'content', params: {} }
    const typed = {
      type: 'image' as const,
      attachment: { kind: 'url' as const, url: 'https://cdn.example/render?id=7', mimeType: 'image/gif' }
    }
    const byExt = {
      type: 'image' as const,
      attachment: { kind: 'url' as const, url: 'https://cdn.example/Photo.JPEG?sig=abc' }
    }
    const call = codecFor('content').buildRequest(input(params, { history: [user('u1', 'these', [typed, byExt])] }))
    expect((call.json as { contents: Array<{ parts: unknown[] }> }).contents[0].parts).toEqual([
      { text: 'these' },
      { fileData: { mimeType: 'image/gif', fileUri: 'https://cdn.example/render?id=7' } },
      { fileData: { mimeType: 'image/jpeg', fileUri: 'https://cdn.example/Photo.JPEG?sig=abc' } }
    ])
    // A link saved in a general chat turn without a type: not guessed as JPEG, refused with a clear reason.
    const untyped = { type: 'image' as const, attachment: { kind: 'url' as const, url: 'https://cdn.example/picture' } }
    expect(() => codecFor('content').buildRequest(input(params, { history: [user('u1', 'this', [untyped])] }))).toThrow(
      expect.objectContaining({
        code: 'INVALID_INPUT',
        field: 'attachments',
        message: expect.stringMatching(/type of https:\/\/cdn\.example\/picture is unknown/)
      })
    )
  })

  it('messages: max_tokens always, vendor-version header, thinking, tools, metadata, url and base64 image sources', () => {
    const params: ChatParams = {
      format: 'messages',
      params: { max_tokens: 4096, top_k: 5, thinking: { enabled: true, budget_tokens: 2048 }, user_id: 'u-7' }
    }
    const editors = { tools: [{ name: 't', input_schema: { type: 'object' } }], toolChoice: { type: 'auto' } }
    const call = codecFor('messages').buildRequest(input(params, { editors }))
    expect(call.path).toBe('/v1/messages')
    expect(call.headers).toEqual({ 'vendor-version': '2023-06-01' })
    expect(call.json).toMatchObject({
      model: 'm-1',
      max_tokens: 4096,
      stream: true,
      system: 'Be brief.',
      top_k: 5,
      thinking: { type: 'enabled', budget_tokens: 2048 },
      metadata: { user_id: 'u-7' },
      tools: editors.tools,
      tool_choice: { type: 'auto' }
    })
    const messages = call.json.messages as Array<{ role: string; content: unknown }>
    expect(messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user', 'user'])
    expect(messages[3].content).toEqual([
      { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'AAEC' } },
      { type: 'image', source: { type: 'url', url: 'https://cdn.example/dog.webp' } },
      { type: 'text', text: 'look at these' }
    ])
    const off = codecFor('messages').buildRequest(
      input({ format: 'messages', params: { max_tokens: 10, thinking: { enabled: false, budget_tokens: 2048 } } })
    )
    expect(off.json).not.toHaveProperty('thinking')
    expect(off.json.max_tokens).toBe(10)
  })

  it('completions: the document (or system + last turn) as the prompt, stop sequences sent', () => {
    const params: ChatParams = { format: 'completions', params: { max_tokens: 20, stop: ['\n\n'] } }
    const doc = codecFor('completions').buildRequest(input(params, { document: 'Once upon a time' }))
    expect(doc).toEqual({
      path: '/v1/completions',
      json: { model: 'm-1', prompt: 'Once upon a time', stream: true, max_tokens: 20, stop: ['\n\n'] }
    })
    const chatLike = codecFor('completions').buildRequest(input(params))
    expect(chatLike.json.prompt).toBe('Be brief.\n\nlook at these')
  })
})
