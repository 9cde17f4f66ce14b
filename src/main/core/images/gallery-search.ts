import type { GalleryExcerpt, GalleryFilter, GallerySearchCursor } from '@shared/domain/images'
import { ftsPhrase } from '../store/fts'
import type { Library } from '../store/library-db'
import { excerpt, markFirst, MARK_CLOSE, MARK_OPEN } from '../store/search-marks'
import type { StoredItem } from './gallery-index'
import { attributeFilter, rowItem, where } from './gallery-table'

/** The trigram tokenizer's shortest match; a shorter query is a scan (see `searchGallery`). */
export const INDEXED_QUERY = 3
/** Characters of context an excerpt keeps before its first match (little: a cell's caption is one short line) and after it. */
const BEFORE = 16
const AFTER = 80
/** bm25 weights of (prompt, revised_prompt): what the user typed counts above the gateway's rewrite of it. */
const BM25 = 'bm25(gallery_fts, 10.0, 1.0)'

export interface GallerySearchRows {
  items: StoredItem[]
  excerpts: GalleryExcerpt[]
  total: number
  next: GallerySearchCursor | null
}

interface Ranked {
  rowid: number
  id: string
  created_at: number
  score: number
}

/**
 * One page of a gallery search, best first, after `after` (the last item of the page before).
 *
 * Three characters or more go through the FTS5 index, ranked by bm25 (a prompt holding the words
 * twice, or a shorter prompt holding them, comes before a longer or weaker one however new), then
 * newest first; each page is a keyset on (score, date, id), so paging through one result neither
 * repeats nor skips an item. One or two characters are below a trigram: those are a scan of the
 * prompts, newest first (score 0 for all), still with the first occurrence marked.
 */
export function searchGallery(
  lib: Library,
  filter: GalleryFilter,
  after: GallerySearchCursor | undefined,
  limit: number
): GallerySearchRows {
  const q = filter.query?.trim() ?? ''
  const all = where(filter)
  const total = lib.get<{ n: number }>(`SELECT count(*) AS n FROM gallery ${all.sql}`, ...all.params)!.n
  const ranked =
    [...q].length >= INDEXED_QUERY
      ? rankedPage(lib, filter, q, after, limit + 1)
      : scanPage(lib, filter, q, after, limit + 1)
  const page = ranked.slice(0, limit)
  const rows = new Map(
    lib
      .all<{ rowid: number; item: string; prompt: string; revised_prompt: string | null }>(
        'SELECT rowid, item, prompt, revised_prompt FROM gallery WHERE rowid IN (SELECT value FROM json_each(?))',
        JSON.stringify(page.map((r) => r.rowid))
      )
      .map((r) => [r.rowid, r])
  )
  const snippets = [...q].length >= INDEXED_QUERY ? snippetsOf(lib, q, page) : null
  const items: StoredItem[] = []
  const excerpts: GalleryExcerpt[] = []
  for (const r of page) {
    const row = rows.get(r.rowid)
    const item = rowItem(row)
    if (!row || !item) continue
    items.push(item)
    const marked =
      snippets?.get(r.rowid) ??
      around(markFirst(row.prompt.toLowerCase().includes(q.toLowerCase()) ? row.prompt : (row.revised_prompt ?? ''), q))
    const { match, marks } = excerpt(marked)
    excerpts.push({ id: item.id, match, matchMarks: marks.slice(0, 64) })
  }
  const last = page.at(-1)
  const next = ranked.length > limit && last ? { score: last.score, createdAt: last.created_at, id: last.id } : null
  return { items, excerpts, total, next }
}

/** After the cursor in (score ascending: bm25 is lower for a better match, then newest, then id) order. */
function afterCursor(score: string, after: GallerySearchCursor): { sql: string; params: unknown[] } {
  return {
    sql: `(${score} > ? OR (${score} = ? AND (g.created_at < ? OR (g.created_at = ? AND g.id < ?))))`,
    params: [after.score, after.score, after.createdAt, after.createdAt, after.id]
  }
}

function rankedPage(
  lib: Library,
  filter: GalleryFilter,
  q: string,
  after: GallerySearchCursor | undefined,
  limit: number
): Ranked[] {
  const { parts, params } = attributeFilter(filter, 'g')
  if (after) {
    const c = afterCursor(BM25, after)
    parts.push(c.sql)
    params.push(...c.params)
  }
  return lib.all<Ranked>(
    `SELECT g.rowid AS rowid, g.id AS id, g.created_at AS created_at, ${BM25} AS score
     FROM gallery_fts JOIN gallery g ON g.rowid = gallery_fts.rowid
     WHERE gallery_fts MATCH ?${parts.map((p) => ` AND ${p}`).join('')}
     ORDER BY score, g.created_at DESC, g.id DESC LIMIT ?`,
    ftsPhrase(q),
    ...params,
    limit
  )
}

function scanPage(
  lib: Library,
  filter: GalleryFilter,
  q: string,
  after: GallerySearchCursor | undefined,
  limit: number
): Ranked[] {
  const { parts, params } = attributeFilter(filter, 'g')
  parts.push("(instr(lower(g.prompt), lower(?)) > 0 OR instr(lower(coalesce(g.revised_prompt, '')), lower(?)) > 0)")
  params.push(q, q)
  if (after) {
    const c = afterCursor('0', after)
    parts.push(c.sql)
    params.push(...c.params)
  }
  return lib.all<Ranked>(
    `SELECT g.rowid AS rowid, g.id AS id, g.created_at AS created_at, 0 AS score FROM gallery g
     WHERE ${parts.join(' AND ')} ORDER BY g.created_at DESC, g.id DESC LIMIT ?`,
    ...params,
    limit
  )
}

/**
 * The page's rows with every match marked (FTS5's highlight(), per column), for the page's rows
 * only: a search may match thousands, a page shows a few hundred at most. Not snippet(): with
 * trigram tokens it picks windows that cut a match in half ("…on [the ]…").
 */
function snippetsOf(lib: Library, q: string, page: Ranked[]): Map<number, string> {
  const rows = lib.all<{ rowid: number; p: string; r: string | null }>(
    `SELECT rowid, highlight(gallery_fts, 0, '${MARK_OPEN}', '${MARK_CLOSE}') AS p, highlight(gallery_fts, 1, '${MARK_OPEN}', '${MARK_CLOSE}') AS r
     FROM gallery_fts WHERE gallery_fts MATCH ? AND rowid IN (SELECT value FROM json_each(?))`,
    ftsPhrase(q),
    JSON.stringify(page.map((r) => r.rowid))
  )
  return new Map(rows.map((r) => [r.rowid, around(r.p.includes(MARK_OPEN) || !r.r ? r.p : r.r)]))
}

/** The text around its first marked run, never cutting a run in half; `…` where text was left out. */
export function around(marked: string): string {
  const chars = [...marked]
  const open = chars.indexOf(MARK_OPEN)
  if (open < 0) return chars.slice(0, BEFORE + AFTER).join('')
  const start = Math.max(0, open - BEFORE)
  let end = Math.min(chars.length, chars.indexOf(MARK_CLOSE, open) + 1 + AFTER)
  // A run the cut would split is kept whole.
  const lastOpen = chars.lastIndexOf(MARK_OPEN, end - 1)
  if (lastOpen > chars.lastIndexOf(MARK_CLOSE, end - 1)) end = chars.indexOf(MARK_CLOSE, lastOpen) + 1
  return `${start > 0 ? '…' : ''}${chars.slice(start, end).join('')}${end < chars.length ? '…' : ''}`
}
