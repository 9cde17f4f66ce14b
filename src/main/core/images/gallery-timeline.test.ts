import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import type { GalleryPageCursor } from '@shared/domain/gallery-timeline'
import { MediaLibrary } from '../files/media'
import type { StoredItem } from './gallery-index'
import { GalleryStore } from './gallery-store'
import { monthBounds } from './gallery-timeline'

const DAY = 86_400_000
const open: GalleryStore[] = []
afterEach(() => {
  for (const s of open.splice(0)) s.close()
})

/** `n` items, one a day back from 2026-06-15 local noon, every third one twice at the same instant (ties on the date). */
async function seeded(n: number): Promise<{ store: GalleryStore; items: StoredItem[] }> {
  const store = await GalleryStore.open({
    dataDir: mkdtempSync(join(tmpdir(), 'timeline-')),
    media: new MediaLibrary('/media/')
  })
  open.push(store)
  const top = new Date(2026, 5, 15, 12).getTime()
  const items: StoredItem[] = []
  for (let i = 0; i < n; i++) {
    const id = `t${String(i).padStart(4, '0')}`
    writeFileSync(join(store.libraryDir, `${id}.png`), 'x')
    const createdAt = top - Math.floor(i / 2) * DAY
    items.push({
      id,
      file: `${id}.png`,
      width: 8,
      height: 8,
      format: 'png',
      bytes: 1,
      createdAt,
      origin: i % 4 === 0 ? 'edit' : 'generate',
      profileId: 'p',
      model: 'm',
      prompt: `picture ${i}`,
      params: {},
      favorite: false
    })
  }
  await store.add(items)
  return { store, items }
}

const order = (a: StoredItem, b: StoredItem) => b.createdAt - a.createdAt || (a.id < b.id ? 1 : -1)

describe('gallery timeline pages', () => {
  it('walks older and then newer from the middle without repeating or skipping an item, ties on the date included', async () => {
    const { store, items } = await seeded(90)
    const all = [...items].sort(order).map((i) => i.id)
    const first = store.page({}, {}, 20)
    expect(first.items.map((i) => i.id)).toEqual(all.slice(0, 20))
    expect([first.older, first.newer]).toEqual([true, false])
    // Down to the end, a page at a time from the last item seen.
    const seen = [...first.items]
    let page = first
    while (page.older) {
      const last = page.items.at(-1)!
      page = store.page({}, { cursor: { createdAt: last.createdAt, id: last.id, toward: 'older' } }, 20)
      expect(page.newer).toBe(true)
      seen.push(...page.items)
    }
    expect(seen.map((i) => i.id)).toEqual(all)
    // Back up from the oldest item.
    const up: string[] = []
    let cursor: GalleryPageCursor | null = { createdAt: seen.at(-1)!.createdAt, id: seen.at(-1)!.id, toward: 'newer' }
    while (cursor) {
      const p = store.page({}, { cursor }, 20)
      up.unshift(...p.items.map((i) => i.id))
      cursor = p.newer ? { createdAt: p.items[0].createdAt, id: p.items[0].id, toward: 'newer' } : null
    }
    expect(up).toEqual(all.slice(0, -1))
  })

  it('starts at a date (a month the timeline jumped to), keeps the filter, and says newer items exist', async () => {
    const { store, items } = await seeded(120)
    const may = store.months({}).find((m) => m.month === '2026-05')!
    const page = store.page({}, { from: may.newest }, 10)
    expect(new Date(page.items[0].createdAt).getMonth()).toBe(4)
    expect(page.items[0].createdAt).toBe(may.newest)
    expect(page.newer).toBe(true)
    const edits = store.page({ origin: 'edit' }, { from: may.newest }, 500)
    expect(edits.items.every((i) => i.origin === 'edit')).toBe(true)
    expect(edits.items.length).toBe(items.filter((i) => i.origin === 'edit' && i.createdAt <= may.newest).length)
  })
})

describe('gallery months', () => {
  it('counts each local month, newest first, for the whole gallery and for a filter', async () => {
    const { store, items } = await seeded(240)
    const expected = new Map<string, number>()
    for (const i of items) {
      const d = new Date(i.createdAt)
      const key = `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}`
      expected.set(key, (expected.get(key) ?? 0) + 1)
    }
    const months = store.months({})
    expect(months.map((m) => [m.month, m.count])).toEqual([...expected.entries()])
    expect(months.reduce((n, m) => n + m.count, 0)).toBe(240)
    const edits = store.months({ origin: 'edit' })
    expect(edits.reduce((n, m) => n + m.count, 0)).toBe(items.filter((i) => i.origin === 'edit').length)
    const searched = store.months({ query: 'picture 7' })
    expect(searched.reduce((n, m) => n + m.count, 0)).toBe(items.filter((i) => i.prompt.includes('picture 7')).length)
  })

  it('is empty for an empty gallery and bounds months at local midnights', async () => {
    const store = await GalleryStore.open({
      dataDir: mkdtempSync(join(tmpdir(), 'timeline-')),
      media: new MediaLibrary('/media/')
    })
    open.push(store)
    expect(store.months({})).toEqual([])
    const b = monthBounds(new Date(2025, 10, 30).getTime(), new Date(2026, 1, 2).getTime())
    expect(b.map((x) => x.month)).toEqual(['2026-02', '2026-01', '2025-12', '2025-11'])
    expect(b[1].start).toBe(new Date(2026, 0, 1).getTime())
    expect(b[1].end).toBe(b[0].start)
  })

  it('gives back the items of ids still there, leaving deleted ones out', async () => {
    const { store, items } = await seeded(5)
    await store.delete(items[1].id)
    expect(
      store
        .getMany([items[0].id, items[1].id, items[2].id])
        .map((i) => i.id)
        .sort()
    ).toEqual([items[0].id, items[2].id])
  })
})
