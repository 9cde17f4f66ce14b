import { join } from 'node:path'
import type { ImageJob } from '@shared/domain/images'
import { loadJsonWithBackup } from '../store/json-file'
import { importOnce } from '../store/json-import'
import { openStore, type Library } from '../store/library-db'

/**
 * The write-ahead journal of image jobs (SECURITY.md P5): a paid request is recorded before
 * it is sent, a native task id before its first poll, URL results before they are downloaded. At
 * start, whatever was in flight is resumed (polling, downloads) or, for a request whose answer
 * never arrived, shown as outcome-unknown: never silently re-sent.
 *
 * One row per job in the library database; `put` returns after a synchronous=FULL commit, so the
 * record of a paid create is on disk before its POST leaves.
 */

/** What every gallery item of a job gets, kept so a resumed job can still file its results. */
export interface ItemTemplate {
  origin: 'generate' | 'native' | 'edit'
  model: string
  prompt: string
  params: Record<string, unknown>
  profileId: string
  requestedSize?: string
  parentId?: string
  maskFile?: string
  sourceFile?: string
}

export interface PendingResult {
  url?: string
  /** Not journaled for b64 results (megabytes); those are written as soon as they arrive. */
  b64?: string
  revisedPrompt?: string
}

export type JobPhase = 'sending' | 'polling' | 'saving' | 'ended'

export interface JobRecord {
  job: Omit<ImageJob, 'items'>
  itemIds: string[]
  phase: JobPhase
  template: ItemTemplate
  /** URL results not saved yet. */
  pending?: PendingResult[]
  /** Polls in a row that found no task (three mean the task is lost). */
  misses?: number
}

const KEEP_ENDED = 50

export const IMAGE_JOBS_SCHEMA = [
  `CREATE TABLE image_jobs (
     id TEXT PRIMARY KEY,
     created_at REAL NOT NULL,
     ended INTEGER NOT NULL,
     record TEXT NOT NULL
   );
   CREATE INDEX image_jobs_ended ON image_jobs (ended, created_at DESC, id DESC);`
]

const UPSERT = `INSERT INTO image_jobs (id, created_at, ended, record) VALUES (?, ?, ?, ?)
  ON CONFLICT(id) DO UPDATE SET created_at = excluded.created_at, ended = excluded.ended, record = excluded.record`
// Only ended jobs beyond the newest KEEP_ENDED go; a running one is never pruned.
const PRUNE = `DELETE FROM image_jobs WHERE ended = 1 AND id NOT IN
  (SELECT id FROM image_jobs WHERE ended = 1 ORDER BY created_at DESC, id DESC LIMIT ${KEEP_ENDED})`

function jobsOf(v: unknown): unknown[] | null {
  const jobs = (v as { jobs?: unknown } | null)?.jobs
  return Array.isArray(jobs) ? jobs : null
}

function asRecord(v: unknown): JobRecord | null {
  if (!v || typeof v !== 'object') return null
  const r = v as Partial<JobRecord>
  const ok =
    !!r.job &&
    typeof r.job.jobId === 'string' &&
    Array.isArray(r.itemIds) &&
    typeof r.phase === 'string' &&
    !!r.template &&
    typeof r.template.model === 'string'
  return ok ? (r as JobRecord) : null
}

function parseRow(row: { record: string }): JobRecord | null {
  try {
    return asRecord(JSON.parse(row.record))
  } catch {
    return null
  }
}

export class JobJournal {
  private readonly records = new Map<string, JobRecord>()
  /** The JSON journal of earlier versions: migration input only, renamed once imported. */
  readonly path: string

  private constructor(
    dataDir: string,
    private readonly lib: Library
  ) {
    this.path = join(dataDir, 'images', 'jobs.json')
  }

  /** Opens the journal; on the first start after the upgrade, imports the JSON journal once. */
  static async open(dataDir: string, notice: (message: string) => void): Promise<JobJournal> {
    return openStore(dataDir, notice, 'image-jobs', IMAGE_JOBS_SCHEMA, async (lib) => {
      const journal = new JobJournal(dataDir, lib)
      await importOnce(
        lib,
        'image-jobs',
        [journal.path, `${journal.path}.bak`],
        () =>
          loadJsonWithBackup(
            journal.path,
            (v): v is { jobs: unknown[] } => jobsOf(v) !== null,
            'image job journal',
            notice
          ),
        (file) => {
          for (const r of file.jobs) {
            const rec = asRecord(r)
            if (rec) journal.write(rec)
          }
          lib.run(PRUNE)
        }
      )
      // Bounded by the pruning: the running jobs and the newest ended ones.
      for (const row of lib.all<{ record: string }>('SELECT record FROM image_jobs')) {
        const rec = parseRow(row)
        if (rec) journal.records.set(rec.job.jobId, rec)
      }
      return journal
    })
  }

  all(): JobRecord[] {
    return [...this.records.values()].sort((a, b) => b.job.createdAt - a.job.createdAt)
  }

  get(jobId: string): JobRecord | undefined {
    return this.records.get(jobId)
  }

  private write(rec: JobRecord): void {
    // A record imported from an earlier version may lack its time: it is kept, never fails the import.
    const at = Number.isFinite(rec.job.createdAt) ? rec.job.createdAt : 0
    this.lib.run(UPSERT, rec.job.jobId, at, rec.phase === 'ended' ? 1 : 0, JSON.stringify(rec))
  }

  /** Records the job's new state; resolves once the commit is durable (callers await it before acting). */
  async put(record: JobRecord): Promise<void> {
    this.lib.tx(() => {
      this.write(record)
      if (record.phase === 'ended') this.lib.run(PRUNE)
    })
    this.records.set(record.job.jobId, record)
    if (record.phase === 'ended') this.prune()
  }

  private prune(): void {
    const ended = this.all().filter((r) => r.phase === 'ended')
    for (const r of ended.slice(KEEP_ENDED)) this.records.delete(r.job.jobId)
  }

  /** Every `put` is durable when it resolves; kept for callers that wait before shutting down. */
  async flush(): Promise<void> {}

  /** Lets go of the library database (the last user closes it cleanly). */
  close(): void {
    this.lib.release()
  }
}
