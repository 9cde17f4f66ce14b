import { join } from 'node:path'
import { SnapshotSchema, type Snapshot } from '@shared/domain/balance'
import { importOnce } from '../store/json-import'
import { openLibrary, type Library } from '../store/library-db'
import { loadJsonWithBackup } from './json-file'

/** Snapshots kept per profile; beyond it, older ones are thinned (the IPC answer stays under ~64 KiB). */
export const MAX_SNAPSHOTS = 600
/** The most recent snapshots are never thinned. */
export const KEEP_RECENT = 200

interface SnapshotsFile {
  version: 1
  profiles: Record<string, Snapshot[]>
}

function isFile(v: unknown): v is SnapshotsFile {
  return !!v && typeof v === 'object' && !!(v as SnapshotsFile).profiles && typeof (v as SnapshotsFile).profiles === 'object'
}

export const SNAPSHOTS_SCHEMA = [
  `CREATE TABLE balance_snapshots (
     profile_id TEXT NOT NULL,
     at REAL NOT NULL,
     snapshot TEXT NOT NULL,
     PRIMARY KEY (profile_id, at)
   ) WITHOUT ROWID;`
]

const sameValues = (a: Snapshot, b: Snapshot) => a.available === b.available && a.used === b.used && a.granted === b.granted && a.unlimited === b.unlimited

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
 * Local quota history per profile: one row per snapshot in the library database. A series is
 * bounded (MAX_SNAPSHOTS), so it is read whole at start; a change writes only the rows it touches.
 */
export class SnapshotStore {
  private readonly byProfile = new Map<string, Snapshot[]>()

  /** `path`: the JSON file of earlier versions, migration input only (renamed once imported). */
  private constructor(
    readonly path: string,
    private readonly lib: Library
  ) {}

  static async open(dataDir: string, notice: (message: string) => void): Promise<SnapshotStore> {
    const lib = openLibrary(dataDir, notice)
    const store = new SnapshotStore(join(dataDir, 'balance', 'snapshots.json'), lib)
    try {
      lib.schema('balance-snapshots', SNAPSHOTS_SCHEMA)
      await importOnce(lib, 'balance-snapshots', [store.path, `${store.path}.bak`], () => loadJsonWithBackup(store.path, isFile, 'balance history', notice), (file) => {
        for (const [id, list] of Object.entries(file.profiles)) {
          if (!Array.isArray(list)) continue
          for (const s of thinSnapshots(valid(list).sort((a, b) => a.at - b.at))) store.insert(id, s)
        }
      })
      for (const row of lib.all<{ profile_id: string; snapshot: string }>('SELECT profile_id, snapshot FROM balance_snapshots ORDER BY profile_id, at')) {
        let parsed: unknown
        try {
          parsed = JSON.parse(row.snapshot)
        } catch {
          continue
        }
        const [s] = valid([parsed])
        if (!s) continue
        const list = store.byProfile.get(row.profile_id) ?? []
        list.push(s)
        store.byProfile.set(row.profile_id, list)
      }
    } catch (e) {
      lib.release()
      throw e
    }
    return store
  }

  private insert(profileId: string, s: Snapshot): void {
    this.lib.run('INSERT OR REPLACE INTO balance_snapshots (profile_id, at, snapshot) VALUES (?, ?, ?)', profileId, s.at, JSON.stringify(s))
  }

  list(profileId: string): Snapshot[] {
    return [...(this.byProfile.get(profileId) ?? [])]
  }

  last(profileId: string): Snapshot | undefined {
    return this.byProfile.get(profileId)?.at(-1)
  }

  /**
   * Adds a snapshot. A run of equal values keeps only its first and latest point (the flat line
   * is drawn the same), so snapshots on every open do not fill the store.
   */
  async add(profileId: string, s: Snapshot): Promise<void> {
    const list = this.byProfile.get(profileId) ?? []
    const n = list.length
    if (n > 0 && s.at < list[n - 1].at) return
    const replaced = n >= 2 && sameValues(list[n - 1], s) && sameValues(list[n - 2], s) ? list[n - 1] : undefined
    const next = replaced ? [...list.slice(0, -1), s] : [...list, s]
    const thinned = thinSnapshots(next)
    const kept = new Set(thinned)
    // Only the rows that change: the replaced point, the new one, and what thinning dropped.
    this.lib.tx(() => {
      if (replaced) this.lib.run('DELETE FROM balance_snapshots WHERE profile_id = ? AND at = ?', profileId, replaced.at)
      for (const old of next) if (!kept.has(old) && old !== s) this.lib.run('DELETE FROM balance_snapshots WHERE profile_id = ? AND at = ?', profileId, old.at)
      if (kept.has(s)) this.insert(profileId, s)
    })
    this.byProfile.set(profileId, thinned)
  }

  async remove(profileId: string): Promise<void> {
    if (!this.byProfile.delete(profileId)) return
    this.lib.run('DELETE FROM balance_snapshots WHERE profile_id = ?', profileId)
  }

  /** Every change is durable when its call resolves; kept for callers that wait before shutting down. */
  async flush(): Promise<void> {}

  /** Lets go of the library database (the last user closes it cleanly). */
  close(): void {
    this.lib.release()
  }
}
