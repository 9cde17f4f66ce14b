import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { ChatMessage } from '@shared/domain/chat'
import { StudioError } from '@shared/errors'
import { AtomicWriter } from '../store/atomic-file'
import type { StoredConversation } from './conversation-files'
import { ConversationStore } from './conversation-store'

const dir = () => mkdtempSync(join(tmpdir(), 'chat-store-'))

function conv(id: string, title: string, messages: ChatMessage[] = [], updatedAt = 1): StoredConversation {
  return { id, title, format: 'chat', model: 'm', createdAt: 1, updatedAt, system: '', params: { format: 'chat', params: {} }, document: '', messages }
}
const msg = (id: string, role: 'user' | 'assistant', text: string, status: ChatMessage['status'] = 'complete'): ChatMessage => ({ id, role, parts: [{ type: 'text', text }], createdAt: 1, status })

async function open(d: string, notices: string[] = []) {
  return ConversationStore.open(d, { notice: (m) => notices.push(m) })
}

describe('ConversationStore', () => {
  it('persists conversations atomically (mode 0600, no temp files left) and lists them newest first', async () => {
    const d = dir()
    const a = await open(d)
    await a.create(conv('c-1', 'Older', [msg('m1', 'user', 'hi')], 5))
    await a.create(conv('c-2', 'Newer', [], 9))
    await a.update('c-1', (c) => c.messages.push(msg('m2', 'assistant', 'hello there')))
    await a.flush()
    const files = readdirSync(join(d, 'chat'))
    expect(files.filter((f) => f.includes('.tmp-'))).toEqual([])
    expect(statSync(join(d, 'chat', 'c-1.json')).mode & 0o777).toBe(0o600)
    const b = await open(d)
    expect(b.summaries().map((s) => s.id)).toEqual(['c-2', 'c-1'])
    expect(b.summaries()[1]).toMatchObject({ messageCount: 2, preview: 'hello there' })
    expect((await b.get('c-1')).messages.map((m) => m.id)).toEqual(['m1', 'm2'])
  })

  it('searches titles and message text, showing where the text matched', async () => {
    const s = await open(dir())
    await s.create(conv('c-1', 'Trip to Kyoto', [msg('m1', 'user', 'plan a trip')]))
    await s.create(conv('c-2', 'Recipes', [msg('m2', 'assistant', 'First boil the water, then add 東京 noodles and stir for a while until soft.')]))
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
    expect(m).toMatchObject({ status: 'incomplete', parts: [{ type: 'text', text: 'partial ans' }], error: { code: 'STREAM_INCOMPLETE' } })
    await b.flush()
    const onDisk = JSON.parse(readFileSync(join(d, 'chat', 'c-1.json'), 'utf8'))
    expect(onDisk.conversation.messages[1].status).toBe('incomplete')
  })

  it('restores a damaged conversation from its last good copy, keeps the damaged file and says so', async () => {
    const d = dir()
    const a = await open(d)
    await a.create(conv('c-1', 'Precious', [msg('m1', 'user', 'keep me')]))
    await a.flush()
    await (await open(d)).get('c-1') // a good read refreshes the .bak
    writeFileSync(join(d, 'chat', 'c-1.json'), '{"version":1,"conversation":{"id":"c-1","tit')
    const notices: string[] = []
    const b = await open(d, notices)
    expect((await b.get('c-1')).messages[0].parts).toEqual([{ type: 'text', text: 'keep me' }])
    expect(notices.join()).toMatch(/"Precious" was damaged; its last good copy was restored/)
    expect(readdirSync(join(d, 'chat')).some((f) => f.startsWith('c-1.json.corrupt-'))).toBe(true)
  })

  it('reports a damaged conversation without a backup instead of silently emptying it', async () => {
    const d = dir()
    const a = await open(d)
    await a.create(conv('c-1', 'Lost', [msg('m1', 'user', 'x')]))
    await a.flush()
    writeFileSync(join(d, 'chat', 'c-1.json'), 'not json at all')
    const notices: string[] = []
    const b = await open(d, notices)
    const err = await b.get('c-1').catch((e: unknown) => e)
    expect(err).toBeInstanceOf(StudioError)
    expect((err as StudioError).code).toBe('STORAGE')
    expect((err as StudioError).message).toMatch(/"Lost" was damaged and has no usable backup; the damaged file is kept as .*c-1\.json\.corrupt-/)
    expect(notices).toHaveLength(1)
    expect(b.summaries().map((s) => s.id)).toEqual(['c-1'])
    await b.delete('c-1')
    expect(b.summaries()).toEqual([])
  })

  it('rebuilds a damaged list from the conversation files', async () => {
    const d = dir()
    const a = await open(d)
    await a.create(conv('c-1', 'One', [msg('m1', 'user', 'a')]))
    await a.create(conv('c-2', 'Two'))
    await a.flush()
    writeFileSync(join(d, 'chat', 'index.json'), '{"conversations": [')
    const notices: string[] = []
    const b = await open(d, notices)
    expect(b.summaries().map((s) => s.title).sort()).toEqual(['One', 'Two'])
    expect(notices.join()).toMatch(/list was damaged; it was rebuilt/)
  })

  it('deletes the files, and a late save of a deleted conversation does not bring it back', async () => {
    const d = dir()
    const s = await open(d)
    await s.create(conv('c-1', 'Gone'))
    await s.flush()
    await s.delete('c-1')
    await expect(s.update('c-1', (c) => (c.title = 'x'))).rejects.toMatchObject({ code: 'NOT_FOUND' })
    await s.flush()
    expect(existsSync(join(d, 'chat', 'c-1.json'))).toBe(false)
    expect((await open(d)).summaries()).toEqual([])
  })

  it('with writeAfter, readers see the change at once and the disk only once the promise settles', async () => {
    const d = dir()
    const s = await open(d)
    await s.create(conv('c-1', 'Before', [msg('m1', 'user', 'hi')]))
    await s.flush()
    const onDisk = () => JSON.parse(readFileSync(join(d, 'chat', 'c-1.json'), 'utf8')).conversation as StoredConversation
    let release = () => {}
    const gate = new Promise<void>((r) => (release = r))
    const saved = s.update('c-1', (c) => ((c.title = 'After'), c.messages.push(msg('m2', 'assistant', 'yo'))), { writeAfter: gate })
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
    expect(existsSync(join(d, 'chat', 'c-1.json'))).toBe(false)
    expect(s.summaries()).toEqual([])
    expect((await open(d)).summaries()).toEqual([])
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
