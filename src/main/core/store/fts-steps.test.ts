import { createHash } from 'node:crypto'
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

const CURRENT: Record<string, string[]> = {
  gallery: GALLERY_SCHEMA,
  'video-tasks': VIDEO_TASKS_SCHEMA,
  chat: CHAT_SCHEMA,
  prompts: PROMPTS_SCHEMA
}
/**
 * The schema steps of the four full-text stores as they shipped before `ftsSteps` wrote them, by
 * content hash (sha-256, first 16 hex digits). A step is applied once per library and never again,
 * so its text may never change: a new schema change is a new step after these.
 */
const SHIPPED: Record<string, string[]> = {
  gallery: ['ea2d77ca8c08ddad'],
  'video-tasks': ['58c09904f8ef7eef', '1e171b874aaa9ba2'],
  chat: ['4496b86d138c5d3f'],
  prompts: ['9fb6080c7142098b']
}
const hashOf = (sql: string) => createHash('sha256').update(sql).digest('hex').slice(0, 16)
const newDir = () => mkdtempSync(join(tmpdir(), 'fts-steps-'))

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
    for (const [store, hashes] of Object.entries(SHIPPED))
      expect(CURRENT[store].slice(0, hashes.length).map(hashOf), store).toEqual(hashes)
  })

  it('a library made by those steps opens with the current stores, which add, index and search in it without applying a step again', async () => {
    const { dir, lib } = libraryWith(CURRENT)
    const applied = lib.all<{ store: string; applied: number }>(
      'SELECT store, applied FROM schema_steps ORDER BY store'
    )
    lib.run(
      "INSERT INTO gallery (id, created_at, model, origin, favorite, file, prompt, item) VALUES ('g1', 1, 'm', 'generate', 0, 'g1.png', 'an old harbour at dawn', ?)",
      JSON.stringify({
        id: 'g1',
        file: 'g1.png',
        width: 8,
        height: 8,
        bytes: 1,
        createdAt: 1,
        origin: 'generate',
        format: 'png',
        model: 'm',
        prompt: 'an old harbour at dawn',
        profileId: 'p',
        favorite: false,
        params: {}
      })
    )
    const gallery = await GalleryStore.open({ dataDir: dir, media: new MediaLibrary('/media/') })
    const video = await TaskJournal.open(dir, () => {})
    const chat = await ConversationStore.open(dir)
    try {
      expect(gallery.search({ query: 'HARBOUR' }).items.map((i) => i.id)).toEqual(['g1'])
      await gallery.setFavorite('g1', true)
      expect(gallery.size).toBe(1)
      await video.put({
        version: 1,
        phase: 'ended',
        task: {
          id: 'v1',
          profileId: 'p',
          model: 'vm',
          prompt: 'a lighthouse in fog',
          state: 'succeeded',
          createdAt: 2,
          updatedAt: 2
        }
      } as never)
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
    const sql = ftsSteps({
      table: 'notes',
      fts: 'notes_fts',
      columns: ['body'],
      key: 'seq',
      update: false,
      onInsert: 'UPDATE c SET n = n + 1;'
    })
    expect(sql).toContain("content_rowid = 'seq'")
    expect(sql).toContain('VALUES (new.seq, new.body);\n     UPDATE c SET n = n + 1;\n   END;')
    expect(sql).toContain("VALUES ('delete', old.seq, old.body);")
    expect(sql).not.toContain('notes_au')
  })
})
