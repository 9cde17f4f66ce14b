import type { GalleryItem, ImageJob } from '@shared/domain/images'
import type { StudioError } from '@shared/errors'
import type { EventHub } from '../ipc/event-hub'
import type { GalleryStore } from './gallery-store'
import type { ItemTemplate, JobJournal, JobPhase, JobRecord, PendingResult } from './job-journal'

type Terminal = Exclude<ImageJob['status'], 'running'>

export interface JobBookDeps {
  journal: JobJournal
  gallery: GalleryStore
  emit: EventHub['emit']
  now: () => number
  newId: () => string
  /** Told once per job when it ends (the balance host's generation log). */
  onEnded?: (rec: JobRecord, status: Terminal) => void
}

/**
 * The lifecycle of every image job in one place: created `running`, journaled before any request,
 * one `images:job-updated` per change, and exactly one terminal status (a second `end` is ignored,
 * so a late failure cannot overwrite a result).
 */
export class JobBook {
  constructor(private readonly d: JobBookDeps) {}

  /** The page's view: items rebuilt from the gallery (their media URLs change every launch). */
  view(rec: JobRecord): ImageJob {
    const items: GalleryItem[] = []
    for (const id of rec.itemIds) {
      try {
        items.push(this.d.gallery.get(id))
      } catch {
        // Deleted from the gallery since: the job still shows, without it.
      }
    }
    return { ...rec.job, prompt: rec.template.prompt, model: rec.template.model, items }
  }

  /** Every running job and the most recent finished ones; capped so the answer stays a small IPC payload. */
  list(limit = 30): ImageJob[] {
    return this.d.journal
      .all()
      .filter((r, i) => r.phase !== 'ended' || i < limit)
      .map((r) => this.view(r))
  }

  /** Records a new job before anything is sent (write-ahead), then announces it. */
  async begin(
    kind: ImageJob['kind'],
    template: ItemTemplate,
    warnings: string[],
    jobId = this.d.newId()
  ): Promise<JobRecord> {
    const rec: JobRecord = {
      job: {
        jobId,
        kind,
        status: 'running',
        createdAt: this.d.now(),
        progressNote: 'Sending the request',
        warnings: [...warnings]
      },
      itemIds: [],
      phase: 'sending',
      template
    }
    await this.d.journal.put(rec)
    this.d.emit('images:job-updated', this.view(rec))
    return rec
  }

  /** A step forward: the new phase is durable before the caller acts on it (task id before the first poll). */
  async step(
    rec: JobRecord,
    patch: { phase?: JobPhase; taskId?: string; progressNote?: string; pending?: PendingResult[] }
  ): Promise<void> {
    if (rec.phase === 'ended') return
    if (patch.phase) rec.phase = patch.phase
    if (patch.taskId) rec.job.taskId = patch.taskId
    if (patch.progressNote !== undefined) rec.job.progressNote = patch.progressNote
    // b64 results are megabytes: only URLs are worth journaling for a resumed download.
    if (patch.pending)
      rec.pending = patch.pending.filter((p) => p.url).map(({ url, revisedPrompt }) => ({ url, revisedPrompt }))
    await this.d.journal.put(rec)
    this.d.emit('images:job-updated', this.view(rec))
  }

  /** A progress line only (not journaled: a restart re-derives it). */
  note(rec: JobRecord, progressNote: string): void {
    if (rec.phase === 'ended' || rec.job.progressNote === progressNote) return
    rec.job.progressNote = progressNote
    this.d.emit('images:job-updated', this.view(rec))
  }

  /** A running job waits (shown, not journaled: after a restart the next poll finds out again). */
  pause(rec: JobRecord, reason: NonNullable<ImageJob['paused']>, progressNote: string): void {
    if (rec.phase === 'ended') return
    rec.job.paused = reason
    rec.job.progressNote = progressNote
    this.d.emit('images:job-updated', this.view(rec))
  }

  resume(rec: JobRecord, progressNote: string): void {
    if (rec.phase === 'ended' || rec.job.paused === undefined) return
    delete rec.job.paused
    rec.job.progressNote = progressNote
    this.d.emit('images:job-updated', this.view(rec))
  }

  async end(
    rec: JobRecord,
    status: Terminal,
    opts: { itemIds?: string[]; error?: StudioError; warnings?: string[] } = {}
  ): Promise<void> {
    if (rec.phase === 'ended') return
    rec.phase = 'ended'
    rec.pending = undefined
    rec.job.status = status
    delete rec.job.progressNote
    delete rec.job.paused
    if (opts.itemIds) rec.itemIds = [...opts.itemIds]
    if (opts.error) rec.job.error = opts.error.toData()
    if (opts.warnings?.length) rec.job.warnings = [...rec.job.warnings, ...opts.warnings]
    this.d.onEnded?.(rec, status)
    try {
      await this.d.journal.put(rec)
    } finally {
      // The page learns the outcome even if the journal could not be written (the gallery has the files).
      this.d.emit('images:job-updated', this.view(rec))
      if (rec.itemIds.length) this.d.emit('images:gallery-changed', { ids: [...rec.itemIds] })
    }
  }
}
