import { FINAL_VIDEO_STATES, type VideoTask } from '@shared/domain/video'
import type { EventHub } from '../ipc/event-hub'
import type { Clock } from '../tasks/clock'
import { VideoAnnouncer, type Notify } from './announcer'
import type { TaskJournal, TaskRecord } from './task-journal'

/**
 * The task records in memory, their durability and their announcements: `commit` writes the record
 * (awaited before acting on it) and tells the page; `progress` only tells the page and marks the
 * record for a lazy write; `announce` hands an outcome to the announcer (announcer.ts).
 */

export type { Notify }

export interface BookDeps {
  journal: TaskJournal
  emit: EventHub['emit']
  clock: Clock
  notify?: Notify
  log: (line: string) => void
}

const LAZY_WRITE_MS = 30_000

export function isFinal(t: VideoTask): boolean {
  return FINAL_VIDEO_STATES.includes(t.state)
}

export class TaskBook {
  private readonly dirty = new Set<string>()
  private flushTimer: unknown = null
  private readonly announcer: VideoAnnouncer

  constructor(private readonly d: BookDeps) {
    this.announcer = new VideoAnnouncer(d)
  }

  get journal(): TaskJournal {
    return this.d.journal
  }

  now(): number {
    return this.d.clock.now()
  }

  /** Durable first, then the page hears of it. */
  async commit(rec: TaskRecord): Promise<void> {
    rec.task.updatedAt = this.now()
    this.dirty.delete(rec.task.id)
    await this.d.journal.put(rec)
    if (this.d.journal.get(rec.task.id) === rec) this.d.emit('video:task-updated', rec.task)
  }

  /** Display-only change (progress, next poll): emitted now, written within LAZY_WRITE_MS. */
  progress(rec: TaskRecord, emit: boolean): void {
    rec.task.updatedAt = this.now()
    this.d.journal.touch(rec)
    this.dirty.add(rec.task.id)
    if (emit) this.d.emit('video:task-updated', rec.task)
    if (this.flushTimer === null) this.flushTimer = this.d.clock.setTimeout(() => void this.flushDirty(), LAZY_WRITE_MS)
  }

  async flushDirty(): Promise<void> {
    if (this.flushTimer !== null) this.d.clock.clearTimeout(this.flushTimer)
    this.flushTimer = null
    const ids = [...this.dirty]
    this.dirty.clear()
    for (const id of ids) {
      const rec = this.d.journal.get(id)
      if (rec)
        await this.d.journal
          .put(rec)
          .catch((e: unknown) => this.d.log(`video: could not write task ${id}: ${String(e)}`))
    }
  }

  /** A task read from the database after start: an ended one's outcome is not news. */
  known(rec: TaskRecord): void {
    if (rec.phase === 'ended') this.announcer.seed([rec.task])
  }

  /** One notification per task outcome, decided by the host only (announcer.ts). */
  announce(rec: TaskRecord): void {
    this.announcer.announce(rec.task)
  }

  dispose(): Promise<void> {
    return this.flushDirty()
  }
}
