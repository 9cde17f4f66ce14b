import { existsSync, mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { ChatMessage } from '@shared/domain/chat'
import { killDuringImport } from '../store/testing/kill-during-import'
import type { StoredConversation } from './conversation-files'
import { ConversationStore } from './conversation-store'

const CHILD = join(import.meta.dirname, 'testing', 'import-child.ts')

const msg = (
  id: string,
  role: 'user' | 'assistant',
  text: string,
  status: ChatMessage['status'] = 'complete'
): ChatMessage => ({ id, role, parts: [{ type: 'text', text }], createdAt: 1, status })

function conv(i: number, messages = 6): StoredConversation {
  const id = `c-${String(i).padStart(5, '0')}`
  return {
    id,
    title: `Conversation ${i}`,
    format: 'chat',
    model: 'm',
    createdAt: i,
    updatedAt: 1_700_000_000_000 + i,
    system: '',
    params: { format: 'chat', params: {} },
    document: '',
    messages: Array.from({ length: messages }, (_, k) =>
      msg(`${id}-m${k}`, k % 2 ? 'assistant' : 'user', `message ${k} of conversation ${i} about harbour number ${i}`)
    )
  }
}

/** An earlier version's chat folder: `<id>.json` per conversation, their `.bak`, and `index.json`. */
function legacyChat(conversations: StoredConversation[]): string {
  const dataDir = mkdtempSync(join(tmpdir(), 'chat-import-'))
  const dir = join(dataDir, 'chat')
  mkdirSync(dir, { recursive: true })
  for (const c of conversations) {
    const text = JSON.stringify({ version: 1, conversation: c })
    writeFileSync(join(dir, `${c.id}.json`), text)
    writeFileSync(join(dir, `${c.id}.json.bak`), text)
  }
  writeFileSync(
    join(dir, 'index.json'),
    JSON.stringify({ version: 1, conversations: conversations.map((c) => ({ id: c.id, title: c.title })) })
  )
  return dataDir
}

async function open(dataDir: string) {
  const notices: string[] = []
  const store = await ConversationStore.open(dataDir, { notice: (m) => notices.push(m) })
  return { store, notices }
}

describe('conversation files import', () => {
  it('imports every conversation in one go, keeps the originals renamed, and a second start does nothing', async () => {
    const all = Array.from({ length: 40 }, (_, i) => conv(i))
    const dataDir = legacyChat(all)
    const a = await open(dataDir)
    expect(a.store.summaries().map((s) => s.id)).toEqual(all.map((c) => c.id).reverse())
    expect(await a.store.get(all[7].id)).toEqual(all[7])
    expect((await a.store.search('harbour number 13')).map((s) => s.id)).toEqual([all[13].id])
    expect(a.notices).toEqual([])
    const names = readdirSync(join(dataDir, 'chat'))
    expect(names.filter((n) => !n.endsWith('.migrated'))).toEqual([])
    expect(names).toContain('index.json.migrated')
    expect(names).toContain(`${all[0].id}.json.migrated`)
    expect(names).toContain(`${all[0].id}.json.bak.migrated`)
    await a.store.delete(all[0].id)
    a.store.close()

    const b = await open(dataDir)
    expect(b.store.summaries()).toHaveLength(39)
    expect(b.store.has(all[0].id)).toBe(false)
    expect(b.notices).toEqual([])
    b.store.close()
  })

  it('imports a damaged file from its last good copy, reports one without a usable copy, and needs no index', async () => {
    const [good, restored, lost] = [conv(1), conv(2), conv(3)]
    const dataDir = legacyChat([good, restored, lost])
    const dir = join(dataDir, 'chat')
    writeFileSync(join(dir, `${restored.id}.json`), '{"version":1,"conversation":{"id":"c-000')
    writeFileSync(join(dir, `${lost.id}.json`), 'not json at all')
    writeFileSync(join(dir, `${lost.id}.json.bak`), '{}')
    writeFileSync(join(dir, 'index.json'), '{"conversations": [')
    const { store, notices } = await open(dataDir)
    expect(store.summaries().map((s) => s.title)).toEqual([restored.title, good.title])
    expect((await store.get(restored.id)).messages).toEqual(restored.messages)
    expect(notices).toHaveLength(2)
    expect(notices[0]).toMatch(
      /"Conversation 2" was damaged; its last good copy was restored \(damaged file kept as c-00002\.json\.migrated\)/
    )
    expect(notices[1]).toMatch(
      /"c-00003" was damaged and has no usable backup, so it was not imported; the damaged file is kept as c-00003\.json\.migrated/
    )
    expect(existsSync(join(dir, `${lost.id}.json.migrated`))).toBe(true)
    store.close()
  })

  it('an answer that was streaming when the earlier version closed opens as incomplete', async () => {
    const c = conv(1, 1)
    c.messages.push(msg('a-1', 'assistant', 'partial answ', 'streaming'))
    const { store } = await open(legacyChat([c]))
    expect((await store.get(c.id)).messages[1]).toMatchObject({
      status: 'incomplete',
      parts: [{ type: 'text', text: 'partial answ' }],
      error: { code: 'STREAM_INCOMPLETE' }
    })
    store.close()
  })

  it(
    'an import killed at random moments (SIGKILL) resumes or restarts cleanly: every conversation exactly once',
    { timeout: 240_000 },
    async () => {
      const all = Array.from({ length: 1_500 }, (_, i) => conv(i, 10))
      const { dataDir, outcomes, measured } = await killDuringImport(CHILD, () => legacyChat(all))
      expect(measured).toBe('finished')
      expect(outcomes[0]).toBe('killed')
      const { store, notices } = await open(dataDir)
      const list = store.summaries()
      expect(list).toHaveLength(all.length)
      expect(new Set(list.map((s) => s.id)).size).toBe(all.length)
      expect(list[0]).toMatchObject({ id: all.at(-1)!.id, messageCount: 10 })
      expect((await store.get(all[777].id)).messages).toEqual(all[777].messages)
      expect(notices).toEqual([])
      expect(readdirSync(join(dataDir, 'chat')).filter((n) => !n.endsWith('.migrated'))).toEqual([])
      store.close()
    }
  )
})
