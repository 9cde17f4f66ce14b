import type { BenchEntry } from './report'

export interface RunContext {
  log(line: string): void
  /** Set when out/ could not be rebuilt and an older build is being measured. */
  buildWarning?: string
}

/** One group of the suite (`npm run bench -- T1` selects it); it may write several entries. */
export interface Metric {
  id: string
  /** Entries written when the whole group could not run (id, metric, target). */
  describes: Array<{ id: string; metric: string; target: string }>
  /** Worst-case wall time, so a hung run is reported and the suite still ends. */
  budgetMs: number
  run(ctx: RunContext): Promise<BenchEntry[]>
}
