/**
 * A gallery change applied to the pages a gallery query holds, in place: a changed item is replaced,
 * a deleted one (or one that no longer fits the filter) removed, and a new one put where the host's
 * order (newest first, then id) places it, when that place lies inside the loaded pages. Nothing is
 * fetched again, so a change costs the same with one page loaded as after scrolling through a year.
 */
import type { GalleryFilter, GalleryItem } from '@shared/domain/images'

/** What the patch needs of a page: its items, the filter's total, and whether pages lie beyond it. */
export interface PatchablePage {
  items: GalleryItem[]
  total: number
  /** More items older than the page's last / newer than its first (browse pages; absent on search pages). */
  older?: boolean
  newer?: boolean
}

export interface Pages<P extends PatchablePage> {
  pages: P[]
  pageParams: unknown[]
}

/** The host's gallery order: negative when `a` comes first. */
export function byNewest(a: Pick<GalleryItem, 'createdAt' | 'id'>, b: Pick<GalleryItem, 'createdAt' | 'id'>): number {
  return b.createdAt - a.createdAt || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0)
}

/** The filter's attribute conditions, as the host applies them (a search's match is the host's to say). */
export function fitsFilter(item: GalleryItem, f: GalleryFilter): boolean {
  if (f.model !== undefined && item.model !== f.model) return false
  if (f.origin !== undefined && item.origin !== f.origin) return false
  return f.favorite === undefined || item.favorite === f.favorite
}

/**
 * Applies a change of `ids` (with `items`: those still in the gallery) to one query's pages. `ranked`:
 * a search's pages, whose order is the host's ranking, so a new item's place is unknown and it is
 * left to the next search; changed and deleted items are still patched there.
 */
export function patchPages<P extends PatchablePage>(
  data: Pages<P>,
  filter: GalleryFilter,
  ids: readonly string[],
  items: readonly GalleryItem[],
  ranked: boolean
): Pages<P> {
  const found = new Map(items.map((i) => [i.id, i]))
  const changed = new Set(ids)
  let delta = 0
  let pages = data.pages.map((page) => {
    if (!page.items.some((i) => changed.has(i.id))) return page
    const next: GalleryItem[] = []
    for (const old of page.items) {
      if (!changed.has(old.id)) next.push(old)
      else {
        const now = found.get(old.id)
        if (now && fitsFilter(now, filter)) next.push(now)
        else delta -= 1
      }
    }
    return { ...page, items: next }
  })
  if (!ranked) {
    const loaded = new Set(pages.flatMap((p) => p.items.map((i) => i.id)))
    for (const item of items) {
      if (loaded.has(item.id) || !fitsFilter(item, filter)) continue
      const at = placeOf(pages, item)
      if (!at) continue
      pages = pages.map((p, k) =>
        k === at.page ? { ...p, items: [...p.items.slice(0, at.index), item, ...p.items.slice(at.index)] } : p
      )
      delta += 1
    }
  }
  if (delta !== 0) pages = pages.map((p) => ({ ...p, total: Math.max(0, p.total + delta) }))
  return pages.every((p, k) => p === data.pages[k]) ? data : { ...data, pages }
}

/**
 * Where `item` goes in the loaded pages: before the first loaded item it precedes. Above the first
 * page only when that page is the gallery's start, below the last only when that one is its end;
 * otherwise its place is in a page not loaded, which brings it when the user gets there.
 */
function placeOf(pages: readonly PatchablePage[], item: GalleryItem): { page: number; index: number } | null {
  if (pages.length === 0) return null
  for (let p = 0; p < pages.length; p++) {
    const list = pages[p].items
    const index = list.findIndex((x) => byNewest(item, x) < 0)
    if (index < 0) continue
    if (p === 0 && index === 0 && pages[0].newer !== false) return null
    return { page: p, index }
  }
  const last = pages.length - 1
  return pages[last].older === false ? { page: last, index: pages[last].items.length } : null
}
