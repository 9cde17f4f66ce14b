import {
  ChatCompareRunSchema,
  FINAL_CELL_STATES,
  type CompareArea,
  type CompareCellState,
  type CompareRunOf,
  type MediaCompareArea
} from '@shared/domain/compare'
import type { StudioErrorData } from '@shared/errors'
import { openLibrary, type Library } from '../store/library-db'

/** What a cell keeps of its own; live state (progress, results, cost) is read from its area when shown. */
export interface StoredCell {
  model: string
  family: string
  ref: string
  state: CompareCellState
  startedAt?: number
  endedAt?: number
  error?: StudioErrorData
  /** Images: the gallery items the cell's job saved. */
  itemIds?: string[]
}

export interface StoredMediaRun {
  id: string
  area: MediaCompareArea
  profileId: string
  prompt: string
  createdAt: number
  cells: StoredCell[]
  keptIndex?: number
}

/** A chat run is stored as it is shown: its answers live in their conversations. */
export type StoredChatRun = CompareRunOf<'chat'>

export type StoredRun = StoredMediaRun | StoredChatRun

export const COMPARE_SCHEMA = [
  `CREATE TABLE compare_runs (
     id TEXT PRIMARY KEY,
     area TEXT NOT NULL,
     created_at REAL NOT NULL,
     open INTEGER NOT NULL,
     record TEXT NOT NULL
   );
   CREATE INDEX compare_runs_area ON compare_runs (area, created_at DESC, id DESC);
   CREATE INDEX compare_runs_open ON compare_runs (open);`,
  // Chat runs join the one table. Earlier versions kept them in `chat_compares` (schema store
  // `chat-compare`); every row moves over as the record a chat run is stored as today. A `columns`
  // text that is not JSON moves as a string: unreadable as before (skipped when listed), never dropped.
  `CREATE TABLE IF NOT EXISTS chat_compares (id TEXT PRIMARY KEY, created_at REAL NOT NULL, format TEXT NOT NULL, prompt TEXT NOT NULL, columns TEXT NOT NULL);
   INSERT OR IGNORE INTO compare_runs (id, area, created_at, open, record)
     SELECT id, 'chat', created_at, 0,
            json_object('id', id, 'area', 'chat', 'createdAt', created_at, 'format', format, 'prompt', prompt,
                        'columns', CASE WHEN json_valid(columns) THEN json(columns) ELSE columns END)
     FROM chat_compares ORDER BY rowid;
   DROP TABLE chat_compares;
   DELETE FROM schema_steps WHERE store = 'chat-compare';`
]

/**
 * Whether a run has a cell whose job or task is still to be followed (asked about again at start).
 * A chat run never has: its answers are streams the chat service saves and resumes itself.
 */
export const runIsOpen = (run: StoredRun): boolean =>
  run.area !== 'chat' && run.cells.some((c) => !FINAL_CELL_STATES.includes(c.state))

/** A record written by this or a later version; one it cannot read is skipped, never fatal. */
function parse(row: { record: string } | undefined): StoredRun | undefined {
  if (!row) return undefined
  let r: unknown
  try {
    r = JSON.parse(row.record)
  } catch {
    return undefined
  }
  if (!r || typeof r !== 'object') return undefined
  if ((r as { area?: unknown }).area === 'chat') {
    const chat = ChatCompareRunSchema.safeParse(r)
    return chat.success ? chat.data : undefined
  }
  const media = r as StoredMediaRun
  return typeof media.id === 'string' && Array.isArray(media.cells) ? media : undefined
}

/**
 * Compare runs of every area in the library database, one row each. `put` returns after a durable
 * commit, so a run and its cells' ids are on disk before any of its creates (or sends) leaves.
 */
export class CompareStore {
  private constructor(private readonly lib: Library) {}

  static open(dataDir: string, notice?: (message: string) => void): CompareStore {
    const lib = openLibrary(dataDir, notice)
    try {
      lib.schema('compare-runs', COMPARE_SCHEMA)
    } catch (e) {
      lib.release()
      throw e
    }
    return new CompareStore(lib)
  }

  get(id: string): StoredRun | undefined {
    return parse(this.lib.get<{ record: string }>('SELECT record FROM compare_runs WHERE id = ?', id))
  }

  put(run: StoredRun): void {
    this.lib.run(
      `INSERT INTO compare_runs (id, area, created_at, open, record) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT(id) DO UPDATE SET open = excluded.open, record = excluded.record`,
      run.id,
      run.area,
      run.createdAt,
      runIsOpen(run) ? 1 : 0,
      JSON.stringify(run)
    )
  }

  /** An area's runs, newest first; every one of them without `limit`. */
  list(area: 'chat', limit?: number): StoredChatRun[]
  list(area: MediaCompareArea, limit?: number): StoredMediaRun[]
  list(area: CompareArea, limit?: number): StoredRun[] {
    return this.lib
      .all<{ record: string }>(
        'SELECT record FROM compare_runs WHERE area = ? ORDER BY created_at DESC, id DESC LIMIT ?',
        area,
        limit ?? -1
      )
      .flatMap((row) => {
        const run = parse(row)
        // The row's area column and its record agree unless the record was written by hand.
        return run && run.area === area ? [run] : []
      })
  }

  /** Runs with a cell not finished yet (followed again at start). */
  open(): StoredMediaRun[] {
    return this.lib.all<{ record: string }>('SELECT record FROM compare_runs WHERE open = 1').flatMap((row) => {
      const run = parse(row)
      return run && run.area !== 'chat' ? [run] : []
    })
  }

  remove(id: string): void {
    this.lib.run('DELETE FROM compare_runs WHERE id = ?', id)
  }

  close(): void {
    this.lib.release()
  }
}
