import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { VideoTask } from '@shared/domain/video'
import { TaskJournal, type TaskRecord } from './task-journal'
import { videoHarness } from './testing/harness'

const record = (id: string, prompt: string, more: Partial<VideoTask> = {}): TaskRecord => ({
  version: 1,
  phase: 'ended',
  task: {
    id,
    taskId: `task_${id}`,
    profileId: 'p',
    model: 'video-model',
    prompt,
    state: 'succeeded',
    createdAt: Number(id.slice(1)),
    updatedAt: 0,
    ...more
  } as VideoTask
})

describe('video prompt search (FTS5 over the task journal)', () => {
  it('finds a text anywhere in a prompt, model, task id or error, in any case; quotes and operators are plain text', async () => {
    const j = await TaskJournal.open(mkdtempSync(join(tmpdir(), 'video-search-')), () => {})
    await j.put(record('v1', 'A lighthouse at dusk, waves breaking'))
    await j.put(record('v2', 'a kite over the "dunes" OR the sea', { returnedModel: 'video-model-fast' }))
    await j.put(
      record('v3', 'storm', { state: 'failed', error: { message: 'Content was flagged', code: 'policy_violation' } })
    )
    expect([...j.matching('HOUSE AT')!]).toEqual(['v1'])
    expect([...j.matching('"dunes" OR')!]).toEqual(['v2'])
    expect([...j.matching('model-fast')!]).toEqual(['v2'])
    expect([...j.matching('task_v3')!]).toEqual(['v3'])
    expect([...j.matching('policy_vio')!]).toEqual(['v3'])
    expect([...j.matching('nothing like it')!]).toEqual([])
    // An edit and a removal reach the index.
    await j.put(record('v1', 'a harbour at noon'))
    expect([...j.matching('dusk')!]).toEqual([])
    await j.remove('v2')
    expect([...j.matching('kite')!]).toEqual([])
    // Trigrams need three characters: shorter queries are left to a scan.
    expect(j.matching('at')).toBeNull()
    j.close()
  })

  it("the board's list answers its search from the index, newest first, with the total", async () => {
    const h = await videoHarness()
    try {
      for (let i = 1; i <= 30; i++)
        await h.video.book.journal.put(record(`v${i}`, i % 10 === 0 ? `the needle in prompt ${i}` : `haystack ${i}`))
      const found = h.video.list({ filter: { query: 'Needle' } })
      expect(found.tasks.map((t) => t.id)).toEqual(['v30', 'v20', 'v10'])
      expect(found.total).toBe(3)
      // A two-letter query (no trigram) still works, by a scan.
      expect(h.video.list({ filter: { query: '30' } }).tasks.map((t) => t.id)).toEqual(['v30'])
    } finally {
      await h.close()
    }
  })

  it('ranks by relevance, not date, and gives each hit its excerpt with the match marked', async () => {
    const j = await TaskJournal.open(mkdtempSync(join(tmpdir(), 'video-search-')), () => {})
    await j.put(record('v1', 'Fox, fox and a third fox in the snow'))
    await j.put(
      record(
        'v2',
        'A slow pan across the valley at sunrise while a red fox crosses the frozen river and birds lift off'
      )
    )
    await j.put(record('v3', 'a harbour at noon', { model: 'fox-video-model' }))
    await j.put(record('v4', 'no match here'))
    const found = j.search('FOX', 10)
    // Newest first would be v3, v2, v1: the ranking puts the prompt that says it most first, a model name last.
    expect(found.hits.map((h) => h.id)).toEqual(['v1', 'v2', 'v3'])
    expect(found.more).toBe(false)
    const marked = (h: (typeof found.hits)[number]) => h.matchMarks.map(([a, b]) => h.match.slice(a, b))
    expect(found.hits[0].match).toBe('Fox, fox and a third fox in the snow')
    expect(marked(found.hits[0])).toEqual(['Fox', 'fox', 'fox'])
    expect(found.hits[1].match).toContain('red fox crosses')
    expect(marked(found.hits[1])).toEqual(['fox'])
    expect(marked(found.hits[2])).toEqual(['fox'])
    expect(j.search('fox', 2)).toMatchObject({ more: true, hits: [{ id: 'v1' }, { id: 'v2' }] })
    // Two characters are below a trigram: a scan, newest first, with the first occurrence marked.
    const short = j.search('no', 10)
    expect(short.hits.map((h) => h.id)).toEqual(['v4', 'v3', 'v1'])
    expect(marked(short.hits[0])).toEqual(['no'])
    // Quotes and operators are text; a query with nothing to find finds nothing.
    expect(j.search('" OR fox', 10).hits).toEqual([])
    j.close()
  })
})
