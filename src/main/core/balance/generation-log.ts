import { randomBytes } from 'node:crypto'
import { join } from 'node:path'
import { GenerationEntrySchema, type GenerationEntry, type GenerationKind, type JobCost, type Snapshot, type Spending } from '@shared/domain/balance'
import type { ChatSample } from '@shared/domain/chat-estimate'
import { priceKey, viaOf, type EstimateBasis } from '@shared/domain/estimate'
import { loadJsonWithBackup } from '../store/json-file'
import { importOnce } from '../store/json-import'
import { openStore, type Library } from '../store/library-db'

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
  /** The request's fields; only the price fields (`priceKey`) are kept. */
  params?: Readonly<Record<string, unknown>>
  /** A chat answer's token usage, as the gateway reported it. */
  tokens?: { input?: number; output?: number; total?: number }
}

/** An estimate of one job: the median and range of the latest priced jobs it rests on. */
export interface CostEstimate {
  cost: number | null
  low: number | null
  high: number | null
  basedOn: number
  basis: EstimateBasis
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
   CREATE INDEX generations_at ON generations (at, id);`,
  // What estimates, spending, cost attribution and a compare run's cells ask by, beside the entry,
  // so each is a query and a start reads nothing of the log.
  `ALTER TABLE generations ADD COLUMN kind TEXT NOT NULL DEFAULT '';
   ALTER TABLE generations ADD COLUMN model TEXT NOT NULL DEFAULT '';
   ALTER TABLE generations ADD COLUMN ok INTEGER NOT NULL DEFAULT 1;
   ALTER TABLE generations ADD COLUMN cost REAL;
   ALTER TABLE generations ADD COLUMN exact INTEGER NOT NULL DEFAULT 0;
   ALTER TABLE generations ADD COLUMN ref TEXT;
   UPDATE generations SET
     kind = coalesce(json_extract(entry, '$.kind'), ''),
     model = coalesce(json_extract(entry, '$.model'), ''),
     ok = CASE json_extract(entry, '$.ok') WHEN 0 THEN 0 ELSE 1 END,
     cost = json_extract(entry, '$.cost'),
     exact = coalesce(json_extract(entry, '$.costBasis') = 'exact', 0),
     ref = json_extract(entry, '$.ref')
   WHERE json_valid(entry);
   CREATE INDEX generations_ref ON generations (ref) WHERE ref IS NOT NULL;
   CREATE INDEX generations_profile ON generations (profile_id, at);
   CREATE INDEX generations_model ON generations (model, kind, at);`,
  // The estimator (issue 28): the price fields beside the model, and whether a cost may be used for an
  // estimate (exact, or split between jobs of the same model and price fields). The estimate asks
  // the latest N usable rows of one (profile, kind, model, params) by this index, newest by insertion
  // (rowid), never by the job's clock time: a clock set back does not reorder history.
  `ALTER TABLE generations ADD COLUMN params TEXT NOT NULL DEFAULT '';
   ALTER TABLE generations ADD COLUMN usable INTEGER NOT NULL DEFAULT 0;
   UPDATE generations SET usable = 1 WHERE exact = 1 AND ok = 1 AND cost IS NOT NULL;
   CREATE INDEX generations_estimate ON generations (profile_id, kind, model, params) WHERE usable = 1;
   CREATE INDEX generations_estimate_model ON generations (profile_id, kind, model) WHERE usable = 1;`
]

const isFile = (v: unknown): v is LogFile => !!v && typeof v === 'object' && Array.isArray((v as LogFile).entries)

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b)
  const m = s.length >> 1
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2
}

const NO_ESTIMATE: CostEstimate = { cost: null, low: null, high: null, basedOn: 0, basis: 'none' }

/** Whether an entry's cost may stand for a job of its model and price fields. */
const usable = (e: GenerationEntry) => e.ok && e.cost !== undefined && (e.costBasis === 'exact' || e.costBasis === 'shared')

function validEntry(e: unknown): GenerationEntry[] {
  const r = GenerationEntrySchema.safeParse(e)
  return r.success ? [r.data] : []
}

/** Rows to entries; a row damaged outside the app is left out. */
function entries(rows: Array<{ entry: string }>): GenerationEntry[] {
  return rows.flatMap((row) => {
    try {
      return validEntry(JSON.parse(row.entry))
    } catch {
      return []
    }
  })
}

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

  static async open(dataDir: string, notice: (message: string) => void, now: () => number = Date.now): Promise<GenerationLog> {
    return openStore(dataDir, notice, 'generations', GENERATIONS_SCHEMA, async (lib) => {
      const log = new GenerationLog(join(dataDir, 'balance', 'generations.json'), lib, now)
      await importOnce(lib, 'generations', [log.path, `${log.path}.bak`], () => loadJsonWithBackup(log.path, isFile, 'generation log', notice), (file) => {
        const entries = file.entries.flatMap(validEntry).sort((a, b) => a.at - b.at)
        for (const e of entries.slice(-MAX_GENERATIONS)) log.put(e)
      })
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
    return entries(profileId === undefined ? this.read(`${ENTRY} ORDER BY at, rowid`) : this.read(`${ENTRY} WHERE profile_id = ? ORDER BY at, rowid`, profileId))
  }

  /** What a job cost as measured, what it was expected to cost, and the difference. */
  jobCost(ref: string): JobCost {
    const e = this.byRef(ref)
    const cost = e?.cost ?? null
    const estimate = e?.estimate ?? null
    return { ref, cost, basis: e?.costBasis ?? null, estimate, error: cost !== null && estimate !== null ? cost - estimate : null }
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
    const jobs = entries(this.read(`${ENTRY} WHERE profile_id = ? AND cost IS NULL AND at > ? AND at <= ? ORDER BY at, rowid`, profileId, from.at, to.at)).filter(
      (e) => e.cost === undefined && e.costBasis === undefined
    )
    if (jobs.length === 0 || to.unlimited !== from.unlimited || to.at < from.at) return 0
    const delta = to.used - from.used
    if (delta < 0) {
      for (const j of jobs) j.costBasis = 'unpriced'
    } else {
      const share = delta / jobs.length
      const same = jobs.every((j) => j.model === jobs[0].model && j.kind === jobs[0].kind && (j.params ?? '') === (jobs[0].params ?? ''))
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
    return { byModel: rows.sort((a, b) => b.cost - a.cost || b.jobs - a.jobs), byDay: days.map((d) => ({ day: midnight(d.day), model: d.model, cost: d.cost })), since }
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
  expectedCost(profileId: string, model: string, kind: GenerationKind, params = ''): { cost: number | null; basedOn: number } {
    const e = this.estimate(profileId, model, kind, params)
    return { cost: e.cost, basedOn: e.basedOn }
  }

  /**
   * The estimate of one job on this profile: the median and range of the latest ESTIMATE_SAMPLE
   * usable costs of the model with the same price fields, or of the model with any price fields
   * when none matched (`basis` says which). `aliases`: earlier names of the model (a rename in the
   * profile's names), whose history counts as the model's. Each name is one indexed lookup of at
   * most ESTIMATE_SAMPLE rows, however long the log.
   */
  estimate(profileId: string, model: string, kind: GenerationKind, params = '', aliases: readonly string[] = [], committed = true): CostEstimate {
    const read = <T>(sql: string, ...args: unknown[]): T[] => (committed ? this.read<T>(sql, ...args) : this.lib.all<T>(sql, ...args))
    const via = viaOf(params)
    const names = [...new Set([model, ...aliases].map((m) => m.trim()).filter(Boolean))]
    for (const basis of ['params', 'model'] as const) {
      const rows: Array<{ cost: number; r: number }> = []
      for (const name of names) {
        rows.push(
          ...(basis === 'params'
            ? read<{ cost: number; r: number }>(
                `SELECT cost, rowid AS r FROM generations INDEXED BY generations_estimate
                 WHERE profile_id = ? AND kind = ? AND model = ? AND params = ? AND usable = 1 ORDER BY rowid DESC LIMIT ?`,
                profileId,
                kind,
                name,
                params,
                ESTIMATE_SAMPLE
              )
            : read<{ cost: number; r: number }>(
                `SELECT cost, rowid AS r FROM generations INDEXED BY generations_estimate_model
                 WHERE profile_id = ? AND kind = ? AND model = ? AND usable = 1 AND (params = ? OR params LIKE ?) AND (? OR params NOT LIKE 'via=%')
                 ORDER BY rowid DESC LIMIT ?`,
                profileId,
                kind,
                name,
                via,
                // The same route (another count or size); a key without a route matches only keys without one.
                via ? `${via};%` : '%',
                via ? 1 : 0,
                ESTIMATE_SAMPLE
              ))
        )
      }
      if (!rows.length) continue
      const costs = rows
        .sort((a, b) => b.r - a.r)
        .slice(0, ESTIMATE_SAMPLE)
        .map((x) => x.cost)
      return { cost: median(costs), low: Math.min(...costs), high: Math.max(...costs), basedOn: costs.length, basis }
    }
    return NO_ESTIMATE
  }

  /**
   * The latest usable chat answers of a model (and its earlier names) that report their tokens, for
   * the per-token estimate: one indexed lookup of at most ESTIMATE_SAMPLE rows per name.
   */
  chatSamples(profileId: string, model: string, aliases: readonly string[] = []): ChatSample[] {
    const rows = [...new Set([model, ...aliases].map((m) => m.trim()).filter(Boolean))].flatMap((name) =>
      this.read<{ entry: string; r: number }>(
        `SELECT entry, rowid AS r FROM generations INDEXED BY generations_estimate_model
         WHERE profile_id = ? AND kind = 'chat' AND model = ? AND usable = 1 AND json_extract(entry, '$.tokens') IS NOT NULL ORDER BY rowid DESC LIMIT ?`,
        profileId,
        name,
        ESTIMATE_SAMPLE
      )
    )
    const latest = rows.sort((a, b) => b.r - a.r).slice(0, ESTIMATE_SAMPLE)
    return entries(latest).flatMap((e) => (e.cost !== undefined && e.tokens ? [{ cost: e.cost, ...e.tokens }] : []))
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
