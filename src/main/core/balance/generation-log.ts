import { randomBytes } from 'node:crypto'
import { join } from 'node:path'
import { GenerationEntrySchema, type GenerationEntry, type GenerationKind, type Snapshot, type Spending } from '@shared/domain/balance'
import { importOnce } from '../store/json-import'
import { openLibrary, type Library } from '../store/library-db'
import { loadJsonWithBackup } from './json-file'

/** Entries kept; the oldest go first. */
export const MAX_GENERATIONS = 5000
/** A pre-flight estimate looks at this many recent priced jobs of the model. */
export const ESTIMATE_SAMPLE = 20

/**
 * What a feature reports when a generation ended (or, for a task the gateway charges at submit,
 * when it was accepted): `at` is when the charge happened at the latest.
 */
export interface GenerationRecord {
  profileId: string
  kind: GenerationKind
  model: string
  /** Default: now. */
  at?: number
  /** Default true; failed jobs are kept (they may still have cost) but not used for estimates. */
  ok?: boolean
  /** Available quota (raw units) before the job, when the caller knows it. */
  quotaBefore?: number
  /** The studio's id of the job or task (a compare run finds its cells' costs by it). */
  ref?: string
}

/** The function chat, images and the video engine call; never throws, never blocks the caller. */
export type RecordGeneration = (record: GenerationRecord) => void

interface LogFile {
  version: 1
  entries: GenerationEntry[]
}

export const GENERATIONS_SCHEMA = [
  `CREATE TABLE generations (
     id TEXT PRIMARY KEY,
     profile_id TEXT NOT NULL,
     at REAL NOT NULL,
     entry TEXT NOT NULL
   );
   CREATE INDEX generations_at ON generations (at, id);`
]

const isFile = (v: unknown): v is LogFile => !!v && typeof v === 'object' && Array.isArray((v as LogFile).entries)

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b)
  const m = s.length >> 1
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2
}

function validEntry(e: unknown): GenerationEntry[] {
  const r = GenerationEntrySchema.safeParse(e)
  return r.success ? [r.data] : []
}

/**
 * The studio's own log of generations: one row per entry in the library database, bounded to
 * MAX_GENERATIONS (so it is read whole at start). The gateway does not say what a single request
 * cost, so costs come from the usage snapshots around each job: the `used` delta between two
 * snapshots is given to the jobs in between (exactly when there is one).
 */
export class GenerationLog {
  private entries: GenerationEntry[] = []
  private readonly listeners = new Set<(entry: GenerationEntry) => void>()
  private queued: Array<() => void> = []
  private pending: NodeJS.Immediate | null = null

  /** `path`: the JSON file of earlier versions, migration input only (renamed once imported). */
  private constructor(
    readonly path: string,
    private readonly lib: Library,
    private readonly now: () => number
  ) {}

  static async open(dataDir: string, notice: (message: string) => void, now: () => number = Date.now): Promise<GenerationLog> {
    const lib = openLibrary(dataDir, notice)
    const log = new GenerationLog(join(dataDir, 'balance', 'generations.json'), lib, now)
    try {
      lib.schema('generations', GENERATIONS_SCHEMA)
      await importOnce(lib, 'generations', [log.path, `${log.path}.bak`], () => loadJsonWithBackup(log.path, isFile, 'generation log', notice), (file) => {
        const entries = file.entries.flatMap(validEntry).sort((a, b) => a.at - b.at)
        for (const e of entries.slice(-MAX_GENERATIONS)) log.put(e)
      })
      log.entries = lib
        .all<{ entry: string }>('SELECT entry FROM generations ORDER BY at, rowid')
        .flatMap((row) => {
          try {
            return validEntry(JSON.parse(row.entry))
          } catch {
            return []
          }
        })
    } catch (e) {
      lib.release()
      throw e
    }
    return log
  }

  private put(e: GenerationEntry): void {
    this.lib.run('INSERT OR REPLACE INTO generations (id, profile_id, at, entry) VALUES (?, ?, ?, ?)', e.id, e.profileId, e.at, JSON.stringify(e))
  }

  /**
   * Queues row changes; a burst commits as one transaction on the next turn (a log entry is not a
   * write-ahead record, so it does not need its own fsync), and a failure never reaches the caller.
   */
  private write(fn: () => void): void {
    this.queued.push(fn)
    this.pending ??= setImmediate(() => this.commit())
  }

  private commit(): void {
    if (this.pending) clearImmediate(this.pending)
    this.pending = null
    const batch = this.queued
    this.queued = []
    if (!batch.length) return
    try {
      this.lib.tx(() => {
        for (const fn of batch) fn()
      })
    } catch {
      // A log entry is worth less than the job it describes: it stays in memory for this session.
    }
  }

  onRecorded(listener: (entry: GenerationEntry) => void): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  record(r: GenerationRecord): GenerationEntry {
    const entry: GenerationEntry = {
      id: `g-${randomBytes(6).toString('hex')}`,
      profileId: r.profileId,
      kind: r.kind,
      model: r.model.trim() || 'unknown',
      at: r.at ?? this.now(),
      ok: r.ok ?? true,
      ...(r.quotaBefore !== undefined && Number.isFinite(r.quotaBefore) ? { quotaBefore: r.quotaBefore } : {}),
      ...(r.ref ? { ref: r.ref } : {})
    }
    let i = this.entries.length
    while (i > 0 && this.entries[i - 1].at > entry.at) i--
    this.entries.splice(i, 0, entry)
    const dropped = this.entries.length > MAX_GENERATIONS ? this.entries.splice(0, this.entries.length - MAX_GENERATIONS) : []
    this.write(() => {
      for (const d of dropped) this.lib.run('DELETE FROM generations WHERE id = ?', d.id)
      if (!dropped.includes(entry)) this.put(entry)
    })
    for (const l of this.listeners) l(entry)
    return entry
  }

  /** The function handed to features: recording must never break a generation. */
  readonly recorder: RecordGeneration = (r) => {
    try {
      this.record(r)
    } catch {
      // A log entry is worth less than the job it describes.
    }
  }

  /** The entry recorded for a job or task, by the studio's id. */
  byRef(ref: string): GenerationEntry | undefined {
    return this.entries.find((e) => e.ref === ref)
  }

  list(profileId?: string): GenerationEntry[] {
    return this.entries.filter((e) => profileId === undefined || e.profileId === profileId)
  }

  /** Gives the `used` delta between two snapshots to the jobs that ended between them. Returns how many got a cost. */
  attribute(profileId: string, from: Snapshot, to: Snapshot): number {
    const jobs = this.entries.filter((e) => e.profileId === profileId && e.cost === undefined && e.at > from.at && e.at <= to.at)
    if (jobs.length === 0 || to.unlimited !== from.unlimited) return 0
    const delta = Math.max(0, to.used - from.used)
    const share = delta / jobs.length
    for (const j of jobs) {
      j.cost = share
      j.costBasis = jobs.length === 1 ? 'exact' : 'shared'
    }
    this.write(() => {
      for (const j of jobs) this.put(j)
    })
    return jobs.length
  }

  spending(profileId: string, since: number): Spending {
    const by = new Map<string, Spending['byModel'][number]>()
    for (const e of this.entries) {
      if (e.profileId !== profileId || e.at < since) continue
      const key = `${e.kind}\u0000${e.model}`
      const row = by.get(key) ?? { model: e.model, kind: e.kind, jobs: 0, costed: 0, cost: 0 }
      row.jobs++
      if (e.cost !== undefined) {
        row.costed++
        row.cost += e.cost
      }
      by.set(key, row)
    }
    return { byModel: [...by.values()].sort((a, b) => b.cost - a.cost || b.jobs - a.jobs), since }
  }

  /**
   * The expected cost of one job of `model`: the median of its recent priced jobs on this profile
   * (other profiles' jobs when this one has none), exact costs preferred over shared ones.
   */
  expectedCost(profileId: string, model: string, kind: GenerationKind): { cost: number | null; basedOn: number } {
    const priced = (mine: boolean) => this.entries.filter((e) => e.model === model && e.kind === kind && e.ok && e.cost !== undefined && (e.profileId === profileId) === mine)
    for (const pool of [priced(true), priced(false)]) {
      const exact = pool.filter((e) => e.costBasis === 'exact')
      const use = (exact.length ? exact : pool).slice(-ESTIMATE_SAMPLE)
      if (use.length) return { cost: median(use.map((e) => e.cost!)), basedOn: use.length }
    }
    return { cost: null, basedOn: 0 }
  }

  remove(profileId: string): void {
    const before = this.entries.length
    this.entries = this.entries.filter((e) => e.profileId !== profileId)
    if (this.entries.length !== before) this.write(() => this.lib.run('DELETE FROM generations WHERE profile_id = ?', profileId))
  }

  /** Commits what is queued. */
  async flush(): Promise<void> {
    this.commit()
  }

  /** Commits what is queued and lets go of the library database (the last user closes it cleanly). */
  close(): void {
    this.commit()
    this.lib.release()
  }
}
