import type { EditRequest, GalleryItem, GenerateRequest, ImageJob, NativeTaskRequest } from '@shared/domain/images'
import { StudioError } from '@shared/errors'
import { namesOf, type GatewayConnection } from '../gateway/http'
import type { VariationRequest } from '../queue/queue-ports'
import { buildEditFields, buildImage2Body, buildImagegenBody, buildNativeSubmitBody } from './builders'
import { checkEditInputs, copyEditInputs, removeCopies } from './edit-inputs'
import { buildEditBody, type StreamedBody } from './edit-multipart'
import { checkExtend, extendEditInputs } from './extend-canvas'
import { GalleryActions } from './gallery-actions'
import { GalleryStore } from './gallery-store'
import type { ImageServiceDeps, SendAs, StagedEdit } from './image-deps'
import { ImageRuns } from './image-runs'
import { importFile } from './import-file'
import { JobBook } from './job-book'
import { JobJournal, type ItemTemplate, type JobRecord } from './job-journal'
import { createLongFetch, type LongFetch } from './long-fetch'
import { checkReferences, describeReferences, resolveReferences } from './references'
import { DEFAULT_IMAGE_TIMING, editHeadersMs, type ImageTiming } from './timing'
import {
  checkEditParams,
  checkGenerate,
  checkGenerateFamily,
  checkNative,
  editFamilyFor,
  nativeModelFor
} from './validate'
import { variationPlan, varyRequest } from './variations'

export type { ImageServiceDeps, SendAs, StagedEdit } from './image-deps'

/** The largest edit upload (25 MB) sets how long the long-request dispatcher must wait for headers. */
const MAX_EDIT_BYTES = 25 * 1024 * 1024

/**
 * The images host: generate (both families), the native task, edits with a mask, and the gallery.
 * Each start call validates first (nothing is sent for bad input), records the job, answers the
 * page at once with the running job, and does the work in the background, reporting through
 * `images:job-updated` until exactly one terminal status.
 */
export class ImageService {
  readonly gallery: GalleryStore
  readonly actions: GalleryActions
  private readonly book: JobBook
  private readonly runs: ImageRuns
  private readonly stop = new AbortController()
  private readonly inFlight = new Set<Promise<void>>()

  private constructor(
    private readonly d: ImageServiceDeps,
    gallery: GalleryStore,
    private readonly journal: JobJournal,
    private readonly long: LongFetch,
    private readonly timing: ImageTiming
  ) {
    const log = d.log ?? (() => {})
    this.gallery = gallery
    const record = d.recordGeneration
    // A finished job was charged; one whose answer never arrived may have been. Refusals were not.
    const onEnded = record
      ? (rec: JobRecord, status: ImageJob['status']) => {
          if (status === 'done' || status === 'outcome-unknown')
            record({
              profileId: rec.template.profileId,
              kind: 'image',
              model: rec.template.model,
              ok: status === 'done',
              ref: rec.job.jobId,
              params: { ...rec.template.params, via: rec.template.origin }
            })
        }
      : undefined
    this.book = new JobBook({ journal, gallery, emit: d.emit, now: Date.now, newId: () => gallery.newId(), onEnded })
    this.runs = new ImageRuns({
      book: this.book,
      gallery,
      longFetch: long.fetch,
      fetch: d.fetch,
      scheduler: d.scheduler,
      timing,
      signal: this.stop.signal,
      log
    })
    this.actions = new GalleryActions({ gallery, emit: d.emit, saveFile: d.saveFile })
    if (long.fallback) log('images: could not raise the HTTP headers timeout; long image requests are limited to 300 s')
  }

  static async open(d: ImageServiceDeps): Promise<ImageService> {
    const timing = { ...DEFAULT_IMAGE_TIMING, ...d.timing }
    const notice = d.notice ?? (() => {})
    const gallery = await GalleryStore.open({ dataDir: d.dataDir, media: d.media, notice })
    const journal = await JobJournal.open(d.dataDir, notice)
    const long = await createLongFetch(d.fetch, Math.max(timing.syncHeadersMs, editHeadersMs(timing, MAX_EDIT_BYTES)), {
      directUploads: d.nodeFetch === true
    })
    const service = new ImageService(d, gallery, journal, long, timing)
    await service.resume(journal)
    return service
  }

  private track(work: Promise<void>): void {
    this.inFlight.add(work)
    void work.finally(() => this.inFlight.delete(work))
  }

  /**
   * The connection of `profileId` (a queued item's own profile: its key and address, whatever profile
   * is active now), else of the active profile; before a job exists, so a missing profile or key
   * fails the call, not a job.
   */
  private async connect(profileId?: string): Promise<{ profileId: string; conn: GatewayConnection }> {
    const id = profileId ?? (await this.d.profiles.activeId())
    return { profileId: id, conn: await this.d.profiles.connection(id) }
  }

  /** `jobId`: chosen by the caller (a compare run records its cells' ids before any create). */
  async generate(req: GenerateRequest, jobId?: string, as: SendAs = {}): Promise<ImageJob> {
    const tag = as.tag ?? {}
    const warnings = checkGenerate(req)
    const refs = req.family === 'image2' ? (req.image ?? []) : []
    const sources = { files: this.d.files, gallery: this.gallery }
    checkReferences(refs, sources)
    const { profileId, conn } = await this.connect(as.profileId)
    checkGenerateFamily(req, conn.names)
    // Planned without reading reference bytes: the warnings and the size asked for do not depend on them.
    const planned = req.family === 'imagegen' ? buildImagegenBody(req) : buildImage2Body(req, [])
    const params: Record<string, unknown> = {
      ...req,
      ...(req.family === 'image2' && refs.length ? { image: describeReferences(refs, sources) } : {}),
      ...tag
    }
    const template: ItemTemplate = {
      origin: 'generate',
      model: req.model,
      prompt: req.prompt,
      params,
      profileId,
      requestedSize: planned.requestedSize
    }
    const rec = await this.book.begin('generate', template, [...warnings, ...planned.warnings], jobId)
    this.track(
      (async () => {
        let body: Record<string, unknown>
        try {
          body =
            req.family === 'imagegen'
              ? buildImagegenBody(req).body
              : buildImage2Body(req, await resolveReferences(refs, sources)).body
        } catch (e) {
          return this.runs.fail(rec, e)
        }
        await this.runs.runSync(rec, conn, {
          method: 'POST',
          path: '/v1/images/generations',
          json: body,
          timeoutMs: this.timing.syncHeadersMs
        })
      })()
    )
    return this.book.view(rec)
  }

  /** `jobId`: chosen by the caller (the queue journals its items' creates under ids chosen when queued). */
  async submitNative(req: NativeTaskRequest, jobId?: string, as: SendAs = {}): Promise<ImageJob> {
    const warnings = checkNative(req)
    const tag = as.tag ?? {}
    const { profileId, conn } = await this.connect(as.profileId)
    const names = namesOf(conn)
    const model = nativeModelFor(req, names)
    const built = buildNativeSubmitBody(req, names.nativeImage, model)
    const template: ItemTemplate = {
      origin: 'native',
      model,
      prompt: req.prompt,
      params: { ...req, ...tag },
      profileId,
      requestedSize: built.requestedSize
    }
    const rec = await this.book.begin('native', template, warnings, jobId)
    this.track(this.runs.runNativeSubmit(rec, conn, built.body))
    return this.book.view(rec)
  }

  /**
   * Checks a native task as its send would (nothing is sent) and answers the model it would use:
   * the queue refuses bad input before it queues, and keeps the model the task will run on.
   */
  async planNative(req: NativeTaskRequest, profileId?: string): Promise<{ model: string }> {
    checkNative(req)
    const { conn } = await this.connect(profileId)
    const names = namesOf(conn)
    return { model: nativeModelFor(req, names) }
  }

  async edit(req: EditRequest): Promise<ImageJob> {
    const staged = await this.stageEdit(req, this.gallery.newId())
    return this.sendEdit(req, staged)
  }

  /**
   * An edit checked (nothing is sent for bad input) and its inputs copied into the library under
   * `jobId`: what is sent later is read from these copies only, so an edit can wait in the queue
   * (past a restart, when its file grants are gone) and still send the bytes the user chose.
   * `maskFile`: a variation of an edit sends the mask the library kept of the original.
   */
  async stageEdit(
    req: EditRequest,
    jobId: string,
    opts: { profileId?: string; maskFile?: string } = {}
  ): Promise<StagedEdit> {
    const { maskFile } = opts
    const { conn } = await this.connect(opts.profileId)
    const family = editFamilyFor(req, conn.names)
    const warnings = checkEditParams(req, family, conn.names)
    const inputs = await checkEditInputs(req, { files: this.d.files, gallery: this.gallery })
    if (maskFile) inputs.mask = { path: this.gallery.pathOf(maskFile), uploadName: 'mask.png' }
    if (req.extend) checkExtend(req.extend, inputs.source, family)
    const copied = await copyEditInputs(inputs, this.gallery, jobId, this.d.files)
    // Extend canvas: the copies become the larger canvas and its mask, which the request sends.
    const { checked, copies } = req.extend
      ? await extendEditInputs(req.extend, inputs, copied, this.gallery, jobId)
      : { checked: inputs, copies: copied }
    return { jobId, family, warnings: [...warnings, ...checked.warnings], checked, copies }
  }

  /** A staged edit that will not be sent (removed from the queue): its library copies go. */
  async discardEdit(staged: StagedEdit): Promise<void> {
    await removeCopies(staged.copies, this.gallery)
  }

  /** Journals the staged edit under its job id, then sends it from the library copies. */
  async sendEdit(req: EditRequest, staged: StagedEdit, as: SendAs = {}): Promise<ImageJob> {
    const { tag } = as
    const { profileId, conn } = await this.connect(as.profileId)
    const { checked, copies, jobId } = staged
    const fields = buildEditFields(req, staged.family)
    const { source, maskFileId, ...rest } = req
    void source
    void maskFileId
    const template: ItemTemplate = {
      origin: 'edit',
      model: req.model,
      prompt: req.prompt,
      params: { ...rest, source: checked.source.describe, masked: checked.mask !== undefined, ...tag },
      profileId,
      requestedSize: fields.requestedSize,
      ...(checked.source.parentId ? { parentId: checked.source.parentId } : {}),
      ...copies
    }
    const rec = await this.book.begin('edit', template, staged.warnings, jobId)
    this.track(
      (async () => {
        let multipart: StreamedBody
        try {
          multipart = await buildEditBody(fields.body, checked, copies, this.gallery)
        } catch (e) {
          return this.runs.fail(rec, e)
        }
        const timeoutMs = editHeadersMs(this.timing, checked.source.bytes)
        await this.runs.runSync(rec, conn, {
          method: 'POST',
          path: '/v1/images/edits',
          body: multipart.body,
          headers: multipart.headers,
          timeoutMs
        })
      })()
    )
    return this.book.view(rec)
  }

  /**
   * "More like this": `count` requests rebuilt from gallery item `id` (variations.ts), a fresh seed
   * each where the family takes one. The queue sends each as its own item, under its cap, pause and
   * spending limits.
   */
  variations(id: string, count: number): VariationRequest[] {
    const plan = variationPlan(this.gallery.record(id))
    return Array.from({ length: count }, (): VariationRequest => {
      if (plan.kind === 'generate') return { kind: 'generate', req: varyRequest(plan.request, plan.family) }
      if (plan.kind === 'native') return { kind: 'native', req: varyRequest(plan.request, plan.family) }
      return {
        kind: 'edit',
        req: varyRequest(plan.request, plan.family),
        ...(plan.maskFile ? { maskFile: plan.maskFile } : {})
      }
    })
  }

  /** The journal's word on a job: running, ended, or unknown (never journaled, or pruned long after it ended). */
  jobState(jobId: string): 'running' | 'ended' | undefined {
    const rec = this.journal.get(jobId)
    return rec ? (rec.phase === 'ended' ? 'ended' : 'running') : undefined
  }

  /** A picture from the desktop into the gallery as "Imported" (import-file.ts). */
  async importFile(fileId: string): Promise<GalleryItem> {
    if (!this.d.files) throw new StudioError('INVALID_INPUT', 'Files cannot be imported here.', { field: 'fileId' })
    const item = await importFile(
      { gallery: this.gallery, files: this.d.files, profileId: await this.d.profiles.activeId() },
      fileId
    )
    this.d.emit('images:gallery-changed', { ids: [item.id] })
    return item
  }

  listJobs(): { jobs: ImageJob[] } {
    return { jobs: this.book.list() }
  }

  /**
   * Picks up what the journal says was in flight: native tasks are polled again (their id was
   * saved before the first poll), downloads of URL results are retried, and a request whose answer
   * never arrived is shown as outcome-unknown (it may have been charged), never re-sent.
   */
  private async resume(journal: JobJournal): Promise<void> {
    for (const rec of journal.all()) {
      if (rec.phase === 'ended') continue
      if (rec.phase === 'sending') {
        const err = new StudioError(
          'OUTCOME_UNKNOWN',
          'The studio closed while this request was being sent; it may have been accepted and charged. Check the gallery and usage before sending it again.'
        )
        await this.runs.dropUnusedCopies(rec)
        await this.book.end(rec, 'outcome-unknown', { error: err })
        continue
      }
      let conn: GatewayConnection
      try {
        conn = await this.d.profiles.connection(rec.template.profileId)
      } catch (e) {
        await this.runs.fail(rec, e)
        continue
      }
      // A native task can always be asked again for its images; other jobs only have their URLs.
      if (rec.job.taskId) this.track(this.runs.follow(rec, conn))
      else if (rec.pending?.length)
        this.track(this.runs.finish(rec, conn, rec.pending).catch((e: unknown) => this.runs.fail(rec, e)))
      else
        await this.runs.fail(
          rec,
          new StudioError(
            'GATEWAY_ERROR',
            'The studio closed while saving images that arrived inline (b64_json); they could not be recovered.'
          )
        )
    }
  }

  /** Follows again the native tasks held because the gateway refused their key (profiles changed). */
  resumeHeld(): void {
    for (const rec of [...this.runs.held]) {
      this.runs.held.delete(rec)
      this.book.resume(rec, 'Profile changed; checking the task again')
      this.track(
        this.d.profiles.connection(rec.template.profileId).then(
          (conn) => this.runs.follow(rec, conn),
          () => void this.runs.held.add(rec)
        )
      )
    }
  }

  /**
   * The gallery's repair pass against its folder (gallery-reconcile.ts), started by the host once
   * the studio is ready; the page hears of the items it dropped or added back.
   */
  reconcileLibrary(): Promise<void> {
    const work = this.gallery.reconcile().then(
      (r) => {
        const ids = [...r.missing, ...r.adopted]
        if (ids.length) this.d.emit('images:gallery-changed', { ids })
      },
      (e: unknown) => (this.d.log ?? (() => {}))(`images: the library folder check stopped: ${String(e)}`)
    )
    this.track(work)
    return work
  }

  /** Waits for background work to settle (tests; shutdown uses dispose). */
  async idle(): Promise<void> {
    while (this.inFlight.size) await Promise.allSettled([...this.inFlight])
  }

  /** Stops polling and downloads; the journal keeps them for the next start. */
  async dispose(): Promise<void> {
    this.stop.abort(new Error('shutting down'))
    await this.gallery.stop()
    await this.idle()
    await this.gallery.flush()
    this.gallery.close()
    this.journal.close()
    await this.long.close()
  }
}
