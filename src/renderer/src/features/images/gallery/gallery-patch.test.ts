import { describe, expect, it } from 'vitest'
import { galleryItem } from '@renderer/testing/fake-images'
import { patchPages, type PatchablePage } from './gallery-patch'

const T = 1_000_000
const item = (n: number, over = {}) =>
  galleryItem({ id: `i${String(n).padStart(3, '0')}`, createdAt: T - n * 1000, ...over })
/** Pages of `size` items from `from` on (newest first), with the edges flagged as the host flags them. */
function pages(from: number, count: number, size: number, top: boolean, bottom: boolean) {
  const list: PatchablePage[] = []
  for (let p = 0; p < count; p++) {
    const items = Array.from({ length: size }, (_, k) => item(from + p * size + k))
    list.push({ items, total: 100, newer: p > 0 || !top, older: p < count - 1 || !bottom })
  }
  return { pages: list, pageParams: list.map(() => undefined) }
}
const ids = (d: { pages: PatchablePage[] }) => d.pages.flatMap((p) => p.items.map((i) => i.id))

describe('gallery pages patched in place', () => {
  it('puts a new image at the top when the first page is the gallery start, and counts it', () => {
    const data = pages(0, 3, 4, true, false)
    const fresh = galleryItem({ id: 'new', createdAt: T + 5 })
    const out = patchPages(data, {}, ['new'], [fresh], false)
    expect(ids(out)[0]).toBe('new')
    expect(out.pages[0].items).toHaveLength(5)
    expect(out.pages[1].items).toBe(data.pages[1].items)
    expect(out.pages.every((p) => p.total === 101)).toBe(true)
  })

  it('leaves a new image out when its place is in a page not loaded (above a jump, or below the last page)', () => {
    const middle = pages(40, 2, 4, false, false)
    expect(patchPages(middle, {}, ['new'], [galleryItem({ id: 'new', createdAt: T + 5 })], false)).toBe(middle)
    expect(patchPages(middle, {}, ['old'], [galleryItem({ id: 'old', createdAt: 0 })], false)).toBe(middle)
  })

  it('inserts between loaded items in date order, and at the end of the last page of the gallery', () => {
    const data = pages(0, 2, 3, true, true)
    const between = galleryItem({ id: 'mid', createdAt: T - 3500 })
    const oldest = galleryItem({ id: 'oldest', createdAt: 0 })
    const out = patchPages(data, {}, ['mid', 'oldest'], [between, oldest], false)
    expect(ids(out)).toEqual(['i000', 'i001', 'i002', 'i003', 'mid', 'i004', 'i005', 'oldest'])
  })

  it('replaces a changed item, removes a deleted one and one that no longer fits the filter', () => {
    const data = pages(0, 2, 3, true, true)
    const faved = { ...data.pages[0].items[1], favorite: true }
    const out = patchPages(data, {}, ['i001', 'i004'], [faved], false)
    expect(ids(out)).toEqual(['i000', 'i001', 'i002', 'i003', 'i005'])
    expect(out.pages[0].items[1].favorite).toBe(true)
    expect(out.pages[0].total).toBe(99)
    const favourites = patchPages(out, { favorite: true }, ['i001'], [{ ...faved, favorite: false }], false)
    expect(ids(favourites)).not.toContain('i001')
  })

  it('a search (ranked) gets changes and deletions but no new item: its place is the host’s ranking', () => {
    const data = pages(0, 1, 3, true, true)
    const out = patchPages(data, { query: 'x' }, ['new', 'i002'], [galleryItem({ id: 'new', createdAt: T + 1 })], true)
    expect(ids(out)).toEqual(['i000', 'i001'])
  })
})
