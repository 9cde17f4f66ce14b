import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import type { GalleryExcerpt, GalleryFilter, GallerySearchPage } from '@shared/domain/images'
import { MediaLibrary } from '../files/media'
import type { StoredItem } from './gallery-index'
import { GalleryStore } from './gallery-store'

const opened: GalleryStore[] = []
afterEach(() => {
  for (const s of opened.splice(0)) s.close()
})

async function storeWith(prompts: Array<string | Partial<StoredItem>>): Promise<GalleryStore> {
  const store = await GalleryStore.open({
    dataDir: mkdtempSync(join(tmpdir(), 'gallery-search-')),
    media: new MediaLibrary('/media/')
  })
  opened.push(store)
  // Rows only: a search never opens the files. Item i is newer than item i - 1.
  await store.add(prompts.map((p, i) => item(i, typeof p === 'string' ? { prompt: p } : p)))
  return store
}

function item(i: number, over: Partial<StoredItem>): StoredItem {
  const id = `i${String(i).padStart(3, '0')}`
  return {
    id,
    file: `${id}.png`,
    width: 8,
    height: 8,
    format: 'png',
    bytes: 1,
    createdAt: 1_000 + i,
    origin: 'generate',
    profileId: 'p',
    model: 'imagegen-4.0',
    prompt: '',
    params: {},
    favorite: false,
    ...over
  }
}

/** The marked runs of an excerpt, as the page shows them in <mark>. */
const marked = (e: GalleryExcerpt) => e.matchMarks.map(([a, b]) => e.match.slice(a, b))

/** Every page of a search, `limit` at a time, following `next`. */
function allPages(store: GalleryStore, filter: GalleryFilter, limit: number): GallerySearchPage[] {
  const pages = [store.search(filter, undefined, limit)]
  while (pages.at(-1)!.next) pages.push(store.search(filter, pages.at(-1)!.next!, limit))
  return pages
}

describe('gallery search: ranked, with the matching excerpt', () => {
  it('puts the prompt that says it twice, or says it in fewer words, above newer weaker matches', async () => {
    const store = await storeWith([
      'a lighthouse on a cliff, and a second lighthouse beyond it',
      'lighthouse',
      'a long panorama of the northern coast at dusk with fishing boats, gulls, rocks and far away a lighthouse',
      'a quiet harbour',
      { prompt: 'a harbour at night', revisedPrompt: 'a harbour at night beside a lighthouse, long exposure, calm sea' }
    ])
    const page = store.search({ query: 'LIGHTHOUSE' })
    // Newest first would be i004, i002, i001, i000: the ranking reads the prompts, not the dates.
    expect(page.items.map((i) => i.id)).toEqual(['i001', 'i000', 'i002', 'i004'])
    expect(page.total).toBe(4)
    expect(page.next).toBeNull()
  })

  it('gives each item its excerpt with the match marked, from the revised prompt when only that matched', async () => {
    const store = await storeWith([
      'portrait of an old fisherman mending a net on the pier',
      { prompt: 'a boat', revisedPrompt: 'a small wooden boat moored at the pier at dawn' }
    ])
    const page = store.search({ query: 'the pier' })
    const byId = new Map(page.excerpts.map((e) => [e.id, e]))
    expect(byId.get('i000')!.match).toBe('…ending a net on the pier')
    expect(marked(byId.get('i000')!)).toEqual(['the pier'])
    expect(byId.get('i001')!.match).toBe('… boat moored at the pier at dawn')
    expect(marked(byId.get('i001')!)).toEqual(['the pier'])
    // Excerpts are plain text with offsets: nothing in them is markup.
    for (const e of page.excerpts) expect([...e.match].some((c) => '<>\u0002\u0003'.includes(c))).toBe(false)
  })

  it('cuts a long prompt to the text around its first match, never through a match', async () => {
    const filler = (n: number) => Array.from({ length: n }, (_, i) => `word${i}`).join(' ')
    const store = await storeWith([`${filler(40)} a copper kettle ${filler(12)} copper kettle ${filler(40)}`])
    const [e] = store.search({ query: 'copper kettle' }).excerpts
    expect(e.match.startsWith('…')).toBe(true)
    expect(e.match.endsWith('…')).toBe(true)
    expect(e.match.length).toBeLessThan(160)
    expect(marked(e)).toEqual(['copper kettle', 'copper kettle'])
  })

  it('pages through a ranked result of many ties and scores without a repeat or a gap', async () => {
    const prompts = Array.from({ length: 57 }, (_, i) =>
      i % 3 === 0
        ? `koi pond, koi ${i}`
        : i % 3 === 1
          ? `a koi ${i}`
          : `garden ${i} with a koi pond and stone lanterns in the rain`
    )
    prompts.push('no fish here')
    const store = await storeWith(prompts)
    const pages = allPages(store, { query: 'koi' }, 10)
    const ids = pages.flatMap((p) => p.items.map((i) => i.id))
    expect(pages).toHaveLength(6)
    expect(ids).toHaveLength(57)
    expect(new Set(ids).size).toBe(57)
    // The pages in a row are the whole ranking, in its order.
    expect(ids).toEqual(store.search({ query: 'koi' }, undefined, 500).items.map((i) => i.id))
    expect(pages.every((p) => p.total === 57)).toBe(true)
  })

  it('keeps the model, origin and favourite filters while ranking', async () => {
    const store = await storeWith([
      { prompt: 'red panda, red panda', model: 'other-model' },
      { prompt: 'a red panda asleep', favorite: true },
      { prompt: 'red panda on a branch', origin: 'edit' }
    ])
    expect(
      store
        .search({ query: 'red panda', model: 'imagegen-4.0' })
        .items.map((i) => i.id)
        .sort()
    ).toEqual(['i001', 'i002'])
    expect(store.search({ query: 'red panda', favorite: true }).items.map((i) => i.id)).toEqual(['i001'])
    expect(store.search({ query: 'red panda', origin: 'edit' }).total).toBe(1)
  })

  it('finds Chinese text inside a sentence without spaces (trigrams), with the match marked', async () => {
    const store = await storeWith(['我喜欢在东京吃拉面', '东京塔的夜景，东京塔的灯光', '上海的夜景'])
    const page = store.search({ query: '东京塔' })
    expect(page.items.map((i) => i.id)).toEqual(['i001'])
    expect(marked(page.excerpts[0])).toEqual(['东京塔', '东京塔'])
    expect(
      store
        .search({ query: '的夜景' })
        .items.map((i) => i.id)
        .sort()
    ).toEqual(['i001', 'i002'])
  })

  it('answers a one- or two-character query (below a trigram) by a scan, newest first, marked and paged', async () => {
    const store = await storeWith([
      '我喜欢在东京吃拉面',
      '东京塔的夜景',
      '上海的夜景',
      'an ox in a field',
      'a fox',
      'box'
    ])
    const two = store.search({ query: '东京' })
    expect(two.items.map((i) => i.id)).toEqual(['i001', 'i000'])
    expect(two.excerpts.map(marked)).toEqual([['东京'], ['东京']])
    expect(two.total).toBe(2)
    const ox = allPages(store, { query: 'OX' }, 2)
    expect(ox.flatMap((p) => p.items.map((i) => i.id))).toEqual(['i005', 'i004', 'i003'])
    expect(ox.flatMap((p) => p.excerpts.map(marked))).toEqual([['ox'], ['ox'], ['ox']])
    expect(store.search({ query: '夜' }).total).toBe(2)
  })

  it('takes quotes and FTS operators as text', async () => {
    const store = await storeWith(['a sign that says "OPEN" OR closed', 'open door'])
    expect(store.search({ query: '"OPEN" OR' }).items.map((i) => i.id)).toEqual(['i000'])
    expect(store.search({ query: 'NEAR(' }).items).toEqual([])
  })
})
