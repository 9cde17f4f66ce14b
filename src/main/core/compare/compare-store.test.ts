import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { CompareRunSchema } from '@shared/domain/compare'
import { openLibrary } from '../store/library-db'
import type { ChatComparePort } from './compare-port'
import { CompareService } from './compare-service'
import { COMPARE_SCHEMA, CompareStore } from './compare-store'

const newDir = () => mkdtempSync(join(tmpdir(), 'compare-store-'))

/** The chat compare table as the release before the one compare engine made it (schema store `chat-compare`). */
const OLD_CHAT_SCHEMA = [
  `CREATE TABLE chat_compares (
     id TEXT PRIMARY KEY,
     created_at REAL NOT NULL,
     format TEXT NOT NULL,
     prompt TEXT NOT NULL,
     columns TEXT NOT NULL
   );
   CREATE INDEX chat_compares_newest ON chat_compares (created_at DESC);`
]

const columns = [
  { conversationId: 'c-a', model: 'deepseek-v3' },
  { conversationId: 'c-b', model: 'gpt-4.1' }
]

/** A library left by the earlier release: an open chat run, a row it could not read either, and an image run. */
function oldLibrary(): string {
  const dir = newDir()
  const lib = openLibrary(dir)
  lib.schema('chat-compare', OLD_CHAT_SCHEMA)
  lib.schema('compare-runs', COMPARE_SCHEMA.slice(0, 1))
  const ins = 'INSERT INTO chat_compares (id, created_at, format, prompt, columns) VALUES (?, ?, ?, ?, ?)'
  lib.run(ins, 'cmp-0123456789abcdef', 1_700_000_000_000, 'messages', 'Name a tea', JSON.stringify(columns))
  lib.run(ins, 'cmp-broken', 1_700_000_000_500, 'chat', 'half written', '[{"conversationId":')
  const image = {
    id: 'run-image-0001',
    area: 'images',
    profileId: 'p',
    prompt: 'a lighthouse',
    createdAt: 1_700_000_001_000,
    cells: [{ model: 'm', family: 'f', ref: 'j1', state: 'done' }]
  }
  lib.run(
    'INSERT INTO compare_runs (id, area, created_at, open, record) VALUES (?, ?, ?, 0, ?)',
    image.id,
    image.area,
    image.createdAt,
    JSON.stringify(image)
  )
  lib.release()
  return dir
}

/** A chat part that knows the given conversations and records what it deleted. */
function chatPort(existing: string[], discarded: string[] = []): ChatComparePort {
  const unused = () => {
    throw new Error('not used by this test')
  }
  return {
    check: unused,
    ready: unused,
    newRef: unused,
    open: unused,
    start: unused,
    existing: async () => new Set(existing),
    discard: async (id) => void discarded.push(id)
  }
}

const noProfiles = {
  activeId: () => Promise.reject(new Error('unused')),
  connection: () => Promise.reject(new Error('unused'))
}

describe('compare store: one table for every area', () => {
  it('moves the chat runs of an earlier release into the one table: they load, list and settle as before', async () => {
    const dir = oldLibrary()
    const store = CompareStore.open(dir)
    const lib = openLibrary(dir)
    try {
      const migrated = store.get('cmp-0123456789abcdef')
      expect(migrated).toEqual({
        id: 'cmp-0123456789abcdef',
        area: 'chat',
        createdAt: 1_700_000_000_000,
        format: 'messages',
        prompt: 'Name a tea',
        columns
      })
      expect(CompareRunSchema.safeParse(migrated).success).toBe(true)
      // The old table is gone; every one of its rows is in the new one, the unreadable one too (kept, not shown).
      expect(lib.all(`SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'chat_compares'`)).toEqual([])
      expect(
        lib.all<{ id: string; area: string; open: number }>('SELECT id, area, open FROM compare_runs ORDER BY id')
      ).toEqual([
        { id: 'cmp-0123456789abcdef', area: 'chat', open: 0 },
        { id: 'cmp-broken', area: 'chat', open: 0 },
        { id: 'run-image-0001', area: 'images', open: 0 }
      ])
      expect(store.list('chat').map((r) => r.id)).toEqual(['cmp-0123456789abcdef'])
      expect(store.list('images').map((r) => r.id)).toEqual(['run-image-0001'])
      expect(lib.get(`SELECT applied FROM schema_steps WHERE store = 'chat-compare'`)).toBeUndefined()

      const discarded: string[] = []
      const engine = new CompareService({
        store,
        ports: { chat: chatPort(['c-a', 'c-b'], discarded) },
        profiles: noProfiles,
        emit: () => undefined
      })
      expect((await engine.listChat()).compares).toEqual([migrated])
      await engine.settleChat({ id: 'cmp-0123456789abcdef', keep: 'c-b', discardOthers: true })
      expect(discarded).toEqual(['c-a'])
      expect((await engine.listChat()).compares).toEqual([])
    } finally {
      lib.release()
      store.close()
    }
  })

  it('opens a new library (no chat table from an earlier release) and a migrated one again without change', () => {
    const fresh = CompareStore.open(newDir())
    expect(fresh.list('chat')).toEqual([])
    fresh.close()
    const dir = oldLibrary()
    CompareStore.open(dir).close()
    const again = CompareStore.open(dir)
    expect(again.list('chat').map((r) => r.id)).toEqual(['cmp-0123456789abcdef'])
    again.close()
  })

  it('keeps the areas apart: a chat run is neither listed, kept nor reconciled as a media run, and the other way round', async () => {
    const dir = newDir()
    const store = CompareStore.open(dir)
    try {
      store.put({ id: 'cmp-chat-run-1', area: 'chat', createdAt: 2, format: 'chat', prompt: 'hi', columns })
      store.put({
        id: 'run-video-0001',
        area: 'video',
        profileId: 'p',
        prompt: 'waves',
        createdAt: 1,
        cells: [{ model: 'm', family: 'f', ref: 't1', state: 'running' }]
      })
      expect(store.open().map((r) => r.id)).toEqual(['run-video-0001'])
      const engine = new CompareService({
        store,
        ports: { chat: chatPort(['c-a']) },
        profiles: noProfiles,
        emit: () => undefined
      })
      expect((await engine.listChat()).compares.map((r) => [r.id, r.columns.length])).toEqual([['cmp-chat-run-1', 1]])
      await expect(engine.keep('cmp-chat-run-1', 0)).rejects.toMatchObject({ code: 'NOT_FOUND' })
      await expect(engine.settleChat({ id: 'run-video-0001' })).rejects.toMatchObject({ code: 'NOT_FOUND' })
      // The video area is not part of this engine: its open run is left as it was, not reconciled.
      expect(store.get('run-video-0001')).toMatchObject({ cells: [{ state: 'running' }] })
    } finally {
      store.close()
    }
  })
})
