import { randomBytes } from 'node:crypto'
import type { HistoryCursor, PromptArea, PromptHistoryEntry, PromptKind, PromptResult } from '@shared/domain/prompts'
import { PROMPT_AREAS, PROMPT_KINDS } from '@shared/domain/prompts'
import { ftsPhrase } from '../store/fts'
import type { Library } from '../store/library-db'
import { FTS_MIN_CHARS, likeAnywhere, PROMPTS_SCHEMA } from './prompt-table'

export interface HistoryRecord {
  area: PromptArea
  kind: PromptKind
  model: string
  text: string
  /** What later results are matched by: an image job id; null when the results are known at once. */
  ref?: string | null
  results?: StoredResult[]
  at?: number
}

/** A result as stored: its kind and id; thumbnails are looked up when a page is read (media URLs are per launch). */
export type StoredResult = Pick<PromptResult, 'kind' | 'id'>

export interface HistoryQuery {
  query?: string
  area?: PromptArea
  before?: HistoryCursor
  limit?: number
}

interface Row {
  id: string
  area: string
  kind: string
  model: string
  text: string
  at: number
  results: string
}

/** Results kept per entry: a thumbnail strip, not the whole job. */
const RESULTS_MAX = 8

function parseResults(json: string): StoredResult[] {
  try {
    const v: unknown = JSON.parse(json)
    if (!Array.isArray(v)) return []
    return v.filter(
      (r): r is StoredResult =>
        !!r && typeof r === 'object' && typeof r.id === 'string' && ['image', 'video', 'conversation'].includes(r.kind)
    )
  } catch {
    return []
  }
}

/** Every prompt sent, newest first; searched by FTS5 over the text and the model. */
export class PromptHistory {
  constructor(
    private readonly lib: Library,
    private readonly now: () => number = Date.now
  ) {
    lib.schema('prompts', PROMPTS_SCHEMA)
  }

  record(r: HistoryRecord): string {
    const id = `ph-${randomBytes(8).toString('hex')}`
    this.lib.run(
      'INSERT INTO prompt_history (id, area, kind, model, text, at, ref, results) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
      id,
      r.area,
      r.kind,
      r.model,
      r.text,
      r.at ?? this.now(),
      r.ref ?? null,
      JSON.stringify((r.results ?? []).slice(0, RESULTS_MAX))
    )
    return id
  }

  /** True when an entry was already recorded for `ref` (a compare run sent again answers the run it started). */
  has(ref: string): boolean {
    return this.lib.get('SELECT 1 AS one FROM prompt_history WHERE ref = ? LIMIT 1', ref) !== undefined
  }

  /** Adds results to the entries sent as `ref` (an image job's items as they arrive); false when none. */
  attach(ref: string, results: StoredResult[]): boolean {
    if (results.length === 0) return false
    return this.lib.tx(() => {
      const rows = this.lib.all<{ id: string; results: string }>(
        'SELECT id, results FROM prompt_history WHERE ref = ?',
        ref
      )
      for (const row of rows) {
        const have = parseResults(row.results)
        const merged = [...have, ...results.filter((r) => !have.some((h) => h.kind === r.kind && h.id === r.id))].slice(
          0,
          RESULTS_MAX
        )
        this.lib.run('UPDATE prompt_history SET results = ? WHERE id = ?', JSON.stringify(merged), row.id)
      }
      return rows.length > 0
    })
  }

  /** One page, newest first; `next` is the cursor of the following page, null at the end. */
  list(q: HistoryQuery = {}): {
    entries: Array<Omit<PromptHistoryEntry, 'results'> & { results: StoredResult[] }>
    next: HistoryCursor | null
  } {
    const limit = Math.min(Math.max(q.limit ?? 50, 1), 200)
    const where: string[] = []
    const params: unknown[] = []
    const text = (q.query ?? '').trim()
    let from = 'prompt_history h'
    if (text.length >= FTS_MIN_CHARS) {
      from = 'prompt_history_fts f JOIN prompt_history h ON h.seq = f.rowid'
      where.push('prompt_history_fts MATCH ?')
      params.push(ftsPhrase(text))
    } else if (text) {
      where.push("(h.text LIKE ? ESCAPE '\\' OR h.model LIKE ? ESCAPE '\\')")
      params.push(likeAnywhere(text), likeAnywhere(text))
    }
    if (q.area) {
      where.push('h.area = ?')
      params.push(q.area)
    }
    if (q.before) {
      // The cursor names its entry by id; entries of the same instant follow insertion order (seq).
      where.push('(h.at < ? OR (h.at = ? AND h.seq < (SELECT seq FROM prompt_history WHERE id = ?)))')
      params.push(q.before.at, q.before.at, q.before.id)
    }
    const sql = `SELECT h.id, h.area, h.kind, h.model, h.text, h.at, h.results FROM ${from}${where.length ? ` WHERE ${where.join(' AND ')}` : ''} ORDER BY h.at DESC, h.seq DESC LIMIT ?`
    const rows = this.lib.all<Row>(sql, ...params, limit + 1)
    const page = rows.slice(0, limit).flatMap((r) => {
      if (
        !(PROMPT_AREAS as readonly string[]).includes(r.area) ||
        !(PROMPT_KINDS as readonly string[]).includes(r.kind)
      )
        return []
      return [
        {
          id: r.id,
          area: r.area as PromptArea,
          kind: r.kind as PromptKind,
          model: r.model,
          text: r.text,
          at: r.at,
          results: parseResults(r.results)
        }
      ]
    })
    const last = rows[limit - 1]
    return { entries: page, next: rows.length > limit && last ? { at: last.at, id: last.id } : null }
  }

  get(id: string): { text: string } | null {
    return this.lib.get<{ text: string }>('SELECT text FROM prompt_history WHERE id = ?', id) ?? null
  }

  delete(id: string): boolean {
    return this.lib.run('DELETE FROM prompt_history WHERE id = ?', id).changes > 0
  }
}
