import { ftsPhrase } from '../store/fts'
import type { Library } from '../store/library-db'
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
   CREATE VIRTUAL TABLE video_fts USING fts5 (prompt, detail, content = 'video_tasks', content_rowid = 'rowid', tokenize = 'trigram');
   CREATE TRIGGER video_tasks_ai AFTER INSERT ON video_tasks BEGIN
     INSERT INTO video_fts (rowid, prompt, detail) VALUES (new.rowid, new.prompt, new.detail);
   END;
   CREATE TRIGGER video_tasks_ad AFTER DELETE ON video_tasks BEGIN
     INSERT INTO video_fts (video_fts, rowid, prompt, detail) VALUES ('delete', old.rowid, old.prompt, old.detail);
   END;
   CREATE TRIGGER video_tasks_au AFTER UPDATE OF prompt, detail ON video_tasks BEGIN
     INSERT INTO video_fts (video_fts, rowid, prompt, detail) VALUES ('delete', old.rowid, old.prompt, old.detail);
     INSERT INTO video_fts (rowid, prompt, detail) VALUES (new.rowid, new.prompt, new.detail);
   END;`
]

export function isRecord(v: unknown): v is TaskRecord {
  const r = v as Partial<TaskRecord> | null
  return !!r && typeof r === 'object' && !!r.task && typeof r.task.id === 'string' && typeof r.phase === 'string' && typeof r.task.state === 'string'
}

const UPSERT = `INSERT INTO video_tasks (id, created_at, phase, prompt, detail, record) VALUES (?, ?, ?, ?, ?, ?)
  ON CONFLICT(id) DO UPDATE SET created_at = excluded.created_at, phase = excluded.phase, prompt = excluded.prompt,
    detail = excluded.detail, record = excluded.record`

export function putTask(lib: Library, rec: TaskRecord): void {
  const t = rec.task
  const text = (v: unknown) => (typeof v === 'string' ? v : '')
  const detail = [text(t.model), text(t.returnedModel), text(t.taskId), text(t.error?.message), text(t.error?.code)].join('\n')
  // A record imported from an earlier version may lack a field: it is kept, never fails the import.
  lib.run(UPSERT, t.id, Number.isFinite(t.createdAt) ? t.createdAt : 0, rec.phase, text(t.prompt), detail, JSON.stringify(rec))
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
  const rows = lib.all<{ id: string }>('SELECT id FROM video_tasks WHERE rowid IN (SELECT rowid FROM video_fts WHERE video_fts MATCH ?)', ftsPhrase(q))
  return new Set(rows.map((r) => r.id))
}
