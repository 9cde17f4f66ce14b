import { readdir, readFile, rename, rm } from 'node:fs/promises'
import { join } from 'node:path'
import type {
  VideoCreateRequest,
  VideoFilter,
  VideoRemixRequest,
  VideoSearchHit,
  VideoTask
} from '@shared/domain/video'
import { importOnce } from '../store/json-import'
import { openStore, type Library } from '../store/library-db'
import { isRecord, matchingTasks, pageTasks, putTask, rowTask, searchTasks, VIDEO_TASKS_SCHEMA } from './task-table'

/**
 * The write-ahead journal of video tasks (RELIABILITY.md promises 2 and 3): one row per task in the
 * library database, each `put` a synchronous=FULL commit, so a crash leaves the old or the new
 * record and a write costs the same with 10,000 tasks as with one.
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

const ID = /^[A-Za-z0-9_-]{1,64}$/

export class TaskJournal {
  /** The tasks not ended (read at open: what polls and downloads resume) and every task read since. */
  private readonly records = new Map<string, TaskRecord>()
  /** Told of each ended task read from the database after open (the announcer seeds from it). */
  onRead: (rec: TaskRecord) => void = () => {}
  /** The per-task JSON files of earlier versions: migration input only, the folder renamed once imported. */
  readonly dir: string

  private constructor(
    dataDir: string,
    private readonly lib: Library
  ) {
    this.dir = join(dataDir, 'video', 'tasks')
  }

  static async open(dataDir: string, notice: (message: string) => void): Promise<TaskJournal> {
    return openStore(dataDir, notice, 'video-tasks', VIDEO_TASKS_SCHEMA, async (lib) => {
      const j = new TaskJournal(dataDir, lib)
      await importOnce(
        lib,
        'video-tasks',
        [j.dir],
        () => readLegacyTasks(j.dir, notice),
        (records) => {
          for (const rec of records) putTask(lib, rec)
        }
      )
      // Only what is not ended: a start reads the same few rows at 10 tasks as at 10,000 (G3).
      for (const row of lib.all<{ record: string }>("SELECT record FROM video_tasks WHERE phase <> 'ended'")) {
        const rec = rowTask(row)
        if (rec) j.records.set(rec.task.id, rec)
      }
      return j
    })
  }

  /** The tasks in memory: every one not ended, and those read this session. */
  loaded(): TaskRecord[] {
    return [...this.records.values()]
  }

  /** The tasks not ended: what polls, downloads and paused keys are about. */
  live(): TaskRecord[] {
    return this.loaded().filter((r) => r.phase !== 'ended')
  }

  get(id: string): TaskRecord | undefined {
    return (
      this.records.get(id) ??
      this.read(this.lib.get<{ record: string }>('SELECT record FROM video_tasks WHERE id = ?', id))
    )
  }

  /** One page of the board, newest first (task-table.ts), with the filter's total. */
  page(filter: VideoFilter, before: number | undefined, limit: number): { records: TaskRecord[]; total: number } {
    const { rows, total } = pageTasks(this.lib, filter, before, limit)
    const records = rows
      .map((row) => this.records.get(row.id) ?? this.read(row))
      .filter((r): r is TaskRecord => r !== undefined)
    return { records, total }
  }

  /** A row read after open, kept so every caller holds the same record (and its live changes). */
  private read(row: { record: string } | undefined): TaskRecord | undefined {
    const rec = row ? rowTask(row) : null
    if (!rec) return undefined
    const known = this.records.get(rec.task.id)
    if (known) return known
    this.records.set(rec.task.id, rec)
    this.onRead(rec)
    return rec
  }

  get size(): number {
    return this.lib.get<{ n: number }>('SELECT count(*) AS n FROM video_tasks')!.n
  }

  /**
   * Ids of the tasks whose prompt, model, task id or error contains `query` (the FTS5 trigram
   * index), or null for a query too short to index (the caller scans instead).
   */
  matching(query: string): Set<string> | null {
    return matchingTasks(this.lib, query)
  }

  /** The board's search, best first, with the matching excerpts (task-table.ts). */
  search(query: string, limit: number): { hits: VideoSearchHit[]; more: boolean } {
    return searchTasks(this.lib, query, limit)
  }

  /** Keeps the record in memory only (progress); `put` later makes it durable. */
  touch(rec: TaskRecord): void {
    this.records.set(rec.task.id, rec)
  }

  /** Resolves once this state is committed (synchronous=FULL); callers await it before acting on it. */
  async put(rec: TaskRecord): Promise<void> {
    this.records.set(rec.task.id, rec)
    putTask(this.lib, rec)
  }

  async remove(id: string): Promise<void> {
    this.records.delete(id)
    this.lib.run('DELETE FROM video_tasks WHERE id = ?', id)
  }

  /** Every `put` is durable when it resolves; kept for callers that wait before shutting down. */
  async flush(): Promise<void> {}

  /** Lets go of the library database (the last user closes it cleanly). */
  close(): void {
    this.lib.release()
  }
}

/** The JSON records of an earlier version (null when there are none); damaged ones are set aside, as before. */
async function readLegacyTasks(dir: string, notice: (message: string) => void): Promise<TaskRecord[] | null> {
  let names: string[]
  try {
    names = await readdir(dir)
  } catch {
    return null
  }
  const out: TaskRecord[] = []
  let damaged = 0
  for (const name of names) {
    const path = join(dir, name)
    if (name.includes('.tmp-')) {
      await rm(path, { force: true })
      continue
    }
    const m = /^(.+)\.json$/.exec(name)
    if (!m || !ID.test(m[1])) continue
    try {
      const v: unknown = JSON.parse(await readFile(path, 'utf8'))
      if (!isRecord(v) || v.task.id !== m[1]) throw new Error('not a task record')
      out.push(v)
    } catch {
      damaged++
      await rename(path, `${path}.corrupt-${Date.now()}`).catch(() => {})
    }
  }
  if (damaged)
    notice(
      `${damaged} video task record${damaged === 1 ? ' was' : 's were'} damaged and set aside (kept with a .corrupt suffix in the video/tasks.migrated folder).`
    )
  return out
}
