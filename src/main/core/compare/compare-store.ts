import type { CompareArea, CompareCellState } from '@shared/domain/compare'
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

export interface StoredRun {
  id: string
  area: CompareArea
  profileId: string
  prompt: string
  createdAt: number
  cells: StoredCell[]
  keptIndex?: number
}

export const COMPARE_SCHEMA = [
  `CREATE TABLE compare_runs (
     id TEXT PRIMARY KEY,
     area TEXT NOT NULL,
     created_at REAL NOT NULL,
     open INTEGER NOT NULL,
     record TEXT NOT NULL
   );
   CREATE INDEX compare_runs_area ON compare_runs (area, created_at DESC, id DESC);
   CREATE INDEX compare_runs_open ON compare_runs (open);`
]

const FINAL = new Set<CompareCellState>(['done', 'failed', 'outcome-unknown', 'not-sent'])
export const runIsOpen = (run: StoredRun): boolean => run.cells.some((c) => !FINAL.has(c.state))

function parse(row: { record: string } | undefined): StoredRun | undefined {
  if (!row) return undefined
  try {
    const r = JSON.parse(row.record) as StoredRun
    return r && typeof r.id === 'string' && Array.isArray(r.cells) ? r : undefined
  } catch {
    return undefined
  }
}

/**
 * Compare runs in the library database, one row each. `put` returns after a durable commit, so a
 * run and its cells' ids are on disk before any of its creates is journaled or sent.
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

  list(area: CompareArea, limit: number): StoredRun[] {
    return this.lib
      .all<{ record: string }>('SELECT record FROM compare_runs WHERE area = ? ORDER BY created_at DESC, id DESC LIMIT ?', area, limit)
      .flatMap((row) => parse(row) ?? [])
  }

  /** Runs with a cell not finished yet (followed again at start). */
  open(): StoredRun[] {
    return this.lib.all<{ record: string }>('SELECT record FROM compare_runs WHERE open = 1').flatMap((row) => parse(row) ?? [])
  }

  close(): void {
    this.lib.release()
  }
}
