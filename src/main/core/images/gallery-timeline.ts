import { MAX_MONTHS, type GalleryMonth, type GalleryPageCursor } from '@shared/domain/gallery-timeline'
import type { GalleryFilter } from '@shared/domain/images'
import type { Library } from '../store/library-db'
import type { StoredItem } from './gallery-index'
import { rowItem, where } from './gallery-table'

/** Where a page starts: the newest items, a date (a month the timeline jumped to), or next to a loaded item. */
export interface PageStart {
  before?: number
  from?: number
  cursor?: GalleryPageCursor
}

export interface TimelinePage {
  items: StoredItem[]
  /** Whether items older than the page's last, or newer than its first, exist (for the filter). */
  older: boolean
  newer: boolean
}

const NEWEST_FIRST = 'ORDER BY created_at DESC, id DESC'

/**
 * One page newest first. Every form is a range on the (created_at, id) index, so a page costs the
 * same at the start of the gallery as a year back, and at 500 items as at 50,000. A page toward
 * newer items is read oldest first (the rows next to the cursor) and turned round.
 */
export function timelinePage(lib: Library, filter: GalleryFilter, start: PageStart, limit: number): TimelinePage {
  const w = where(filter)
  const parts = w.sql ? [w.sql.slice('WHERE '.length)] : []
  const params = [...w.params]
  const c = start.cursor
  if (c?.toward === 'newer') {
    const rows = lib.all<{ item: string }>(
      `SELECT item FROM gallery WHERE ${[...parts, '(created_at > ? OR (created_at = ? AND id > ?))'].join(' AND ')} ORDER BY created_at ASC, id ASC LIMIT ?`,
      ...params,
      c.createdAt,
      c.createdAt,
      c.id,
      limit + 1
    )
    const items = rows
      .slice(0, limit)
      .map(rowItem)
      .filter((i): i is StoredItem => i !== null)
      .reverse()
    return { items, older: true, newer: rows.length > limit }
  }
  if (c) {
    parts.push('(created_at < ? OR (created_at = ? AND id < ?))')
    params.push(c.createdAt, c.createdAt, c.id)
  } else if (start.from !== undefined) {
    parts.push('created_at <= ?')
    params.push(start.from)
  } else if (start.before !== undefined) {
    parts.push('created_at < ?')
    params.push(start.before)
  }
  const rows = lib.all<{ item: string }>(
    `SELECT item FROM gallery ${parts.length ? `WHERE ${parts.join(' AND ')}` : ''} ${NEWEST_FIRST} LIMIT ?`,
    ...params,
    limit + 1
  )
  const items = rows
    .slice(0, limit)
    .map(rowItem)
    .filter((i): i is StoredItem => i !== null)
  const first = items[0]
  const started = c !== undefined || start.from !== undefined || start.before !== undefined
  return { items, older: rows.length > limit, newer: started && first !== undefined && newerExists(lib, w, first) }
}

/** Whether an item of the filter is newer than `item`: one probe of the index. */
function newerExists(lib: Library, w: { sql: string; params: unknown[] }, item: StoredItem): boolean {
  const cond = '(created_at > ? OR (created_at = ? AND id > ?))'
  const sql = `SELECT 1 AS hit FROM gallery ${w.sql ? `${w.sql} AND ${cond}` : `WHERE ${cond}`} LIMIT 1`
  return lib.get<{ hit: number }>(sql, ...w.params, item.createdAt, item.createdAt, item.id) !== undefined
}

/**
 * The months the gallery spans (for the filter), newest first, each with its count and newest date.
 * Month bounds are the host's local midnights, worked out here (a few dozen), and each month is a
 * range count on the (created_at, id) index: no function runs per row, so 50,000 items over a year
 * are twelve index ranges, not 50,000 date conversions.
 */
export function galleryMonths(lib: Library, filter: GalleryFilter): GalleryMonth[] {
  const span = lib.get<{ lo: number | null; hi: number | null }>(
    'SELECT min(created_at) AS lo, max(created_at) AS hi FROM gallery'
  )
  if (!span || span.lo === null || span.hi === null) return []
  const bounds = monthBounds(span.lo, span.hi)
  const w = where(filter)
  const sql = `SELECT count(*) AS n, max(created_at) AS newest FROM gallery WHERE ${w.sql ? `${w.sql.slice('WHERE '.length)} AND ` : ''}created_at >= ? AND created_at < ?`
  return lib.tx(() => {
    const out: GalleryMonth[] = []
    for (const b of bounds) {
      const r = lib.get<{ n: number; newest: number | null }>(sql, ...w.params, b.start, b.end)
      if (r && r.n > 0 && r.newest !== null) out.push({ month: b.month, count: r.n, newest: r.newest })
    }
    return out
  })
}

/** Local calendar months from the one holding `hi` back to the one holding `lo`, at most MAX_MONTHS. */
export function monthBounds(lo: number, hi: number): { month: string; start: number; end: number }[] {
  const top = new Date(hi)
  let y = top.getFullYear()
  let m = top.getMonth()
  const out: { month: string; start: number; end: number }[] = []
  while (out.length < MAX_MONTHS) {
    const start = new Date(y, m, 1).getTime()
    const end = new Date(y, m + 1, 1).getTime()
    out.push({ month: `${String(y).padStart(4, '0')}-${String(m + 1).padStart(2, '0')}`, start, end })
    if (start <= lo) break
    if (--m < 0) {
      m = 11
      y--
    }
  }
  return out
}
