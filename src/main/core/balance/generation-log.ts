import { randomBytes } from 'node:crypto'
import { join } from 'node:path'
import type { GenerationEntry, GenerationKind, JobCost, Snapshot, Spending } from '@shared/domain/balance'
import type { ChatSample } from '@shared/domain/chat-estimate'
import { priceKey } from '@shared/domain/estimate'
import { loadJsonWithBackup } from '../store/json-file'
import { importOnce } from '../store/json-import'
import { openStore, type Library } from '../store/library-db'
import { chatSamples, estimateCost, type CostEstimate } from './generation-estimate'
import { entries, GENERATIONS_SCHEMA, validEntry } from './generation-schema'

// The table's schema is the log's to name (tests open it directly).
export { GENERATIONS_SCHEMA } from './generation-schema'

/** Entries kept; the oldest go first. */
export const MAX_GENERATIONS = 5000

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
  /** The request's fields; only the price fields (`priceKey`) are kept. */
  params?: Readonly<Record<string, unknown>>
  /** A chat answer's token usage, as the gateway reported it. */
  tokens?: { input?: number; output?: number; total?: number }
}

/** The function chat, images and the video engine call; never throws, never blocks the caller. */
export type RecordGeneration = (record: GenerationRecord) => void

interface LogFile {
  version: 1
  entries: GenerationEntry[]
}

const isFile = (v: unknown): v is LogFile => !!v && typeof v === 'object' && Array.isArray((v as LogFile).entries)

/** Whether an entry's cost may stand for a job of its model and price fields. */
const usable = (e: GenerationEntry) =>
  e.ok && e.cost !== undefined && (e.costBasis === 'exact' || e.costBasis === 'shared')

const ENTRY = 'SELECT entry FROM generations'

/**
 * The studio's own log of generations: one row per entry in the library database, bounded to
 * MAX_GENERATIONS, read by query (an estimate, a spending table, a job's cost), never at start. The gateway does not say what a single request
 * cost, so costs come from the usage snapshots around each job: the `used` delta between two
 * snapshots is given to the jobs in between (exactly when there is one).
 */
export class GenerationLog {
  private readonly listeners = new Set<(entry: GenerationEntry) => void>()
  private queued: Array<() => void> = []
  private pending: NodeJS.Immediate | null = null

  /** `path`: the JSON file of earlier versions, migration input only (renamed once imported). */
  private constructor(
    readonly path: string,
    private readonly lib: Library,
    private readonly now: () => number
  ) {}

  static async open(
    dataDir: string,
    notice: (message: string) => void,
    now: () => number = Date.now
  ): Promise<GenerationLog> {
    return openStore(dataDir, notice, 'generations', GENERATIONS_SCHEMA, async (lib) => {
      const log = new GenerationLog(join(dataDir, 'balance', 'generations.json'), lib, now)
      await importOnce(
        lib,
        'generations',
        [log.path, `${log.path}.bak`],
        () => loadJsonWithBackup(log.path, isFile, 'generation log', notice),
        (file) => {
          const entries = file.entries.flatMap(validEntry).sort((a, b) => a.at - b.at)
          for (const e of entries.slice(-MAX_GENERATIONS)) log.put(e)
        }
      )
      return log
    })
  }

  private put(e: GenerationEntry): void {
    this.lib.run(
      `INSERT INTO generations (id, profile_id, at, entry, kind, model, ok, cost, exact, ref, params, usable) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT(id) DO UPDATE SET profile_id = excluded.profile_id, at = excluded.at, entry = excluded.entry, kind = excluded.kind,
         model = excluded.model, ok = excluded.ok, cost = excluded.cost, exact = excluded.exact, ref = excluded.ref,
         params = excluded.params, usable = excluded.usable`,
      e.id,
      e.profileId,
      e.at,
      JSON.stringify(e),
      e.kind,
      e.model,
      e.ok ? 1 : 0,
      e.cost ?? null,
      e.costBasis === 'exact' ? 1 : 0,
      e.ref ?? null,
      e.params ?? '',
      usable(e) ? 1 : 0
    )
  }

  /** Reads see every entry recorded so far: what is queued commits first. */
  private read<T>(sql: string, ...params: unknown[]): T[] {
    this.commit()
    return this.lib.all<T>(sql, ...params)
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
    const model = r.model.trim() || 'unknown'
    const params = priceKey(r.params)
    // What the estimator expected before this job: the estimate's error is judged when it is priced.
    // Read without committing what is queued (a burst of records stays one transaction).
    const expected = this.estimate(r.profileId, model, r.kind, params, [], false).cost
    const entry: GenerationEntry = {
      id: `g-${randomBytes(6).toString('hex')}`,
      profileId: r.profileId,
      kind: r.kind,
      model,
      at: r.at ?? this.now(),
      ok: r.ok ?? true,
      ...(r.quotaBefore !== undefined && Number.isFinite(r.quotaBefore) ? { quotaBefore: r.quotaBefore } : {}),
      ...(r.ref ? { ref: r.ref } : {}),
      ...(params ? { params } : {}),
      ...(expected !== null ? { estimate: expected } : {}),
      ...(r.tokens && Object.keys(r.tokens).length ? { tokens: r.tokens } : {})
    }
    this.write(() => {
      this.put(entry)
      // Bounded: the oldest go first (the new entry too, when it is older than all the others kept).
      this.lib.run(
        'DELETE FROM generations WHERE rowid IN (SELECT rowid FROM generations ORDER BY at, rowid LIMIT max(0, (SELECT count(*) FROM generations) - ?))',
        MAX_GENERATIONS
      )
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
    return entries(this.read(`${ENTRY} WHERE ref = ? ORDER BY at, rowid LIMIT 1`, ref))[0]
  }

  /** Oldest first. */
  list(profileId?: string): GenerationEntry[] {
    return entries(
      profileId === undefined
        ? this.read(`${ENTRY} ORDER BY at, rowid`)
        : this.read(`${ENTRY} WHERE profile_id = ? ORDER BY at, rowid`, profileId)
    )
  }

  /** What a job cost as measured, what it was expected to cost, and the difference. */
  jobCost(ref: string): JobCost {
    const e = this.byRef(ref)
    const cost = e?.cost ?? null
    const estimate = e?.estimate ?? null
    return {
      ref,
      cost,
      basis: e?.costBasis ?? null,
      estimate,
      error: cost !== null && estimate !== null ? cost - estimate : null
    }
  }

  /**
   * Gives the `used` delta between two snapshots to the jobs that ended between them. Returns how
   * many were looked at. The rules, each explicit rather than averaged in:
   * - only the rise of `used` is a cost: a top-up raises `granted` and `available`, never `used`, so it
   *   never enters a cost;
   * - `used` going down (a refund, a reset of the key) prices nothing: the interval's jobs are marked
   *   `unpriced` (no cost, no share of 0 that would drag an estimate down);
   * - one job: `exact`. Several jobs of one model and price fields: each gets its share (`shared`,
   *   usable for estimates). Several of different models or price fields: `mixed`, counted in
   *   spending but never in an estimate (an even split says nothing about either model);
   * - a snapshot older than the one before (a clock set back) is not an interval: the caller skips it.
   */
  attribute(profileId: string, from: Snapshot, to: Snapshot): number {
    const jobs = entries(
      this.read(
        `${ENTRY} WHERE profile_id = ? AND cost IS NULL AND at > ? AND at <= ? ORDER BY at, rowid`,
        profileId,
        from.at,
        to.at
      )
    ).filter((e) => e.cost === undefined && e.costBasis === undefined)
    if (jobs.length === 0 || to.unlimited !== from.unlimited || to.at < from.at) return 0
    const delta = to.used - from.used
    if (delta < 0) {
      for (const j of jobs) j.costBasis = 'unpriced'
    } else {
      const share = delta / jobs.length
      const same = jobs.every(
        (j) => j.model === jobs[0].model && j.kind === jobs[0].kind && (j.params ?? '') === (jobs[0].params ?? '')
      )
      for (const j of jobs) {
        j.cost = share
        j.costBasis = jobs.length === 1 ? 'exact' : same ? 'shared' : 'mixed'
      }
    }
    this.write(() => {
      for (const j of jobs) this.put(j)
    })
    return jobs.length
  }

  /** Jobs and their known costs by model and kind since `since`, summed by the database. */
  spending(profileId: string, since: number): Spending {
    const rows = this.read<{ model: string; kind: GenerationKind; jobs: number; costed: number; cost: number }>(
      `SELECT model, kind, count(*) AS jobs, count(cost) AS costed, coalesce(total(cost), 0) AS cost FROM generations
       WHERE profile_id = ? AND at >= ? GROUP BY kind, model`,
      profileId,
      since
    )
    // By the host's local day (the user's calendar), known costs only: a job not priced yet is no spending to draw.
    const days = this.read<{ day: string; model: string; cost: number }>(
      `SELECT date(at / 1000, 'unixepoch', 'localtime') AS day, model, total(cost) AS cost FROM generations
       WHERE profile_id = ? AND at >= ? AND cost IS NOT NULL GROUP BY day, model ORDER BY day, model`,
      profileId,
      since
    )
    const midnight = (day: string) => {
      const [y, m, d] = day.split('-').map(Number)
      return new Date(y, m - 1, d).getTime()
    }
    return {
      byModel: rows.sort((a, b) => b.cost - a.cost || b.jobs - a.jobs),
      byDay: days.map((d) => ({ day: midnight(d.day), model: d.model, cost: d.cost })),
      since
    }
  }

  /**
   * What this profile spent since `since` (raw units): the measured costs, plus the estimates of jobs
   * not priced yet (a job just sent counts at once). Summed by the database over the (profile, at)
   * index. Entries timed after now (written before the clock was set back) count too: a limit errs
   * on the side of holding.
   */
  spentSince(profileId: string, since: number): number {
    const row = this.read<{ spent: number }>(
      `SELECT total(CASE WHEN cost IS NOT NULL THEN cost WHEN json_extract(entry, '$.costBasis') IS NULL THEN json_extract(entry, '$.estimate') END) AS spent
       FROM generations WHERE profile_id = ? AND at >= ?`,
      profileId,
      since
    )[0]
    return row?.spent ?? 0
  }

  /** The expected cost of one job of `model` (the estimate without its range). */
  expectedCost(
    profileId: string,
    model: string,
    kind: GenerationKind,
    params = ''
  ): { cost: number | null; basedOn: number } {
    const e = this.estimate(profileId, model, kind, params)
    return { cost: e.cost, basedOn: e.basedOn }
  }

  /**
   * The estimate of one job on this profile (generation-estimate.ts). `committed`: read what the
   * database holds (the default), or also what this log has queued to write.
   */
  estimate(
    profileId: string,
    model: string,
    kind: GenerationKind,
    params = '',
    aliases: readonly string[] = [],
    committed = true
  ): CostEstimate {
    return estimateCost(
      committed ? (sql, ...args) => this.read(sql, ...args) : (sql, ...args) => this.lib.all(sql, ...args),
      { profileId, model, kind, params, aliases }
    )
  }

  /** The latest usable chat answers of a model that report their tokens (generation-estimate.ts). */
  chatSamples(profileId: string, model: string, aliases: readonly string[] = []): ChatSample[] {
    return chatSamples((sql, ...args) => this.read(sql, ...args), profileId, model, aliases)
  }

  remove(profileId: string): void {
    this.write(() => this.lib.run('DELETE FROM generations WHERE profile_id = ?', profileId))
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
