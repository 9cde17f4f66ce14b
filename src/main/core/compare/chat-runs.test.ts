import { afterEach, describe, expect, it } from 'vitest'
import { chatCompareInvokes } from '@shared/contract/chat-compare'
import type { ChatMessage, ChatParams } from '@shared/domain/chat'
import { ChatService } from '../chat/chat-service'
import { chatComparePort } from '../chat/compare-cells'
import { messageText } from '../chat/parts'
import { chatHarness, shown, type ChatHarness } from '../chat/testing/service-harness'
import { CompareService } from './compare-service'
import { CompareStore } from './compare-store'

const open: Array<{ h: ChatHarness; store: CompareStore }> = []
afterEach(async () => {
  while (open.length) {
    const { h, store } = open.pop()!
    await h.close()
    store.close()
  }
})

/** The compare engine with only its chat part, over a chat service and the library of `h`. */
function engine(h: ChatHarness, chat: ChatService = h.chat): CompareService {
  const store = CompareStore.open(h.dataDir)
  open.push({ h, store })
  const media = () => Promise.reject(new Error('a chat run asks nothing of profiles'))
  return new CompareService({
    store,
    ports: { chat: chatComparePort(chat) },
    profiles: { activeId: media, connection: media },
    emit: () => undefined
  })
}

async function setup(opts: Parameters<typeof chatHarness>[0] = {}) {
  const h = await chatHarness(opts)
  return { h, compare: engine(h) }
}

const general = {
  format: 'chat' as const,
  system: 'Be brief.',
  params: { format: 'chat' as const, params: { max_tokens: 300 } }
}

describe('chat compare on the host (sandbox gateway)', () => {
  it('sends one prompt to three models, each streaming into its own conversation with the same settings', async () => {
    const { h, compare } = await setup()
    const out = await compare.startChat({
      ...general,
      models: ['deepseek-v3', 'gpt-4o-mini', 'gpt-4.1'],
      text: 'Name a tea'
    })
    expect(chatCompareInvokes['chat:start-compare'].output.safeParse(out).success).toBe(true)
    expect(out.started).toHaveLength(3)
    const ended = await Promise.all(out.started.map((s) => h.ended(s.streamId!)))
    expect(ended.map((e) => e.status)).toEqual(['complete', 'complete', 'complete'])
    const requests = h.textRequests()
    expect(requests.map((r) => r.status)).toEqual([200, 200, 200])
    expect(ended.map((e) => (e.message as ChatMessage).model)).toEqual(['deepseek-v3', 'gpt-4o-mini', 'gpt-4.1'])
    for (const [i, col] of out.compare.columns.entries()) {
      const c = await h.chat.getConversation({ id: col.conversationId })
      expect(c).toMatchObject({ model: col.model, system: 'Be brief.', title: 'Name a tea', params: general.params })
      expect(c.messages.map((m) => m.role)).toEqual(['user', 'assistant'])
      expect(messageText(c.messages[1])).toBe(messageText(ended[i].message as ChatMessage))
    }
  })

  it.each([
    {
      format: 'messages' as const,
      models: ['claude-sonnet-4-5', 'claude-haiku-4-5'],
      params: { format: 'messages', params: { max_tokens: 400 } } as ChatParams
    },
    {
      format: 'content' as const,
      models: ['gemini-2.5-flash', 'gemini-2.5-pro'],
      params: { format: 'content', params: {} } as ChatParams
    },
    {
      format: 'completions' as const,
      models: ['gpt-3.5-turbo-instruct', 'gpt-4o-mini'],
      params: { format: 'completions', params: {} } as ChatParams
    }
  ])('works in the $format format too', async ({ format, models, params }) => {
    const { h, compare } = await setup()
    const out = await compare.startChat({ format, models, text: 'Once upon a time', system: '', params })
    const ended = await Promise.all(out.started.map((s) => h.ended(s.streamId!)))
    expect(ended.map((e) => e.status)).toEqual(['complete', 'complete'])
    for (const [i, col] of out.compare.columns.entries()) {
      const c = await h.chat.getConversation({ id: col.conversationId })
      expect(c.format).toBe(format)
      const answer = messageText(ended[i].message as ChatMessage)
      expect(answer.length).toBeGreaterThan(0)
      // Completions continue the prompt in the document; the other formats hold it as the user turn.
      if (format === 'completions') expect(c.document).toBe(`Once upon a time${answer}`)
      else expect(messageText(c.messages[0])).toBe('Once upon a time')
    }
  })

  it('a model the gateway refuses fails its column only', async () => {
    const { h, compare } = await setup()
    const out = await compare.startChat({ ...general, models: ['deepseek-v3', 'no-such-model-x'], text: 'hi' })
    const [ok, bad] = await Promise.all(out.started.map((s) => h.ended(s.streamId!)))
    expect(ok.status).toBe('complete')
    expect(bad.status).toBe('error')
    expect((bad.error as { message: string }).message).toMatch(/no-such-model-x|channel|model/i)
  })

  it('refuses bad input before any conversation or request: a duplicate model, an empty prompt, a blank model', async () => {
    const { h, compare } = await setup()
    await expect(
      compare.startChat({ ...general, models: ['deepseek-v3', ' deepseek-v3'], text: 'hi' })
    ).rejects.toMatchObject({ code: 'INVALID_INPUT', field: 'models' })
    await expect(
      compare.startChat({ ...general, models: ['deepseek-v3', 'gpt-4.1'], text: '   ' })
    ).rejects.toMatchObject({ code: 'INVALID_INPUT', field: 'text' })
    await expect(compare.startChat({ ...general, models: ['deepseek-v3', '  '], text: 'hi' })).rejects.toMatchObject({
      code: 'INVALID_INPUT',
      field: 'models.1'
    })
    expect(
      chatCompareInvokes['chat:start-compare'].input.safeParse({ ...general, models: ['a'], text: 'hi' }).success
    ).toBe(false)
    expect(
      chatCompareInvokes['chat:start-compare'].input.safeParse({
        ...general,
        models: ['a', 'b', 'c', 'd', 'e'],
        text: 'hi'
      }).success
    ).toBe(false)
    expect((await h.chat.listConversations()).conversations).toHaveLength(0)
    expect(h.textRequests()).toHaveLength(0)
  })

  it('continue with one and discard the others: only the chosen conversation is left and the run is closed', async () => {
    const { h, compare } = await setup()
    const out = await compare.startChat({
      ...general,
      models: ['deepseek-v3', 'gpt-4.1', 'gpt-4o-mini'],
      text: 'Pick me'
    })
    await Promise.all(out.started.map((s) => h.ended(s.streamId!)))
    const keep = out.compare.columns[1].conversationId
    await compare.settleChat({ id: out.compare.id, keep, discardOthers: true })
    expect((await h.chat.listConversations()).conversations.map((c) => c.id)).toEqual([keep])
    expect((await compare.listChat()).compares).toEqual([])
    await expect(compare.settleChat({ id: out.compare.id, keep })).rejects.toMatchObject({ code: 'NOT_FOUND' })
  })

  it('keeps the others as their own conversations when asked to, and refuses a conversation that is not in the run', async () => {
    const { h, compare } = await setup()
    const out = await compare.startChat({ ...general, models: ['deepseek-v3', 'gpt-4.1'], text: 'Both stay' })
    await Promise.all(out.started.map((s) => h.ended(s.streamId!)))
    await expect(compare.settleChat({ id: out.compare.id, keep: 'c-elsewhere' })).rejects.toMatchObject({
      code: 'INVALID_INPUT',
      field: 'keep'
    })
    await compare.settleChat({ id: out.compare.id, keep: out.compare.columns[0].conversationId })
    expect((await h.chat.listConversations()).conversations).toHaveLength(2)
  })

  it('a run cut off by a restart is still listed, with each column’s partial answer saved', async () => {
    const { h, compare } = await setup()
    h.sb.setFaults(h.sb.key, ['slow-body=100'])
    const out = await compare.startChat({ ...general, models: ['deepseek-v3', 'gpt-4.1'], text: 'Write a long story' })
    await expect
      .poll(() => out.started.every((s) => shown(h.deltasOf(s.streamId!)).length > 0), { timeout: 10_000 })
      .toBe(true)
    // The host shuts down mid-stream: the runner saves what arrived, as for a single chat.
    await h.chat.dispose()
    h.sb.setFaults(h.sb.key, [])
    const again = await chatHarness({ dataDir: h.dataDir, sandbox: h.sb })
    const reopened = engine(again)
    const { compares } = await reopened.listChat()
    expect(compares.map((r) => r.id)).toEqual([out.compare.id])
    expect(compares[0]).toMatchObject({ prompt: 'Write a long story', columns: out.compare.columns })
    for (const col of compares[0].columns) {
      const c = await again.chat.getConversation({ id: col.conversationId })
      expect(['cancelled', 'incomplete']).toContain(c.messages[1].status)
      const started = out.started.find((x) => x.conversationId === col.conversationId)!
      expect(messageText(c.messages[1])).toBe(shown(h.deltasOf(started.streamId!)))
    }
  })

  it('a missing key refuses the whole run before anything is made', async () => {
    const { h } = await setup()
    const noKey = new ChatService({
      store: h.store,
      presets: {
        list: () => [],
        get: () => undefined,
        save: () => {
          throw new Error('unused')
        },
        delete: () => undefined
      } as never,
      profiles: {
        activeId: async () => 'p',
        connection: async () => {
          throw Object.assign(new Error('no key'), { code: 'KEY_MISSING' })
        }
      },
      fetch: () => Promise.reject(new Error('no request may be made')),
      emit: () => undefined
    })
    await expect(engine(h, noKey).startChat({ ...general, models: ['a', 'b'], text: 'hi' })).rejects.toThrow('no key')
    expect((await h.chat.listConversations()).conversations).toHaveLength(0)
  })
})
