import { mkdir, rename } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import type { ImageJob } from '@shared/domain/images'
import { AtomicWriter, removeTempLeftovers } from '../store/atomic-file'
import { writeIndexWithBackup } from './gallery-index'
import { readJsonFile } from '../store/read-json'
import { keptName } from '../store/file-role'

/**
 * The write-ahead journal of image jobs (security-anchors P5): a paid request is recorded before
 * it is sent, a native task id before its first poll, URL results before they are downloaded. At
 * start, whatever was in flight is resumed (polling, downloads) or, for a request whose answer
 * never arrived, shown as outcome-unknown: never silently re-sent.
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

function jobsOf(v: unknown): unknown[] | null {
  const jobs = (v as { jobs?: unknown } | null)?.jobs
  return Array.isArray(jobs) ? jobs : null
}

function asRecord(v: unknown): JobRecord | null {
  if (!v || typeof v !== 'object') return null
  const r = v as Partial<JobRecord>
  const ok = !!r.job && typeof r.job.jobId === 'string' && Array.isArray(r.itemIds) && typeof r.phase === 'string' && !!r.template && typeof r.template.model === 'string'
  return ok ? (r as JobRecord) : null
}

export class JobJournal {
  private readonly records = new Map<string, JobRecord>()
  private readonly writer = new AtomicWriter(writeIndexWithBackup)
  readonly path: string

  private constructor(dataDir: string) {
    this.path = join(dataDir, 'images', 'jobs.json')
  }

  /** Opens the journal, restoring the backup of a damaged file (with a notice). */
  static async open(dataDir: string, notice: (message: string) => void): Promise<JobJournal> {
    const journal = new JobJournal(dataDir)
    await mkdir(dirname(journal.path), { recursive: true, mode: 0o700 })
    await removeTempLeftovers(dirname(journal.path))
    let read = await readJsonFile(journal.path)
    if (!read.ok || !jobsOf(read.value)) {
      const damaged = read.ok || !read.missing
      if (damaged) {
        const kept = `${journal.path}.corrupt-${Date.now()}`
        await rename(journal.path, kept).catch(() => {})
        notice(`The image job journal was damaged; the last good copy was restored (damaged file kept as ${keptName(kept)}).`)
      }
      read = await readJsonFile(`${journal.path}.bak`)
    }
    for (const r of (read.ok ? jobsOf(read.value) : null) ?? []) {
      const rec = asRecord(r)
      if (rec) journal.records.set(rec.job.jobId, rec)
    }
    return journal
  }

  all(): JobRecord[] {
    return [...this.records.values()].sort((a, b) => b.job.createdAt - a.job.createdAt)
  }

  get(jobId: string): JobRecord | undefined {
    return this.records.get(jobId)
  }

  /** Records the job's new state; resolves once it is on disk (callers await it before acting). */
  put(record: JobRecord): Promise<void> {
    this.records.set(record.job.jobId, record)
    this.prune()
    return this.writer.save(this.path, JSON.stringify({ version: 1, jobs: [...this.records.values()] }))
  }

  private prune(): void {
    const ended = this.all().filter((r) => r.phase === 'ended')
    for (const r of ended.slice(KEEP_ENDED)) this.records.delete(r.job.jobId)
  }

  flush(): Promise<void> {
    return this.writer.flush()
  }
}
