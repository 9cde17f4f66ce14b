import { mkdir } from 'node:fs/promises'
import { join } from 'node:path'
import { SnapshotSchema, type Snapshot } from '@shared/domain/balance'
import { AtomicWriter } from '../store/atomic-file'
import { loadJsonWithBackup, writeJsonWithBackup } from './json-file'

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

/** Local quota history per profile, in `<dataDir>/balance/snapshots.json`. */
export class SnapshotStore {
  private readonly byProfile = new Map<string, Snapshot[]>()
  private readonly writer = new AtomicWriter(writeJsonWithBackup)

  private constructor(readonly path: string) {}

  static async open(dataDir: string, notice: (message: string) => void): Promise<SnapshotStore> {
    const dir = join(dataDir, 'balance')
    await mkdir(dir, { recursive: true, mode: 0o700 })
    const store = new SnapshotStore(join(dir, 'snapshots.json'))
    const file = await loadJsonWithBackup(store.path, isFile, 'balance history', notice)
    for (const [id, list] of Object.entries(file?.profiles ?? {})) {
      if (!Array.isArray(list)) continue
      const valid = list.map((s) => SnapshotSchema.safeParse(s)).flatMap((r) => (r.success ? [r.data] : []))
      store.byProfile.set(id, valid.sort((a, b) => a.at - b.at))
    }
    return store
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
  add(profileId: string, s: Snapshot): Promise<void> {
    const list = this.byProfile.get(profileId) ?? []
    const n = list.length
    if (n > 0 && s.at < list[n - 1].at) return Promise.resolve()
    if (n >= 2 && sameValues(list[n - 1], s) && sameValues(list[n - 2], s)) list[n - 1] = s
    else list.push(s)
    this.byProfile.set(profileId, thinSnapshots(list))
    return this.save()
  }

  remove(profileId: string): Promise<void> {
    if (!this.byProfile.delete(profileId)) return Promise.resolve()
    return this.save()
  }

  private save(): Promise<void> {
    const file: SnapshotsFile = { version: 1, profiles: Object.fromEntries(this.byProfile) }
    return this.writer.save(this.path, JSON.stringify(file))
  }

  flush(): Promise<void> {
    return this.writer.flush()
  }
}
