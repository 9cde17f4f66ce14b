import type { VideoNotice } from '@shared/contract/video'
import { FINAL_VIDEO_STATES, type VideoTask } from '@shared/domain/video'
import type { EventHub } from '../ipc/event-hub'
import type { Clock } from '../tasks/clock'
import type { TaskJournal, TaskRecord } from './task-journal'

/**
 * The task records in memory, their durability and their announcements: `commit` writes the record
 * (awaited before acting on it) and tells the page; `progress` only tells the page and marks the
 * record for a lazy write; `announce` raises the OS notification (or the page's) once per outcome.
 */

export interface Notify {
  (n: { title: string; body: string; tag: string }, onClick: () => void): void
}

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
  private readonly announced = new Set<string>()

  constructor(private readonly d: BookDeps) {}

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
      if (rec) await this.d.journal.put(rec).catch((e: unknown) => this.d.log(`video: could not write task ${id}: ${String(e)}`))
    }
  }

  /** One notification per task outcome: the OS shows it when the shell can, the page otherwise. */
  announce(rec: TaskRecord): void {
    const t = rec.task
    const key = `${t.id}:${t.state}`
    if (this.announced.has(key)) return
    this.announced.add(key)
    const what = t.prompt ? `“${t.prompt.length > 80 ? t.prompt.slice(0, 79) + '…' : t.prompt}”` : t.model
    let title: string
    let body: string
    if (t.state === 'succeeded') {
      title = t.download.state === 'done' ? 'Video ready' : 'Video finished; download pending'
      body = `${t.model}: ${what}`
    } else if (t.state === 'failed' || t.state === 'cancelled') {
      title = t.state === 'failed' ? 'Video failed' : 'Video cancelled'
      body = `${t.model}: ${t.error?.message ?? what}${t.error?.code ? ` (${t.error.code})` : ''}`
    } else if (t.state === 'lost') {
      title = 'Video task lost'
      body = `${t.model}: the gateway no longer knows this task.`
    } else if (t.state === 'outcome-unknown') {
      title = 'Video submission outcome unknown'
      body = `${t.model}: it may have been accepted and charged; check before submitting again.`
    } else return
    let shownBySystem = false
    if (this.d.notify) {
      try {
        this.d.notify({ title, body, tag: t.id }, () => this.d.emit('video:open-requested', { id: t.id }))
        shownBySystem = true
      } catch (e) {
        this.d.log(`video: notification failed: ${String(e)}`)
      }
    }
    const notice: VideoNotice = { id: t.id, state: t.state, title, body, shownBySystem }
    this.d.emit('video:notice', notice)
  }

  dispose(): Promise<void> {
    return this.flushDirty()
  }
}
