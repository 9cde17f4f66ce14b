import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { ChatMessage } from '@shared/domain/chat'
import { AtomicWriter } from '../store/atomic-file'
import { openLibrary } from '../store/library-db'
import type { StoredConversation } from './conversation-files'
import { ConversationStore } from './conversation-store'
import { exportConversation } from './export'
import { readSaved, savedConversation, savedMessages } from './testing/saved'

const dir = () => mkdtempSync(join(tmpdir(), 'chat-store-'))

function conv(id: string, title: string, messages: ChatMessage[] = [], updatedAt = 1): StoredConversation {
  return {
    id,
    title,
    format: 'chat',
    model: 'm',
    createdAt: 1,
    updatedAt,
    system: '',
    params: { format: 'chat', params: {} },
    document: '',
    messages
  }
}
const msg = (
  id: string,
  role: 'user' | 'assistant',
  text: string,
  status: ChatMessage['status'] = 'complete'
): ChatMessage => ({ id, role, parts: [{ type: 'text', text }], createdAt: 1, status })

async function open(d: string, notices: string[] = []) {
  return ConversationStore.open(d, { notice: (m) => notices.push(m) })
}

describe('ConversationStore', () => {
  it('persists conversations in the library database (no conversation files) and lists them newest first', async () => {
    const d = dir()
    const a = await open(d)
    await a.create(conv('c-1', 'Older', [msg('m1', 'user', 'hi')], 5))
    await a.create(conv('c-2', 'Newer', [], 9))
    await a.update('c-1', (c) => c.messages.push(msg('m2', 'assistant', 'hello there')))
    await a.flush()
    expect(readdirSync(join(d, 'chat'))).toEqual([])
    expect(existsSync(join(d, 'library.db'))).toBe(true)
    const b = await open(d)
    expect(b.summaries().map((s) => s.id)).toEqual(['c-2', 'c-1'])
    expect(b.summaries()[1]).toMatchObject({ messageCount: 2, preview: 'hello there' })
    expect((await b.get('c-1')).messages.map((m) => m.id)).toEqual(['m1', 'm2'])
  })

  it('searches titles and message text, showing where the text matched', async () => {
    const s = await open(dir())
    await s.create(conv('c-1', 'Trip to Kyoto', [msg('m1', 'user', 'plan a trip')]))
    await s.create(
      conv('c-2', 'Recipes', [
        msg('m2', 'assistant', 'First boil the water, then add 東京 noodles and stir for a while until soft.')
      ])
    )
    await s.create(conv('c-3', 'Other', [msg('m3', 'user', 'nothing here')]))
    expect((await s.search('kyoto')).map((x) => [x.id, x.match])).toEqual([['c-1', undefined]])
    const hit = await s.search('東京 NOODLES')
    expect(hit.map((x) => x.id)).toEqual(['c-2'])
    expect(hit[0].match).toContain('東京 noodles')
    expect(await s.search('absent')).toEqual([])
    expect((await s.search('  ')).length).toBe(3)
  })

  it('after a restart, an answer that was still streaming is kept as incomplete', async () => {
    const d = dir()
    const a = await open(d)
    a.markLive('m2', true)
    await a.create(conv('c-1', 'Chat', [msg('m1', 'user', 'q'), msg('m2', 'assistant', 'partial ans', 'streaming')]))
    expect((await a.get('c-1')).messages[1].status).toBe('streaming')
    // A second instance is what the next launch sees: nothing is streaming there.
    const b = await open(d)
    const m = (await b.get('c-1')).messages[1]
    expect(m).toMatchObject({
      status: 'incomplete',
      parts: [{ type: 'text', text: 'partial ans' }],
      error: { code: 'STREAM_INCOMPLETE' }
    })
    await b.flush()
    const onDisk = savedMessages(d, 'c-1')
    expect(onDisk[1].status).toBe('incomplete')
  })

  it('deletes the rows, and a late save of a deleted conversation does not bring it back', async () => {
    const d = dir()
    const s = await open(d)
    await s.create(conv('c-1', 'Gone'))
    await s.flush()
    await s.delete('c-1')
    await expect(s.update('c-1', (c) => (c.title = 'x'))).rejects.toMatchObject({ code: 'NOT_FOUND' })
    await s.flush()
    expect(savedMessages(d, 'c-1')).toEqual([])
    expect((await open(d)).summaries()).toEqual([])
  })

  it('with writeAfter, readers see the change at once and the disk only once the promise settles', async () => {
    const d = dir()
    const s = await open(d)
    await s.create(conv('c-1', 'Before', [msg('m1', 'user', 'hi')]))
    await s.flush()
    const onDisk = () => savedConversation(d, 'c-1')
    let release = () => {}
    const gate = new Promise<void>((r) => (release = r))
    const saved = s.update('c-1', (c) => ((c.title = 'After'), c.messages.push(msg('m2', 'assistant', 'yo'))), {
      writeAfter: gate
    })
    await new Promise((r) => setTimeout(r, 30))
    expect((await s.get('c-1')).messages.map((m) => m.id)).toEqual(['m1', 'm2'])
    expect(s.summaries()[0]).toMatchObject({ title: 'After', messageCount: 2 })
    expect(onDisk()).toMatchObject({ title: 'Before', messages: [{ id: 'm1' }] })
    release()
    await saved
    expect(onDisk()).toMatchObject({ title: 'After', messages: [{ id: 'm1' }, { id: 'm2' }] })
    expect((await open(d)).summaries()[0]).toMatchObject({ title: 'After', messageCount: 2 })
  })

  it('a delayed write of a conversation deleted meanwhile fails NOT_FOUND and writes nothing back', async () => {
    const d = dir()
    const s = await open(d)
    await s.create(conv('c-1', 'Doomed'))
    await s.flush()
    let release = () => {}
    const saved = s.update('c-1', (c) => (c.title = 'late'), { writeAfter: new Promise<void>((r) => (release = r)) })
    await new Promise((r) => setTimeout(r, 10))
    await s.delete('c-1')
    release()
    await expect(saved).rejects.toMatchObject({ code: 'NOT_FOUND' })
    await s.flush()
    expect(savedConversation(d, 'c-1')).toBeUndefined()
    expect(s.summaries()).toEqual([])
    expect((await open(d)).summaries()).toEqual([])
  })
})

describe('ConversationStore writes and search', () => {
  /** Counts message row writes on the shared connection (TEMP triggers live on that connection only). */
  function countRowWrites(d: string): { count: () => number; done: () => void } {
    const lib = openLibrary(d)
    lib.run('CREATE TEMP TABLE IF NOT EXISTS row_writes (n INTEGER)')
    lib.run('DELETE FROM row_writes')
    lib.run(
      'CREATE TEMP TRIGGER IF NOT EXISTS rw_i AFTER INSERT ON main.chat_messages BEGIN INSERT INTO row_writes VALUES (1); END'
    )
    lib.run(
      'CREATE TEMP TRIGGER IF NOT EXISTS rw_u AFTER UPDATE ON main.chat_messages BEGIN INSERT INTO row_writes VALUES (1); END'
    )
    return { count: () => lib.get<{ n: number }>('SELECT count(*) AS n FROM row_writes')!.n, done: () => lib.release() }
  }

  it('a streamed answer saves one message row per checkpoint, however long the conversation', async () => {
    const d = dir()
    const s = await open(d)
    const long = Array.from({ length: 2_000 }, (_, i) => msg(`m${i}`, i % 2 ? 'assistant' : 'user', `message ${i}`))
    await s.create(conv('c-1', 'Long', long))
    const rows = countRowWrites(d)
    await s.update('c-1', (c) => c.messages.push({ ...msg('a1', 'assistant', ''), status: 'streaming' }))
    expect(rows.count()).toBe(1)
    for (let k = 1; k <= 5; k++) {
      await s.update('c-1', (c) => (c.messages.at(-1)!.parts = [{ type: 'text', text: 'partial '.repeat(k) }]), {
        index: false,
        message: 'a1'
      })
    }
    expect(rows.count()).toBe(6)
    // Without the hint the store finds the one changed row itself.
    await s.update('c-1', (c) => (c.messages[10].parts = [{ type: 'text', text: 'edited' }]))
    expect(rows.count()).toBe(7)
    // An edit that drops the tail removes those rows.
    await s.update('c-1', (c) => (c.messages = c.messages.slice(0, 3)))
    rows.done()
    expect(savedMessages(d, 'c-1').map((m) => m.id)).toEqual(['m0', 'm1', 'm2'])
    expect((await (await open(d)).get('c-1')).messages).toHaveLength(3)
  })

  it('keeps tool calls, tool results and attachment references, and exports exactly what it exported from memory', async () => {
    const d = dir()
    const s = await open(d)
    const c: StoredConversation = {
      ...conv('c-1', 'Tools', [
        {
          id: 'u1',
          role: 'user',
          parts: [
            { type: 'text', text: 'see' },
            {
              type: 'image',
              attachment: { kind: 'file', fileId: 'f1', name: 'a.png', mimeType: 'image/png', bytes: 2048 }
            }
          ],
          createdAt: 1,
          status: 'complete'
        },
        {
          id: 'a1',
          role: 'assistant',
          parts: [{ type: 'tool_call', id: 'call_1', name: 'lookup', input: '{"q":"x"}' }],
          createdAt: 2,
          status: 'complete',
          usage: { input: 3, output: 4 },
          finishReason: 'tool_calls'
        },
        {
          id: 'u2',
          role: 'user',
          parts: [{ type: 'tool_result', id: 'call_1', name: 'lookup', content: '{"ok":true}' }],
          createdAt: 3,
          status: 'complete'
        }
      ]),
      parentId: 'c-0'
    }
    const before = exportConversation(structuredClone(c), 'json', new Date(0)).content
    const md = exportConversation(structuredClone(c), 'markdown', new Date(0)).content
    await s.create(c)
    const again = await (await open(d)).get('c-1')
    expect(exportConversation(again, 'json', new Date(0)).content).toBe(before)
    expect(exportConversation(again, 'markdown', new Date(0)).content).toBe(md)
  })

  it('ranks title matches first, then messages by relevance, with the match marked in the excerpt', async () => {
    const s = await open(dir())
    await s.create(
      conv(
        'c-once',
        'Cooking',
        [msg('m1', 'user', 'Tell me about the lighthouse keeper and the storm that night, long ago.')],
        3
      )
    )
    await s.create(
      conv(
        'c-many',
        'Sailing',
        [msg('m2', 'assistant', 'Lighthouse, lighthouse, lighthouse: every LIGHTHOUSE on the coast.')],
        2
      )
    )
    await s.create(conv('c-title', 'Lighthouse notes', [msg('m3', 'user', 'nothing')], 1))
    await s.create(conv('c-none', 'Other', [msg('m4', 'user', 'light house apart')], 4))
    const hits = await s.search('lighthouse')
    expect(hits.map((h) => h.id)).toEqual(['c-title', 'c-many', 'c-once'])
    expect(hits[0].match).toBeUndefined()
    for (const h of hits.slice(1)) {
      expect(h.matchMarks!.length).toBeGreaterThan(0)
      for (const [a, b] of h.matchMarks!) expect(h.match!.slice(a, b).toLowerCase()).toBe('lighthouse')
    }
    expect(hits[2].match).toContain('the lighthouse keeper')
    // Operators and quotes are text, never FTS5 syntax.
    expect(await s.search('"lighthouse OR')).toEqual([])
    expect(await s.search('keeper OR storm')).toEqual([])
    expect((await s.search('KEEPER AND THE')).map((h) => h.id)).toEqual(['c-once'])
  })

  it('finds Chinese text by a word of two characters or more, and marks it', async () => {
    const s = await open(dir())
    await s.create(conv('c-zh', '旅行', [msg('m1', 'assistant', '我喜欢在东京吃拉面，\n拉面很好吃。')]))
    await s.create(conv('c-en', 'Trip', [msg('m2', 'user', 'Tokyo ramen please')]))
    for (const q of ['东京', '东京吃拉面', '拉面很']) {
      const hits = await s.search(q)
      expect(hits.map((h) => h.id)).toEqual(['c-zh'])
      const [[a, b]] = hits[0].matchMarks!
      expect(hits[0].match!.slice(a, b)).toBe(q)
    }
    expect((await s.search('旅行')).map((h) => [h.id, h.match])).toEqual([['c-zh', undefined]])
    expect(await s.search('大阪')).toEqual([])
  })

  it('searches the database only: nothing under chat/ is read, and a deleted conversation is not found', async () => {
    const d = dir()
    const s = await open(d)
    await s.create(conv('c-1', 'Kept', [msg('m1', 'user', 'a unique walrus sentence')]))
    await s.create(conv('c-2', 'Gone', [msg('m2', 'user', 'another walrus sentence')]))
    await s.delete('c-2')
    writeFileSync(join(d, 'chat', 'c-1.json'), 'not read')
    expect((await s.search('walrus')).map((h) => h.id)).toEqual(['c-1'])
    expect(readFileSync(join(d, 'chat', 'c-1.json'), 'utf8')).toBe('not read')
  })

  it('a row damaged outside the app is reported and does not crash the list', async () => {
    const d = dir()
    const s = await open(d)
    await s.create(conv('c-1', 'Broken', [msg('m1', 'user', 'x')]))
    readSaved(d, (lib) => lib.run("UPDATE chat_conversations SET meta = '{not json' WHERE id = 'c-1'"))
    const notices: string[] = []
    const b = await open(d, notices)
    expect(b.summaries().map((x) => x.title)).toEqual(['Broken'])
    await expect(b.get('c-1')).rejects.toMatchObject({ code: 'STORAGE' })
    expect(notices.join()).toMatch(/"Broken" is damaged in the library database/)
    await b.delete('c-1')
    expect(b.summaries()).toEqual([])
  })
})

describe('AtomicWriter', () => {
  it('coalesces a burst of saves to one file and lands the newest content', async () => {
    const d = dir()
    const writes: string[] = []
    const w = new AtomicWriter(async (path, data) => {
      writes.push(data)
      await new Promise((r) => setTimeout(r, 5))
      writeFileSync(path, data)
    })
    const file = join(d, 'f.json')
    await Promise.all(Array.from({ length: 50 }, (_, i) => w.save(file, String(i))))
    expect(readFileSync(file, 'utf8')).toBe('49')
    expect(writes.length).toBeLessThanOrEqual(2)
  })
})
