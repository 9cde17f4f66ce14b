import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import type { ImageJob } from '@shared/domain/images'
import { PROMPTS_FILE_FORMAT } from '@shared/domain/prompts'
import { StudioError } from '@shared/errors'
import { openLibrary, type Library } from '../store/library-db'
import { PromptHistory } from './prompt-history'
import { historyResultSink } from './prompt-recorder'
import { SavedPrompts } from './saved-prompts'

const open: Library[] = []
function lib(): Library {
  const l = openLibrary(mkdtempSync(join(tmpdir(), 'prompts-')))
  open.push(l)
  return l
}
afterEach(() => {
  for (const l of open.splice(0)) l.release()
})

const file = (prompts: unknown[]) => JSON.stringify({ format: PROMPTS_FILE_FORMAT, version: 1, prompts })

function importError(saved: SavedPrompts, text: string): StudioError {
  try {
    saved.importText(text)
  } catch (e) {
    if (e instanceof StudioError) return e
    throw e
  }
  throw new Error('the import was taken')
}

describe('prompt history', () => {
  it('pages newest first by keyset: every entry once, in order, across pages, with a cursor only while more remain', () => {
    let t = 1_000
    const h = new PromptHistory(lib(), () => t++)
    for (let i = 0; i < 125; i++)
      h.record({
        area: i % 3 === 0 ? 'video' : 'images',
        kind: i % 3 === 0 ? 'video-create' : 'image-generate',
        model: 'm',
        text: `prompt number ${i}`
      })
    const seen: string[] = []
    let page = h.list({ limit: 50 })
    seen.push(...page.entries.map((e) => e.text))
    while (page.next) {
      page = h.list({ limit: 50, before: page.next })
      seen.push(...page.entries.map((e) => e.text))
    }
    expect(seen).toHaveLength(125)
    expect(seen[0]).toBe('prompt number 124')
    expect(seen[124]).toBe('prompt number 0')
    expect(new Set(seen).size).toBe(125)
    // Area filter pages the same way.
    expect(h.list({ area: 'video', limit: 200 }).entries).toHaveLength(42)
  })

  it('searches text and model with the trigram index (inside words, in Chinese), and short queries by a scan', () => {
    const h = new PromptHistory(lib())
    h.record({ area: 'images', kind: 'image-generate', model: 'imagegen-1', text: 'A lighthouse at dusk' })
    h.record({ area: 'video', kind: 'video-create', model: 'vidq-2', text: '我喜欢在东京吃拉面' })
    h.record({ area: 'chat', kind: 'chat', model: 'gpt-x', text: 'write a "haiku" OR a limerick' })
    expect(h.list({ query: 'HTHOUS' }).entries.map((e) => e.model)).toEqual(['imagegen-1'])
    expect(h.list({ query: '东京吃' }).entries.map((e) => e.area)).toEqual(['video'])
    expect(h.list({ query: 'vidq' }).entries.map((e) => e.area)).toEqual(['video'])
    expect(h.list({ query: '"haiku" OR' }).entries.map((e) => e.area)).toEqual(['chat'])
    expect(h.list({ query: '东京' }).entries.map((e) => e.area)).toEqual(['video'])
    expect(h.list({ query: '%' }).entries).toEqual([])
    expect(h.list({ query: 'nothing like it' }).entries).toEqual([])
  })

  it("an image job's items become its entry's results when the job reports them", () => {
    const h = new PromptHistory(lib())
    h.record({ area: 'images', kind: 'image-generate', model: 'm', text: 'a fox', ref: 'job-1' })
    let changes = 0
    const onJob = historyResultSink(h, () => changes++)
    // Only the fields the listener reads; the rest of a job does not matter here.
    const job = (jobId: string, ids: string[]) => ({ jobId, items: ids.map((id) => ({ id })) }) as unknown as ImageJob
    onJob(job('job-1', ['img-a', 'img-b']))
    onJob(job('job-1', ['img-b']))
    onJob(job('other', ['img-c']))
    expect(h.list().entries[0].results).toEqual([
      { kind: 'image', id: 'img-a' },
      { kind: 'image', id: 'img-b' }
    ])
    expect(changes).toBe(2)
  })
})

describe('saved prompts', () => {
  it('ranks a search: a match in the name before one in the tags before one only in the text', () => {
    let t = 0
    const s = new SavedPrompts(lib(), () => ++t)
    s.save({ name: 'Beach at noon', text: 'the sunset over water, sunset colours', tags: [] })
    s.save({ name: 'Sunset portrait', text: 'a face in warm light', tags: [] })
    s.save({ name: 'Harbour', text: 'boats', tags: ['sunset'] })
    s.save({ name: 'Unrelated', text: 'a cat', tags: ['pets'] })
    const found = s.list({ query: 'sunset' })
    expect(found.prompts.map((p) => p.name)).toEqual(['Sunset portrait', 'Harbour', 'Beach at noon'])
    expect(found.total).toBe(3)
    // Without a query: most recently changed first, paged by offset.
    expect(s.list({ limit: 2 }).prompts.map((p) => p.name)).toEqual(['Unrelated', 'Harbour'])
    expect(s.list({ limit: 2, offset: 2 }).prompts.map((p) => p.name)).toEqual(['Sunset portrait', 'Beach at noon'])
    // A tag filter matches whole tags only.
    expect(s.list({ tag: 'SUNSET' }).prompts.map((p) => p.name)).toEqual(['Harbour'])
    expect(s.list({ tag: 'sun' }).prompts).toEqual([])
  })

  it('edits and deletes reach the index; a missing id is NOT_FOUND', () => {
    const s = new SavedPrompts(lib())
    const p = s.save({ name: 'Fox', text: 'a red fox', tags: ['animal', 'Animal ', 'fur'] })
    expect(p.tags).toEqual(['animal', 'fur'])
    s.save({ id: p.id, name: 'Wolf', text: 'a grey wolf', tags: [] })
    expect(s.list({ query: 'fox' }).prompts).toEqual([])
    expect(s.list({ query: 'wolf' }).prompts.map((x) => x.name)).toEqual(['Wolf'])
    s.delete(p.id)
    expect(s.list({ query: 'wolf' }).prompts).toEqual([])
    expect(() => s.delete(p.id)).toThrow(/no longer exists/)
  })

  it('export then import round-trips, and a second import merges instead of doubling', () => {
    const a = new SavedPrompts(lib())
    a.save({ name: 'Fox', text: 'a red fox', tags: ['animal'] })
    a.save({ name: 'Sea', text: 'waves at night', tags: [] })
    const text = JSON.stringify(a.exportFile())
    const b = new SavedPrompts(lib())
    expect(b.importText(text)).toEqual({ added: 2, merged: 0 })
    expect(b.list().prompts.map((p) => [p.name, p.text, p.tags])).toEqual(
      expect.arrayContaining([
        ['Fox', 'a red fox', ['animal']],
        ['Sea', 'waves at night', []]
      ])
    )
    expect(b.importText(text)).toEqual({ added: 0, merged: 2 })
    expect(b.list().total).toBe(2)
    // The same words under another name merge too, gaining the file's tags.
    expect(b.importText(file([{ name: 'Other name', text: '  a red fox\r\n', tags: ['orange', 'ANIMAL'] }]))).toEqual({
      added: 0,
      merged: 1
    })
    const fox = b.list({ query: 'red fox' }).prompts
    expect(fox.map((p) => [p.name, p.tags])).toEqual([['Fox', ['animal', 'orange']]])
  })

  it('refuses a bad file with a clear message at its place, and takes nothing from it', () => {
    const s = new SavedPrompts(lib())
    expect(importError(s, 'not json').message).toMatch(/^The prompts file has 1 problem: The file is not JSON/)
    expect(importError(s, JSON.stringify({ format: 'something-else', version: 1, prompts: [] })).message).toMatch(
      /format: Not a prompts file/
    )
    expect(importError(s, JSON.stringify({ format: PROMPTS_FILE_FORMAT, version: 2, prompts: [] })).message).toMatch(
      /version: Only version 1/
    )
    const bad = importError(
      s,
      file([
        { name: 'Good', text: 'fine' },
        { name: '', text: 'x' },
        { name: 'No words', text: '   ' },
        { name: 'T', text: 'y', tags: ['a,b'] }
      ])
    )
    expect(bad.code).toBe('INVALID_INPUT')
    expect(bad.field).toBe('file')
    expect(bad.details?.problems).toEqual([
      { field: 'prompts.1.name', message: 'A name is required' },
      { field: 'prompts.2.text', message: 'The prompt is empty' },
      { field: 'prompts.3.tags.0', message: 'A tag has no commas or control characters' }
    ])
    expect(s.list().total).toBe(0)
  })
})
