import type { VideoFilter, VideoSearchHit } from '@shared/domain/video'
import { ftsPhrase } from '../store/fts'
import { ftsSteps } from '../store/fts-steps'
import type { Library } from '../store/library-db'
import { excerpt, markFirst, MARK_CLOSE, MARK_OPEN } from '../store/search-marks'
import type { TaskRecord } from './task-journal'

/**
 * The video tasks' rows in the library database: the whole record as JSON, beside the columns the
 * board sorts and searches on. Prompts (and in `detail` what the board's search box also matches:
 * model names, the gateway's task id, an error's message and code) are indexed by an FTS5 trigram
 * table, so a search matches anywhere in a word without reading every record.
 */
export const VIDEO_TASKS_SCHEMA = [
  `CREATE TABLE video_tasks (
     id TEXT PRIMARY KEY,
     created_at REAL NOT NULL,
     phase TEXT NOT NULL,
     prompt TEXT NOT NULL,
     detail TEXT NOT NULL,
     record TEXT NOT NULL
   );
   CREATE INDEX video_tasks_newest ON video_tasks (created_at DESC, id DESC);
   ${ftsSteps({ table: 'video_tasks', fts: 'video_fts', columns: ['prompt', 'detail'] })}`,
  // What the board filters on, beside the record, so a page is one query; and the tasks not ended
  // (all a start needs to resume polls and downloads) found by a partial index, not a scan.
  `ALTER TABLE video_tasks ADD COLUMN state TEXT NOT NULL DEFAULT '';
   ALTER TABLE video_tasks ADD COLUMN model TEXT NOT NULL DEFAULT '';
   ALTER TABLE video_tasks ADD COLUMN returned_model TEXT NOT NULL DEFAULT '';
   UPDATE video_tasks SET
     state = coalesce(json_extract(record, '$.task.state'), ''),
     model = coalesce(json_extract(record, '$.task.model'), ''),
     returned_model = coalesce(json_extract(record, '$.task.returnedModel'), '')
   WHERE json_valid(record);
   CREATE INDEX video_tasks_live ON video_tasks (phase) WHERE phase <> 'ended';`
]

export function isRecord(v: unknown): v is TaskRecord {
  const r = v as Partial<TaskRecord> | null
  return (
    !!r &&
    typeof r === 'object' &&
    !!r.task &&
    typeof r.task.id === 'string' &&
    typeof r.phase === 'string' &&
    typeof r.task.state === 'string'
  )
}

const UPSERT = `INSERT INTO video_tasks (id, created_at, phase, prompt, detail, record, state, model, returned_model) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
  ON CONFLICT(id) DO UPDATE SET created_at = excluded.created_at, phase = excluded.phase, prompt = excluded.prompt,
    detail = excluded.detail, record = excluded.record, state = excluded.state, model = excluded.model, returned_model = excluded.returned_model`

export function putTask(lib: Library, rec: TaskRecord): void {
  const t = rec.task
  const text = (v: unknown) => (typeof v === 'string' ? v : '')
  const detail = [
    text(t.model),
    text(t.returnedModel),
    text(t.taskId),
    text(t.error?.message),
    text(t.error?.code)
  ].join('\n')
  // A record imported from an earlier version may lack a field: it is kept, never fails the import.
  lib.run(
    UPSERT,
    t.id,
    Number.isFinite(t.createdAt) ? t.createdAt : 0,
    rec.phase,
    text(t.prompt),
    detail,
    JSON.stringify(rec),
    text(t.state),
    text(t.model),
    text(t.returnedModel)
  )
}

/** A row back to a record; a row damaged outside the app reads as missing rather than crashing the board. */
export function rowTask(row: { record: string }): TaskRecord | null {
  try {
    const v: unknown = JSON.parse(row.record)
    return isRecord(v) ? v : null
  } catch {
    return null
  }
}

/** Ids of the tasks matching `query` through the index, or null when it is too short for trigrams. */
export function matchingTasks(lib: Library, query: string): Set<string> | null {
  const q = query.trim()
  if ([...q].length < 3) return null
  const rows = lib.all<{ id: string }>(
    'SELECT id FROM video_tasks WHERE rowid IN (SELECT rowid FROM video_fts WHERE video_fts MATCH ?)',
    ftsPhrase(q)
  )
  return new Set(rows.map((r) => r.id))
}

/** WHERE clause and parameters for the board's filter (and a page's start), shared by a page and its count. */
export function taskWhere(f: VideoFilter, before?: number): { sql: string; params: unknown[] } {
  const parts: string[] = []
  const params: unknown[] = []
  const add = (sql: string, ...values: unknown[]) => {
    parts.push(sql)
    params.push(...values)
  }
  if (f.states?.length) add('state IN (SELECT value FROM json_each(?))', JSON.stringify(f.states))
  if (f.model) add('(model = ? OR returned_model = ?)', f.model, f.model)
  if (f.from !== undefined) add('created_at >= ?', f.from)
  if (f.to !== undefined) add('created_at <= ?', f.to)
  const q = f.query?.trim() ?? ''
  // Trigrams need three characters; a shorter query is a plain scan of the same text.
  if ([...q].length >= 3) add('rowid IN (SELECT rowid FROM video_fts WHERE video_fts MATCH ?)', ftsPhrase(q))
  else if (q) add('instr(lower(prompt || char(10) || detail), lower(?)) > 0', q)
  if (before !== undefined) add('created_at < ?', before)
  return { sql: parts.length ? `WHERE ${parts.join(' AND ')}` : '', params }
}

/** One page of the board, newest first, and how many tasks the filter matches in all. */
export function pageTasks(
  lib: Library,
  f: VideoFilter,
  before: number | undefined,
  limit: number
): { rows: Array<{ id: string; record: string }>; total: number } {
  const all = taskWhere(f)
  const total = lib.get<{ n: number }>(`SELECT count(*) AS n FROM video_tasks ${all.sql}`, ...all.params)!.n
  const page = before === undefined ? all : taskWhere(f, before)
  const rows = lib.all<{ id: string; record: string }>(
    `SELECT id, record FROM video_tasks ${page.sql} ORDER BY created_at DESC, id DESC LIMIT ?`,
    ...page.params,
    limit
  )
  return { rows, total }
}

/** FTS5 snippet length in tokens; a trigram token starts at every character, so about this many characters. */
const SNIPPET_TOKENS = 48

/**
 * The board's search: tasks matching `query`, best first. Three characters or more go through the
 * index, ranked by bm25 with a prompt match weighing ten times a match in the details (model, task id, error), each with
 * FTS5's snippet; a shorter query is a scan, newest first, with the first occurrence marked.
 */
export function searchTasks(lib: Library, query: string, limit: number): { hits: VideoSearchHit[]; more: boolean } {
  const q = query.trim()
  const rows =
    [...q].length >= 3
      ? lib.all<{ id: string; s: string }>(
          `SELECT v.id, snippet(video_fts, -1, '${MARK_OPEN}', '${MARK_CLOSE}', '…', ${SNIPPET_TOKENS}) AS s
           FROM video_fts f JOIN video_tasks v ON v.rowid = f.rowid
           WHERE video_fts MATCH ? ORDER BY bm25(video_fts, 10.0, 1.0), v.created_at DESC LIMIT ?`,
          ftsPhrase(q),
          limit + 1
        )
      : lib
          .all<{ id: string; prompt: string; detail: string }>(
            'SELECT id, prompt, detail FROM video_tasks WHERE instr(lower(prompt || char(10) || detail), lower(?)) > 0 ORDER BY created_at DESC, id DESC LIMIT ?',
            q,
            limit + 1
          )
          .map((r) => ({
            id: r.id,
            s: markFirst(r.prompt.toLowerCase().includes(q.toLowerCase()) ? r.prompt : r.detail, q)
          }))
  const hits = rows.slice(0, limit).map((r) => {
    const { match, marks } = excerpt(r.s)
    return { id: r.id, match, matchMarks: marks.slice(0, 64) }
  })
  return { hits, more: rows.length > limit }
}
