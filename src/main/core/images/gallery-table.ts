import type { GalleryFilter } from '@shared/domain/images'
import { ftsPhrase } from '../store/fts'
import { ftsSteps } from '../store/fts-steps'
import type { Library } from '../store/library-db'
import { asStoredItem, type StoredItem } from './gallery-index'

/**
 * The gallery's rows in the library database. The whole item is kept as JSON (what the page sees
 * grows with features); the columns beside it are what the gallery filters, sorts and joins on.
 * Prompts are indexed by an FTS5 trigram table, so a query matches anywhere in a word, as the
 * gallery's search box always did, without reading every row.
 */
export const GALLERY_SCHEMA = [
  `CREATE TABLE gallery (
     id TEXT PRIMARY KEY,
     created_at REAL NOT NULL,
     model TEXT NOT NULL,
     origin TEXT NOT NULL,
     favorite INTEGER NOT NULL,
     file TEXT NOT NULL,
     mask_file TEXT,
     source_file TEXT,
     prompt TEXT NOT NULL,
     revised_prompt TEXT,
     item TEXT NOT NULL
   );
   CREATE INDEX gallery_newest ON gallery (created_at DESC, id DESC);
   CREATE INDEX gallery_file ON gallery (file);
   CREATE INDEX gallery_mask ON gallery (mask_file) WHERE mask_file IS NOT NULL;
   CREATE INDEX gallery_source ON gallery (source_file) WHERE source_file IS NOT NULL;
   CREATE TABLE gallery_count (n INTEGER NOT NULL);
   INSERT INTO gallery_count VALUES (0);
   ${ftsSteps({ table: 'gallery', fts: 'gallery_fts', columns: ['prompt', 'revised_prompt'], onInsert: 'UPDATE gallery_count SET n = n + 1;', onDelete: 'UPDATE gallery_count SET n = n - 1;' })}`
]

const UPSERT = `INSERT INTO gallery (id, created_at, model, origin, favorite, file, mask_file, source_file, prompt, revised_prompt, item)
  VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
  ON CONFLICT(id) DO UPDATE SET created_at = excluded.created_at, model = excluded.model, origin = excluded.origin,
    favorite = excluded.favorite, file = excluded.file, mask_file = excluded.mask_file, source_file = excluded.source_file,
    prompt = excluded.prompt, revised_prompt = excluded.revised_prompt, item = excluded.item`

export function putItem(lib: Library, i: StoredItem): void {
  lib.run(
    UPSERT,
    i.id,
    i.createdAt,
    i.model,
    i.origin,
    i.favorite ? 1 : 0,
    i.file,
    i.maskFile ?? null,
    i.sourceFile ?? null,
    i.prompt,
    i.revisedPrompt ?? null,
    JSON.stringify(i)
  )
}

/** A row back to an item; a row damaged outside the app reads as missing rather than crashing a view. */
export function rowItem(row: { item: string } | undefined): StoredItem | null {
  if (!row) return null
  try {
    return asStoredItem(JSON.parse(row.item))
  } catch {
    return null
  }
}

/** WHERE clause and parameters for a filter (and a page's start); shared by the page query and its count. */
export function where(filter: GalleryFilter, before?: number): { sql: string; params: unknown[] } {
  const { parts, params } = attributeFilter(filter)
  const add = (sql: string, ...values: unknown[]) => {
    parts.push(sql)
    params.push(...values)
  }
  const q = filter.query?.trim() ?? ''
  // Trigrams need three characters; a shorter query is a plain scan (few rows fail so short a test).
  if ([...q].length >= 3) add('rowid IN (SELECT rowid FROM gallery_fts WHERE gallery_fts MATCH ?)', ftsPhrase(q))
  else if (q)
    add("(instr(lower(prompt), lower(?)) > 0 OR instr(lower(coalesce(revised_prompt, '')), lower(?)) > 0)", q, q)
  if (before !== undefined) add('created_at < ?', before)
  return { sql: parts.length ? `WHERE ${parts.join(' AND ')}` : '', params }
}

/** The filter's model, origin and favourite conditions on the gallery table known as `alias` (a join names it). */
export function attributeFilter(filter: GalleryFilter, alias = ''): { parts: string[]; params: unknown[] } {
  const parts: string[] = []
  const params: unknown[] = []
  const is = (name: string, value: unknown) => {
    parts.push(`${alias ? `${alias}.${name}` : name} = ?`)
    params.push(value)
  }
  if (filter.model !== undefined) is('model', filter.model)
  if (filter.origin !== undefined) is('origin', filter.origin)
  if (filter.favorite !== undefined) is('favorite', filter.favorite ? 1 : 0)
  return { parts, params }
}
