import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { startSandbox, type SandboxHandle } from '../../../sandbox/index'
import { openConfStore } from '../store/kv-store'
import { ChatService } from './chat-service'
import { ConversationStore } from './conversation-store'
import { PresetStore, type PresetsFile } from './presets'
import { savedMessages as savedRows } from './testing/saved'
import { chatHarness, shown, type ChatHarness, type Emitted } from './testing/service-harness'

const open: ChatHarness[] = []
const sandboxes: SandboxHandle[] = []
afterEach(async () => {
  while (open.length) await open.pop()!.close()
  while (sandboxes.length) await sandboxes.pop()!.close()
})

function savedMessages(dataDir: string, id: string): string[] {
  return savedRows(dataDir, id).map((m) => m.role)
}

describe('R1: the first token goes out before anything else', () => {
  it('a new turn reaches the disk only after the first delta went out; send answers once it is saved', async () => {
    const seenAtFirstDelta: string[][] = []
    let dataDir = ''
    let conversationId = ''
    const onEvent = (e: Emitted) => {
      if (e.name === 'chat:stream-delta' && seenAtFirstDelta.length === 0 && shown([e.payload]).length > 0) {
        seenAtFirstDelta.push(savedMessages(dataDir, conversationId))
      }
    }
    // A long cap: only the first delta can release the save, so send() answering proves it did.
    const h = await chatHarness({ timing: { initialSaveDelayMs: 60_000 }, onEvent })
    open.push(h)
    dataDir = h.dataDir
    const c = await h.call('chat:create-conversation', { format: 'chat', model: 'gpt-4o-mini' })
    conversationId = c.id
    await h.store.flush()
    const sent = await h.call('chat:send', { conversationId: c.id, text: 'hello there' })
    expect(seenAtFirstDelta).toEqual([[]])
    // The answer came back, so the save was done: the turn is on disk.
    expect(savedMessages(h.dataDir, c.id)).toEqual(['user', 'assistant'])
    expect((await h.ended(sent.streamId)).status).toBe('complete')
    await h.store.flush()
    expect(savedMessages(h.dataDir, c.id)).toEqual(['user', 'assistant'])
  })

  it('a slow first token does not hold the save back: send answers before the first delta', async () => {
    const h = await chatHarness({ timing: { initialSaveDelayMs: 20 } })
    open.push(h)
    h.sb.setFaults(h.sb.key, ['slow-first-byte=600@text.chat'])
    const c = await h.call('chat:create-conversation', { format: 'chat', model: 'gpt-4o-mini' })
    const sent = await h.call('chat:send', { conversationId: c.id, text: 'take your time' })
    expect(h.deltasOf(sent.streamId)).toEqual([])
    expect(savedMessages(h.dataDir, c.id)).toEqual(['user', 'assistant'])
    expect((await h.ended(sent.streamId)).status).toBe('complete')
  })

  it('a stream that fails before any delta still saves its turn, once', async () => {
    const h = await chatHarness({ timing: { initialSaveDelayMs: 60_000 } })
    open.push(h)
    h.sb.setFaults(h.sb.key, ['5xx=503@text.chat'])
    const c = await h.call('chat:create-conversation', { format: 'chat', model: 'gpt-4o-mini' })
    const sent = await h.call('chat:send', { conversationId: c.id, text: 'this fails' })
    expect((await h.ended(sent.streamId)).status).toBe('error')
    await h.store.flush()
    expect(savedMessages(h.dataDir, c.id)).toEqual(['user', 'assistant'])
  })

  it('looks the active connection up once, and again after any profile change', async () => {
    const a = await startSandbox({ speed: 1000, quiet: true })
    const b = await startSandbox({ speed: 1000, quiet: true })
    sandboxes.push(a, b)
    const dataDir = mkdtempSync(join(tmpdir(), 'chat-conn-'))
    let target = a
    let lookups = 0
    const listeners: Array<() => void> = []
    const ended: Array<Record<string, unknown>> = []
    const chat = new ChatService({
      store: await ConversationStore.open(dataDir),
      presets: new PresetStore(openConfStore<PresetsFile>(dataDir, 'chat-presets', { presets: [] })),
      profiles: {
        activeId: async () => 'p',
        connection: async () => {
          lookups++
          return { baseUrl: target.url, key: target.key }
        },
        onChanged: (l) => {
          listeners.push(l)
          return () => {}
        }
      },
      fetch: (i, init) => fetch(i, init),
      emit: (name, payload) => {
        if (name === 'chat:stream-ended') ended.push(payload as Record<string, unknown>)
      }
    })
    try {
      const c = await chat.createConversation({ format: 'chat', model: 'gpt-4o-mini' })
      const turn = async (text: string) => {
        const s = await chat.send({ conversationId: c.id, text })
        let end: Record<string, unknown> | undefined
        while (!(end = ended.find((p) => p.streamId === s.streamId))) await new Promise((r) => setTimeout(r, 5))
        expect(end.status).toBe('complete')
      }
      await turn('one')
      await turn('two')
      expect(lookups).toBe(1)
      expect(a.log().filter((e) => e.route.startsWith('text.'))).toHaveLength(2)
      target = b
      for (const l of listeners) l()
      await turn('three')
      expect(lookups).toBe(2)
      expect(b.log().filter((e) => e.route.startsWith('text.'))).toHaveLength(1)
    } finally {
      await chat.dispose()
    }
  })
})
