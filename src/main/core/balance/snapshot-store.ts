import { join } from 'node:path'
import { SnapshotSchema, type Snapshot } from '@shared/domain/balance'
import { loadJsonWithBackup } from '../store/json-file'
import { importOnce } from '../store/json-import'
import { openStore, type Library } from '../store/library-db'

/** Snapshots kept per profile; beyond it, older ones are thinned (the IPC answer stays under ~64 KiB). */
export const MAX_SNAPSHOTS = 600
/** The most recent snapshots are never thinned. */
export const KEEP_RECENT = 200

interface SnapshotsFile {
  version: 1
  profiles: Record<string, Snapshot[]>
}

function isFile(v: unknown): v is SnapshotsFile {
  return (
    !!v && typeof v === 'object' && !!(v as SnapshotsFile).profiles && typeof (v as SnapshotsFile).profiles === 'object'
  )
}

export const SNAPSHOTS_SCHEMA = [
  `CREATE TABLE balance_snapshots (
     profile_id TEXT NOT NULL,
     at REAL NOT NULL,
     snapshot TEXT NOT NULL,
     PRIMARY KEY (profile_id, at)
   ) WITHOUT ROWID;`
]

const sameValues = (a: Snapshot, b: Snapshot) =>
  a.available === b.available && a.used === b.used && a.granted === b.granted && a.unlimited === b.unlimited

/**
 * Bounds a series: while it is longer than `max`, every other point of the older part (all but
 * the `keepRecent` newest) is dropped, keeping that part's first and last point. Older history
 * thus gets coarser step by step while its span and the recent detail stay.
 */
export function thinSnapshots(list: readonly Snapshot[], max = MAX_SNAPSHOTS, keepRecent = KEEP_RECENT): Snapshot[] {
  let out = [...list]
  const recent = Math.min(keepRecent, max - 2)
  while (out.length > max) {
    const older = out.slice(0, out.length - recent)
    const kept = older.filter((_, i) => i % 2 === 0 || i === older.length - 1)
    if (kept.length === older.length) break
    out = [...kept, ...out.slice(out.length - recent)]
  }
  return out
}

function valid(list: unknown[]): Snapshot[] {
  return list.map((s) => SnapshotSchema.safeParse(s)).flatMap((r) => (r.success ? [r.data] : []))
}

/**
 * Local quota history per profile: one row per snapshot in the library database, read when asked
 * (a chart's series, the latest point), never at start, so a start costs the same however long the
 * history. A change writes only the rows it touches.
 */
export class SnapshotStore {
  /** `path`: the JSON file of earlier versions, migration input only (renamed once imported). */
  private constructor(
    readonly path: string,
    private readonly lib: Library
  ) {}

  static async open(dataDir: string, notice: (message: string) => void): Promise<SnapshotStore> {
    return openStore(dataDir, notice, 'balance-snapshots', SNAPSHOTS_SCHEMA, async (lib) => {
      const store = new SnapshotStore(join(dataDir, 'balance', 'snapshots.json'), lib)
      await importOnce(
        lib,
        'balance-snapshots',
        [store.path, `${store.path}.bak`],
        () => loadJsonWithBackup(store.path, isFile, 'balance history', notice),
        (file) => {
          for (const [id, list] of Object.entries(file.profiles)) {
            if (!Array.isArray(list)) continue
            for (const s of thinSnapshots(valid(list).sort((a, b) => a.at - b.at))) store.insert(id, s)
          }
        }
      )
      return store
    })
  }

  private insert(profileId: string, s: Snapshot): void {
    this.lib.run(
      'INSERT OR REPLACE INTO balance_snapshots (profile_id, at, snapshot) VALUES (?, ?, ?)',
      profileId,
      s.at,
      JSON.stringify(s)
    )
  }

  /** Rows to snapshots; a row damaged outside the app is left out rather than failing the chart. */
  private read(rows: Array<{ snapshot: string }>): Snapshot[] {
    return valid(
      rows.flatMap((r) => {
        try {
          return [JSON.parse(r.snapshot) as unknown]
        } catch {
          return []
        }
      })
    )
  }

  /** The profile's series, oldest first (bounded by MAX_SNAPSHOTS, by the primary key's order). */
  list(profileId: string): Snapshot[] {
    return this.read(
      this.lib.all<{ snapshot: string }>(
        'SELECT snapshot FROM balance_snapshots WHERE profile_id = ? ORDER BY at',
        profileId
      )
    )
  }

  /** The newest `n` points, oldest first. */
  private latest(profileId: string, n: number): Snapshot[] {
    return this.read(
      this.lib.all<{ snapshot: string }>(
        'SELECT snapshot FROM balance_snapshots WHERE profile_id = ? ORDER BY at DESC LIMIT ?',
        profileId,
        n
      )
    ).reverse()
  }

  last(profileId: string): Snapshot | undefined {
    return this.latest(profileId, 1)[0]
  }

  /**
   * Adds a snapshot. A run of equal values keeps only its first and latest point (the flat line
   * is drawn the same), so snapshots on every open do not fill the store. Only the last two points
   * are read, and the whole (bounded) series only when it is full and must be thinned.
   */
  async add(profileId: string, s: Snapshot): Promise<void> {
    this.lib.tx(() => {
      const tail = this.latest(profileId, 2)
      const n = tail.length
      if (n > 0 && s.at < tail[n - 1].at) return
      const replaced = n >= 2 && sameValues(tail[n - 1], s) && sameValues(tail[n - 2], s) ? tail[n - 1] : undefined
      if (replaced)
        this.lib.run('DELETE FROM balance_snapshots WHERE profile_id = ? AND at = ?', profileId, replaced.at)
      this.insert(profileId, s)
      const count = this.lib.get<{ n: number }>(
        'SELECT count(*) AS n FROM balance_snapshots WHERE profile_id = ?',
        profileId
      )!.n
      if (count <= MAX_SNAPSHOTS) return
      // Full: only the rows thinning drops are deleted.
      const series = this.list(profileId)
      const kept = new Set(thinSnapshots(series).map((k) => k.at))
      for (const old of series)
        if (!kept.has(old.at))
          this.lib.run('DELETE FROM balance_snapshots WHERE profile_id = ? AND at = ?', profileId, old.at)
    })
  }

  async remove(profileId: string): Promise<void> {
    this.lib.run('DELETE FROM balance_snapshots WHERE profile_id = ?', profileId)
  }

  /** Every change is durable when its call resolves; kept for callers that wait before shutting down. */
  async flush(): Promise<void> {}

  /** Lets go of the library database (the last user closes it cleanly). */
  close(): void {
    this.lib.release()
  }
}
