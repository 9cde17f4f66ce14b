import { describe, expect, it, vi } from 'vitest'
import type { ChatMessage, ChatParams } from '@shared/domain/chat'
import { ConversationStore } from './conversation-store'
import { messageText } from './parts'
import { harnessPerTest, fakeFiles, PNG_1PX, shown, type ChatHarness } from './testing/service-harness'

const harness = harnessPerTest()

const png = {
  grant: { fileId: 'f-png', name: 'dot.png', bytes: PNG_1PX.byteLength, mimeType: 'image/png' },
  bytes: PNG_1PX
}

async function converse(h: ChatHarness, format: ChatParams['format'], model: string, params?: ChatParams, system = '') {
  const c = await h.call('chat:create-conversation', { format, model })
  if (params || system) await h.call('chat:update-conversation', { id: c.id, ...(params ? { params } : {}), system })
  return c.id
}

/** One question sent and its answer streamed to the end. */
async function ask(h: ChatHarness, conversationId: string, text: string) {
  const sent = await h.call('chat:send', { conversationId, text })
  await h.ended(sent.streamId)
  return sent
}

describe('streaming through the host in every format (sandbox gateway)', () => {
  it('general chat route: text streamed, usage and finish reason kept, deltas add up to the saved text', async () => {
    const h = await harness()
    const id = await converse(
      h,
      'chat',
      'deepseek-v3',
      { format: 'chat', params: { max_tokens: 400, temperature: 0.3 } },
      'Be brief.'
    )
    const sent = await h.call('chat:send', { conversationId: id, text: 'Tell me about tea 茶' })
    const ended = await h.ended(sent.streamId)
    const m = ended.message as ChatMessage
    expect(ended.status).toBe('complete')
    expect(m).toMatchObject({
      role: 'assistant',
      status: 'complete',
      finishReason: 'stop',
      model: 'deepseek-v3',
      format: 'chat'
    })
    expect(m.usage?.output).toBeGreaterThan(0)
    expect(messageText(m).length).toBeGreaterThan(20)
    expect(shown(h.deltasOf(sent.streamId))).toBe(messageText(m))
    expect(h.events.filter((e) => e.name === 'chat:stream-ended')).toHaveLength(1)
    const [req] = h.textRequests()
    expect(req).toMatchObject({
      path: '/v1/chat/completions',
      status: 200,
      headers: expect.objectContaining({ authorization: `Bearer ${h.sb.key}` })
    })
    const conv = await h.call('chat:get-conversation', { id })
    expect(conv.title).toBe('Tell me about tea 茶')
    expect(conv.messages.map((x) => x.role)).toEqual(['user', 'assistant'])
  })

  it('content format: thinking, a function call with its JSON, safety ratings, an inline image', async () => {
    const h = await harness({ files: fakeFiles([png]) })
    const tools = JSON.stringify([
      {
        functionDeclarations: [
          { name: 'get_weather', parameters: { type: 'object', properties: { city: { type: 'string' } } } }
        ]
      }
    ])
    const id = await converse(h, 'content', 'gemini-2.5-flash-thinking', {
      format: 'content',
      params: { tools, thinkingConfig: { includeThoughts: true, thinkingBudget: 1024 } }
    })
    const sent = await h.call('chat:send', {
      conversationId: id,
      text: 'weather?',
      attachments: [{ kind: 'file', fileId: 'f-png', name: 'dot.png', mimeType: 'image/png', bytes: 1 }]
    })
    const m = (await h.ended(sent.streamId)).message as ChatMessage
    expect(m.status).toBe('complete')
    expect(m.finishReason).toBe('STOP')
    expect(m.parts.map((p) => p.type)).toEqual(['thinking', 'text', 'tool_call'])
    const call = m.parts[2]
    expect(call.type === 'tool_call' && call.name).toBe('get_weather')
    expect(call.type === 'tool_call' && JSON.parse(call.input)).toHaveProperty('city')
    expect(m.safetyRatings?.map((r) => r.category)).toContain('HARM_CATEGORY_HARASSMENT')
    expect(m.usage).toMatchObject({ input: expect.any(Number), output: expect.any(Number), total: expect.any(Number) })
    const [req] = h.textRequests()
    expect(req).toMatchObject({
      path: '/v1beta/models/gemini-2.5-flash-thinking:streamGenerateContent',
      query: { alt: 'sse' },
      status: 200
    })
    const user = (await h.call('chat:get-conversation', { id })).messages[0]
    expect(user.parts[1]).toEqual({
      type: 'image',
      attachment: { kind: 'file', fileId: 'f-png', name: 'dot.png', mimeType: 'image/png', bytes: PNG_1PX.byteLength }
    })
  })

  it('messages format: thinking with signature, tool use JSON, stop reason, vendor-version header, image by URL', async () => {
    const h = await harness()
    const tools = JSON.stringify([
      { name: 'lookup', description: 'find', input_schema: { type: 'object', properties: { q: { type: 'string' } } } }
    ])
    const id = await converse(h, 'messages', 'claude-sonnet-4-5-think', {
      format: 'messages',
      params: {
        max_tokens: 4096,
        thinking: { enabled: true, budget_tokens: 2048 },
        tools,
        tool_choice: '{"type":"auto"}',
        user_id: 'studio-test'
      }
    })
    const sent = await h.call('chat:send', {
      conversationId: id,
      text: 'look this up',
      attachments: [{ kind: 'url', url: 'https://example.com/cat.png' }]
    })
    const m = (await h.ended(sent.streamId)).message as ChatMessage
    expect(m).toMatchObject({ status: 'complete', finishReason: 'tool_use' })
    expect(m.parts.map((p) => p.type)).toEqual(['thinking', 'text', 'tool_call'])
    expect(m.parts[0].type === 'thinking' && m.parts[0].signature).toBeTruthy()
    expect(m.parts[2].type === 'tool_call' && JSON.parse(m.parts[2].input)).toBeTypeOf('object')
    expect(shown(h.deltasOf(sent.streamId), 'thinking')).toBe(m.parts[0].type === 'thinking' ? m.parts[0].text : '')
    expect(h.textRequests()[0].headers['vendor-version']).toBe('2023-06-01')
  })

  it('legacy completions: the completion is appended to the document in place, stop sequences honoured', async () => {
    const h = await harness()
    const id = await converse(h, 'completions', 'gpt-3.5-turbo-instruct')
    const doc = 'Once upon a time in a harbour town,'
    const first = await h.call('chat:complete-text', { conversationId: id, document: doc })
    const one = (await h.ended(first.streamId)).message as ChatMessage
    const full = messageText(one)
    expect(one).toMatchObject({ status: 'complete', finishReason: 'stop' })
    expect((await h.call('chat:get-conversation', { id })).document).toBe(doc + full)

    const stop = full.slice(Math.floor(full.length / 2)).match(/\S{3,}/)?.[0] ?? full.slice(10, 14)
    await h.call('chat:update-conversation', { id, params: { format: 'completions', params: { stop: [stop] } } })
    const second = await h.call('chat:complete-text', { conversationId: id, document: doc })
    const two = (await h.ended(second.streamId)).message as ChatMessage
    expect(messageText(two)).toBe(full.slice(0, full.indexOf(stop)))
    expect(messageText(two)).not.toContain(stop)
    const conv = await h.call('chat:get-conversation', { id })
    expect(conv.document).toBe(doc + messageText(two))
    expect(conv.messages.map((x) => x.role)).toEqual(['assistant', 'assistant'])
  })
})

describe('conversations', () => {
  it('edit and resend replaces the message and drops what followed; regenerate replaces an answer', async () => {
    const h = await harness()
    const id = await converse(h, 'chat', 'gpt-4o-mini')
    const a = await ask(h, id, 'first question')
    await ask(h, id, 'second question')
    expect((await h.call('chat:get-conversation', { id })).messages).toHaveLength(4)

    const edited = await h.call('chat:send', { conversationId: id, text: 'first, edited', editOf: a.userMessageId })
    expect(edited.userMessageId).toBe(a.userMessageId)
    await h.ended(edited.streamId)
    let msgs = (await h.call('chat:get-conversation', { id })).messages
    expect(msgs.map((m) => m.role)).toEqual(['user', 'assistant'])
    expect(msgs[0].parts).toEqual([{ type: 'text', text: 'first, edited' }])
    expect(msgs[1].id).toBe(edited.assistantMessageId)

    const again = await h.call('chat:send', { conversationId: id, text: '', regenerate: edited.assistantMessageId })
    expect(again.userMessageId).toBeUndefined()
    await h.ended(again.streamId)
    msgs = (await h.call('chat:get-conversation', { id })).messages
    expect(msgs.map((m) => m.id)).toEqual([a.userMessageId, again.assistantMessageId])
    expect(msgs[1].status).toBe('complete')
  })

  it('rename, duplicate, branch, delete and search; everything survives a restart', async () => {
    const h = await harness()
    const id = await converse(h, 'chat', 'gpt-4o-mini')
    const s1 = await ask(h, id, 'alpha question')
    await ask(h, id, 'beta question')
    await h.call('chat:update-conversation', { id, title: 'Renamed chat' })
    const copy = await h.call('chat:duplicate-conversation', { id })
    expect(copy).toMatchObject({ title: 'Renamed chat (copy)', messageCount: 4 })
    const branch = await h.call('chat:branch-conversation', { id, messageId: s1.assistantMessageId })
    expect(branch).toMatchObject({ title: 'Renamed chat (branch)', messageCount: 2 })
    const branched = await h.call('chat:get-conversation', { id: branch.id })
    expect(branched.parentId).toBe(id)
    expect(branched.messages[0].parts).toEqual([{ type: 'text', text: 'alpha question' }])

    const byTitle = await h.call('chat:list-conversations', { query: 'renamed' })
    expect(byTitle.conversations.map((c) => c.id).sort()).toEqual([id, copy.id, branch.id].sort())
    const byContent = await h.call('chat:list-conversations', { query: 'BETA QUEST' })
    expect(byContent.conversations.map((c) => c.id).sort()).toEqual([id, copy.id].sort())
    expect(byContent.conversations[0].match).toMatch(/beta question/)

    await h.call('chat:delete-conversation', { id: copy.id })
    await h.chat.dispose()
    const store = await ConversationStore.open(h.dataDir)
    expect(
      store
        .summaries()
        .map((s) => s.id)
        .sort()
    ).toEqual([id, branch.id].sort())
    expect((await store.get(id)).messages).toHaveLength(4)
  })

  it('opens long conversations a page at a time', async () => {
    const h = await harness()
    const id = await converse(h, 'chat', 'gpt-4o-mini')
    await h.store.update(id, (c) => {
      for (let i = 0; i < 450; i++)
        c.messages.push({
          id: `m-${i}`,
          role: i % 2 ? 'assistant' : 'user',
          parts: [{ type: 'text', text: `n${i}` }],
          createdAt: i,
          status: 'complete'
        })
    })
    const latest = await h.call('chat:get-conversation', { id })
    expect(latest.messages).toHaveLength(200)
    expect(latest.messagesBefore).toBe(250)
    expect(latest.messages[0].id).toBe('m-250')
    const older = await h.call('chat:get-conversation', { id, beforeIndex: 250, limit: 100 })
    expect(older.messages.map((m) => m.id)).toEqual(Array.from({ length: 100 }, (_, i) => `m-${150 + i}`))
    expect(older.messagesBefore).toBe(150)
  })

  it('exports Markdown (turns, code, thinking folded, usage) and JSON', async () => {
    const h = await harness()
    const id = await converse(h, 'messages', 'claude-sonnet-4-5-think', {
      format: 'messages',
      params: { max_tokens: 4096 }
    })
    const s = await h.call('chat:send', { conversationId: id, text: 'write code' })
    const m = (await h.ended(s.streamId)).message as ChatMessage
    const md = await h.call('chat:export-conversation', { id, as: 'markdown' })
    expect(md).toMatchObject({ fileName: 'write-code.md', mimeType: 'text/markdown' })
    expect(md.content).toMatch(/^# write code\n/)
    expect(md.content).toContain('## User (1)\n\nwrite code')
    expect(md.content).toContain('## Assistant (2)')
    expect(md.content).toContain('<details>\n<summary>Thinking</summary>')
    expect(md.content).toContain(messageText(m))
    expect(md.content).toMatch(/Tokens: \d+ in \/ \d+ out \/ \d+ total/)
    const json = await h.call('chat:export-conversation', { id, as: 'json' })
    const parsed = JSON.parse(json.content)
    expect(parsed.conversation.messages[1].parts).toEqual(m.parts)
  })

  it('presets: saved, replaced by name, used to start a conversation, deleted', async () => {
    const h = await harness()
    const params: ChatParams = { format: 'messages', params: { max_tokens: 1000, temperature: 0.2 } }
    const p1 = await h.call('chat:save-preset', { name: 'Terse', system: 'Be terse.', params })
    const p2 = await h.call('chat:save-preset', { name: 'terse', system: 'Be very terse.', params })
    expect(p2.id).toBe(p1.id)
    expect((await h.call('chat:list-presets', undefined)).presets).toEqual([
      expect.objectContaining({ name: 'terse', system: 'Be very terse.' })
    ])
    const c = await h.call('chat:create-conversation', {
      format: 'messages',
      model: 'claude-haiku-4-5',
      presetId: p1.id
    })
    expect(c).toMatchObject({ system: 'Be very terse.', params })
    expect((await h.fail('chat:create-conversation', { format: 'chat', model: 'x', presetId: p1.id })).field).toBe(
      'presetId'
    )
    await h.call('chat:delete-preset', { id: p1.id })
    expect((await h.call('chat:list-presets', undefined)).presets).toEqual([])
  })
})

describe('R1: the gateway request does not wait for the disk', () => {
  it('streams before the turn is written; every later save of the stream waits for that write', async () => {
    const h = await harness()
    const id = await converse(h, 'chat', 'deepseek-v3')
    const realUpdate = h.store.update.bind(h.store)
    let release!: () => void
    const gate = new Promise<void>((r) => (release = r))
    const order: string[] = []
    let calls = 0
    vi.spyOn(h.store, 'update').mockImplementation(async (cid, change, o) => {
      if (calls++ === 0) {
        await gate
        order.push('turn')
      } else {
        order.push(o?.index === false ? 'checkpoint' : 'final')
      }
      return realUpdate(cid, change, o)
    })
    const sending = h.call('chat:send', { conversationId: id, text: 'Tell me about tea' })
    // The first delta reaches the renderer side while the turn's write is still held back.
    await vi.waitFor(() => expect(h.events.some((e) => e.name === 'chat:stream-delta')).toBe(true), { timeout: 5_000 })
    expect(order).toEqual([])
    expect(h.events.some((e) => e.name === 'chat:stream-ended')).toBe(false)
    release()
    const sent = await sending
    const ended = await h.ended(sent.streamId)
    expect(ended.status).toBe('complete')
    expect(order[0]).toBe('turn')
    expect(order.at(-1)).toBe('final')
    const conv = await h.call('chat:get-conversation', { id })
    expect(conv.messages.map((m) => [m.role, m.status])).toEqual([
      ['user', 'complete'],
      ['assistant', 'complete']
    ])
    expect(messageText(conv.messages[1])).toBe(messageText(ended.message as ChatMessage))
  })
})
