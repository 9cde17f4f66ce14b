import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { ConversationStore } from '../chat/conversation-store'
import { CHAT_SCHEMA } from '../chat/conversation-table'
import { MediaLibrary } from '../files/media'
import { GalleryStore } from '../images/gallery-store'
import { GALLERY_SCHEMA } from '../images/gallery-table'
import { PromptHistory } from '../prompts/prompt-history'
import { PROMPTS_SCHEMA } from '../prompts/prompt-table'
import { TaskJournal } from '../video/task-journal'
import { VIDEO_TASKS_SCHEMA } from '../video/task-table'
import { ftsSteps } from './fts-steps'
import { openLibrary, type Library } from './library-db'
import { SHIPPED_STEPS } from './testing/shipped-fts-steps'

const CURRENT: Record<string, string[]> = { gallery: GALLERY_SCHEMA, 'video-tasks': VIDEO_TASKS_SCHEMA, chat: CHAT_SCHEMA, prompts: PROMPTS_SCHEMA }
const newDir = () => mkdtempSync(join(tmpdir(), 'fts-steps-'))

/** Every table, index and trigger of a database, as SQLite keeps them (its copy of each CREATE statement). */
function schemaOf(lib: Library) {
  return lib.all<{ type: string; name: string; sql: string | null }>("SELECT type, name, sql FROM sqlite_master WHERE name <> 'schema_steps' ORDER BY name")
}

function libraryWith(steps: Record<string, string[]>): { dir: string; lib: Library } {
  const dir = newDir()
  const lib = openLibrary(dir)
  // The store names the stores use (gallery-store.ts, task-journal.ts, conversation-store.ts, prompt-history.ts).
  lib.schema('gallery', steps.gallery)
  lib.schema('video-tasks', steps['video-tasks'])
  lib.schema('chat', steps.chat)
  lib.schema('prompts', steps.prompts)
  return { dir, lib }
}

describe('ftsSteps: one writer for the external-content FTS5 tables', () => {
  it('writes each shipped step word for word, so no existing library re-runs or changes a step', () => {
    for (const [store, steps] of Object.entries(SHIPPED_STEPS)) expect(CURRENT[store], store).toEqual(steps)
  })

  it('a library made by the shipped steps has exactly the schema a new one gets', () => {
    const old = libraryWith(SHIPPED_STEPS)
    const fresh = libraryWith(CURRENT)
    try {
      expect(schemaOf(fresh.lib)).toEqual(schemaOf(old.lib))
      expect(schemaOf(fresh.lib).filter((r) => r.type === 'trigger')).toHaveLength(3 + 3 + 6 + 5)
    } finally {
      old.lib.release()
      fresh.lib.release()
    }
  })

  it('a library made by the shipped steps opens with the current stores, which add, index and search in it', async () => {
    const { dir, lib } = libraryWith(SHIPPED_STEPS)
    const applied = lib.all<{ store: string; applied: number }>('SELECT store, applied FROM schema_steps ORDER BY store')
    lib.run(
      "INSERT INTO gallery (id, created_at, model, origin, favorite, file, prompt, item) VALUES ('g1', 1, 'm', 'generate', 0, 'g1.png', 'an old harbour at dawn', ?)",
      JSON.stringify({ id: 'g1', file: 'g1.png', width: 8, height: 8, bytes: 1, createdAt: 1, origin: 'generate', format: 'png', model: 'm', prompt: 'an old harbour at dawn', profileId: 'p', favorite: false, params: {} })
    )
    const gallery = await GalleryStore.open({ dataDir: dir, media: new MediaLibrary('/media/') })
    const video = await TaskJournal.open(dir, () => {})
    const chat = await ConversationStore.open(dir)
    try {
      expect(gallery.search({ query: 'HARBOUR' }).items.map((i) => i.id)).toEqual(['g1'])
      await gallery.setFavorite('g1', true)
      expect(gallery.size).toBe(1)
      await video.put({ version: 1, phase: 'ended', task: { id: 'v1', profileId: 'p', model: 'vm', prompt: 'a lighthouse in fog', state: 'succeeded', createdAt: 2, updatedAt: 2 } } as never)
      expect([...video.matching('lighthouse')!]).toEqual(['v1'])
      const history = new PromptHistory(lib)
      history.record({ area: 'chat', kind: 'chat', model: 'cm', text: '东京塔的夜景' })
      expect(history.list({ query: '东京塔' }).entries.map((e) => e.text)).toEqual(['东京塔的夜景'])
      // Nothing was applied again.
      expect(lib.all('SELECT store, applied FROM schema_steps ORDER BY store')).toEqual(applied)
      await gallery.deleteMany(['g1'])
      expect(gallery.search({ query: 'harbour' }).total).toBe(0)
      expect(gallery.size).toBe(0)
      expect(await chat.search('harbour')).toEqual([])
    } finally {
      gallery.close()
      video.close()
      chat.close()
      lib.release()
    }
  })

  it('writes the triggers asked for: the key named, no update trigger for an insert-only table, extra statements', () => {
    const sql = ftsSteps({ table: 'notes', fts: 'notes_fts', columns: ['body'], key: 'seq', update: false, onInsert: 'UPDATE c SET n = n + 1;' })
    expect(sql).toContain("content_rowid = 'seq'")
    expect(sql).toContain('VALUES (new.seq, new.body);\n     UPDATE c SET n = n + 1;\n   END;')
    expect(sql).toContain("VALUES ('delete', old.seq, old.body);")
    expect(sql).not.toContain('notes_au')
  })
})
