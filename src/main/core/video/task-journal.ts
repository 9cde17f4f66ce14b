import { mkdir, readdir, readFile, rename, rm } from 'node:fs/promises'
import { join } from 'node:path'
import type { VideoCreateRequest, VideoRemixRequest, VideoTask } from '@shared/domain/video'
import { AtomicWriter, writeFileAtomic } from '../store/atomic-file'

/**
 * The write-ahead journal of video tasks (RELIABILITY promises 2 and 3): one small file per task
 * under `<dataDir>/video/tasks/`, each written whole and atomically (temp, fsync, rename), so a crash
 * leaves the old or the new record and a write costs the same with 1,000 tasks as with one.
 * Order of writes: the record (phase `sending`) before the create POST; the gateway's task id
 * before the first poll; the result before it is announced. Progress-only changes are written
 * lazily (they are display, not state).
 */

export type TaskPhase = 'sending' | 'polling' | 'downloading' | 'ended'

export interface TaskRecord {
  version: 1
  task: VideoTask
  phase: TaskPhase
  /** What was asked, kept for "submit again as new" (never re-sent automatically). */
  request?: VideoCreateRequest
  remix?: VideoRemixRequest
  /** The last answer's result addresses (refreshed by polls), in lookup order. */
  sources?: Array<{ field: string; url: string }>
  /** Polls in a row that got task_not_exist. */
  misses?: number
  /** The library file name of the downloaded result. */
  file?: string
  /** Fingerprint of the key that got a 401 (the task waits until the key changes). */
  pausedKey?: string
}

function isRecord(v: unknown): v is TaskRecord {
  const r = v as Partial<TaskRecord> | null
  return !!r && typeof r === 'object' && !!r.task && typeof r.task.id === 'string' && typeof r.phase === 'string' && typeof r.task.state === 'string'
}

const ID = /^[A-Za-z0-9_-]{1,64}$/

export class TaskJournal {
  private readonly records = new Map<string, TaskRecord>()
  private readonly writer = new AtomicWriter(writeFileAtomic)
  readonly dir: string

  private constructor(dataDir: string) {
    this.dir = join(dataDir, 'video', 'tasks')
  }

  static async open(dataDir: string, notice: (message: string) => void): Promise<TaskJournal> {
    const j = new TaskJournal(dataDir)
    await mkdir(j.dir, { recursive: true, mode: 0o700 })
    let damaged = 0
    for (const name of await readdir(j.dir)) {
      const path = join(j.dir, name)
      if (name.includes('.tmp-')) {
        await rm(path, { force: true })
        continue
      }
      const m = /^(.+)\.json$/.exec(name)
      if (!m || !ID.test(m[1])) continue
      try {
        const v: unknown = JSON.parse(await readFile(path, 'utf8'))
        if (!isRecord(v) || v.task.id !== m[1]) throw new Error('not a task record')
        j.records.set(v.task.id, v)
      } catch {
        damaged++
        await rename(path, `${path}.corrupt-${Date.now()}`).catch(() => {})
      }
    }
    if (damaged) notice(`${damaged} video task record${damaged === 1 ? ' was' : 's were'} damaged and set aside (kept with a .corrupt suffix in the video/tasks folder).`)
    return j
  }

  all(): TaskRecord[] {
    return [...this.records.values()]
  }

  get(id: string): TaskRecord | undefined {
    return this.records.get(id)
  }

  get size(): number {
    return this.records.size
  }

  private pathOf(id: string): string {
    return join(this.dir, `${id}.json`)
  }

  /** Keeps the record in memory only (progress); `put` later makes it durable. */
  touch(rec: TaskRecord): void {
    this.records.set(rec.task.id, rec)
  }

  /** Resolves once this state (or a newer one) is on disk; callers await it before acting on it. */
  put(rec: TaskRecord): Promise<void> {
    this.records.set(rec.task.id, rec)
    return this.writer.save(this.pathOf(rec.task.id), JSON.stringify(rec))
  }

  async remove(id: string): Promise<void> {
    this.records.delete(id)
    await this.writer.settled(this.pathOf(id))
    await rm(this.pathOf(id), { force: true })
  }

  flush(): Promise<void> {
    return this.writer.flush()
  }
}
