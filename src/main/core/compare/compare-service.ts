import type { HostEventArgs } from '@shared/contract'
import type { GenerationEntry } from '@shared/domain/balance'
import {
  COMPARE_PROMPT_EXCERPT,
  FINAL_CELL_STATES,
  type ChatCompareStart,
  type CompareCell,
  type CompareRunOf,
  type CompareStart,
  type MediaCompareArea
} from '@shared/domain/compare'
import type { GatewayNames } from '@shared/domain/gateway-names'
import type { GenerateRequest } from '@shared/domain/images'
import { ruleError } from '@shared/domain/rule-english'
import type { VideoCreateRequest } from '@shared/domain/video'
import { isStudioError, StudioError, type StudioErrorData } from '@shared/errors'
import type { GatewayConnection } from '../gateway/http'
import { fromRawError } from '../ipc/host-errors'
import type { CellLive, ChatComparePort, ColumnStart, ComparePort } from './compare-port'
import type { CompareStore, StoredCell, StoredMediaRun } from './compare-store'

type MediaRun = CompareRunOf<MediaCompareArea>
type ChatRun = CompareRunOf<'chat'>

export interface CompareServiceDeps {
  store: CompareStore
  /** Each area's part; an area left out refuses its runs (a host without it). */
  ports: { chat?: ChatComparePort; images?: ComparePort<GenerateRequest>; video?: ComparePort<VideoCreateRequest> }
  profiles: { activeId(): Promise<string>; connection(id: string): Promise<GatewayConnection> }
  /** The generation log's entry for a job or task (its cost once the usage snapshots around it are known). */
  costOf?: (ref: string) => GenerationEntry | undefined
  emit: (run: MediaRun) => void
  now?: () => number
  log?: (line: string) => void
}

const isFinal = (state: StoredCell['state']) => FINAL_CELL_STATES.includes(state)
const MEDIA_AREAS = ['images', 'video'] as const
/** Recent runs per area followed from the start (a finished video cell's file may still be on its way). */
const FOLLOWED = 10

/** Why a chat column could not start, as the page shows it beside the other columns. */
function chatError(e: unknown): StudioErrorData {
  if (isStudioError(e)) return e.toData()
  return { code: 'INTERNAL', message: 'This answer could not be started.', retryable: false }
}

/**
 * Compare runs of every area: one prompt to 2–4 models, recorded in one store before anything is
 * sent; each model then goes through its area's own path behind a port, and a failed one does not
 * stop the others.
 *
 * Images and video: one create per model. The run and its cells' job ids are committed before any
 * create; each cell goes through its area's own create (the same write-ahead journal as a single
 * run), so a restart never sends a cell again: a cell whose job the area never journaled was never
 * sent and shows so.
 *
 * Chat: one ordinary conversation per model, so every answer streams, saves, survives a restart and
 * carries on exactly as a single chat does. The run remembers which conversations belong together
 * until the user settles it by continuing with one.
 */
export class CompareService {
  private readonly now: () => number
  /** Runs followed this session by id, and which run each of their cells' jobs belongs to. */
  private readonly open = new Map<string, StoredMediaRun>()
  private readonly runOfRef = new Map<string, string>()
  /** Runs whose start is under way: a doubled call waits for the same answer. */
  private readonly starting = new Map<string, Promise<MediaRun>>()
  /** Runs with an ended cell whose cost the generation log does not know yet. */
  private readonly awaitingCost = new Set<string>()

  constructor(private readonly d: CompareServiceDeps) {
    this.now = d.now ?? Date.now
    for (const run of d.store.open()) if (d.ports[run.area]) this.reconcile(run)
    for (const area of MEDIA_AREAS)
      if (d.ports[area]) for (const run of d.store.list(area, FOLLOWED)) if (!this.open.has(run.id)) this.track(run)
  }

  private port<A extends keyof CompareServiceDeps['ports']>(area: A): NonNullable<CompareServiceDeps['ports'][A]> {
    const port = this.d.ports[area]
    if (!port) throw new StudioError('INTERNAL', 'Comparing models is not available here.')
    return port
  }

  /** At start: each unfinished cell takes its area's current state; one its area never journaled was never sent. */
  private reconcile(run: StoredMediaRun): void {
    const port = this.port(run.area)
    for (const cell of run.cells) {
      if (isFinal(cell.state)) continue
      const live = port.live(cell.ref)
      if (live) this.apply(cell, live)
      else if (cell.state === 'waiting') {
        cell.state = 'not-sent'
        cell.endedAt = this.now()
      } else {
        cell.state = 'failed'
        cell.endedAt = this.now()
        cell.error = {
          code: 'NOT_FOUND',
          message: 'This job is no longer in its list; look for its result in the gallery or on the board.',
          retryable: false
        }
      }
    }
    this.save(run)
  }

  /**
   * Follows a run's cells for this session, finished ones too: a video cell is done before its file
   * has arrived, and the board learns of the file from the task's later updates.
   */
  private track(run: StoredMediaRun): void {
    this.open.set(run.id, run)
    for (const c of run.cells) this.runOfRef.set(c.ref, run.id)
  }

  private save(run: StoredMediaRun): void {
    try {
      this.d.store.put(run)
    } catch (e) {
      // The cells' own jobs are journaled by their areas; the run's record catches up at the next change.
      this.d.log?.(`compare: could not save run ${run.id}: ${String(e)}`)
    }
    this.track(run)
  }

  /** Applies an area's state to a cell; answers whether anything worth keeping changed. */
  private apply(cell: StoredCell, live: CellLive): boolean {
    if (isFinal(cell.state)) return false
    const before = JSON.stringify(cell)
    cell.state = live.state
    cell.startedAt ??= live.startedAt
    if (live.error) cell.error = live.error
    if (live.itemIds?.length) cell.itemIds = [...live.itemIds]
    if (isFinal(live.state)) cell.endedAt = live.endedAt ?? this.now()
    return JSON.stringify(cell) !== before
  }

  view(run: StoredMediaRun): MediaRun {
    const port = this.port(run.area)
    const cells: CompareCell[] = run.cells.map((c) => {
      const live = isFinal(c.state) ? undefined : port.live(c.ref)
      const entry = this.d.costOf?.(c.ref)
      if (isFinal(c.state) && entry && entry.cost === undefined && entry.costBasis === undefined)
        this.awaitingCost.add(run.id)
      return {
        model: c.model,
        family: c.family,
        ref: c.ref,
        state: c.state,
        progress: live?.progress ?? (c.state === 'done' ? 100 : null),
        ...(live?.note ? { note: live.note } : {}),
        ...(c.startedAt !== undefined ? { startedAt: c.startedAt } : {}),
        ...(c.endedAt !== undefined ? { endedAt: c.endedAt } : {}),
        ...(c.error ? { error: c.error } : {}),
        ...(entry?.cost !== undefined
          ? {
              cost: {
                amount: entry.cost,
                basis: entry.costBasis === 'exact' || entry.costBasis === 'mixed' ? entry.costBasis : 'shared'
              }
            }
          : {}),
        ...port.results(c)
      }
    })
    const common = {
      id: run.id,
      profileId: run.profileId,
      prompt: run.prompt,
      createdAt: run.createdAt,
      cells,
      ...(run.keptIndex !== undefined ? { keptIndex: run.keptIndex } : {})
    }
    return run.area === 'images' ? { ...common, area: 'images' } : { ...common, area: 'video' }
  }

  private emit(run: StoredMediaRun): void {
    try {
      this.d.emit(this.view(run))
    } catch (e) {
      this.d.log?.(`compare: could not show run ${run.id}: ${String(e)}`)
    }
  }

  start(input: CompareStart): Promise<MediaRun> {
    const running = this.starting.get(input.runId)
    if (running) return running
    const p = this.begin(input).finally(() => this.starting.delete(input.runId))
    this.starting.set(input.runId, p)
    return p
  }

  private async begin(input: CompareStart): Promise<MediaRun> {
    const existing = this.d.store.get(input.runId)
    if (existing) {
      if (existing.area === 'chat' || existing.area !== input.area)
        throw new StudioError('CONFLICT', 'That run id belongs to another compare run.', { field: 'runId' })
      return this.view(existing)
    }
    const profileId = await this.d.profiles.activeId()
    const conn = await this.d.profiles.connection(profileId)
    // Typed per area so each request meets its own port.
    if (input.area === 'images')
      return this.fanOut('images', this.port('images'), input.requests, input.runId, profileId, conn.names)
    return this.fanOut('video', this.port('video'), input.requests, input.runId, profileId, conn.names)
  }

  private async fanOut<R>(
    area: MediaCompareArea,
    port: ComparePort<R>,
    requests: R[],
    id: string,
    profileId: string,
    names: GatewayNames | undefined
  ): Promise<MediaRun> {
    const seen = new Set<string>()
    requests.forEach((req, i) => {
      const { model, family } = port.describe(req)
      if (seen.has(`${family}\u0000${model}`))
        throw new StudioError('INVALID_INPUT', `${model} is in this run twice; a run compares different models.`, {
          field: `requests.${i}.model`
        })
      seen.add(`${family}\u0000${model}`)
      const problem = port.problems(req, names)[0]
      if (problem) throw ruleError({ ...problem, field: `requests.${i}.${problem.field}` }, { prefixField: false })
    })
    const sent = requests.map((r) => port.forProfile(r, profileId))
    const run: StoredMediaRun = {
      id,
      area,
      profileId,
      prompt: port.describe(sent[0]).prompt,
      createdAt: this.now(),
      cells: sent.map((req) => {
        const { model, family } = port.describe(req)
        return { model, family, ref: port.newRef(), state: 'waiting' }
      })
    }
    // Durable before any create: a restart finds the run and asks each area about its cell's job.
    this.d.store.put(run)
    this.track(run)
    this.emit(run)
    await Promise.all(
      sent.map(async (req, i) => {
        const cell = run.cells[i]
        try {
          await port.start(req, cell.ref)
          const live = port.live(cell.ref)
          if (live) this.apply(cell, live)
        } catch (e) {
          // Refused before anything was sent (a missing reference, a rule): this cell only.
          const err = fromRawError(e)
          cell.state = 'failed'
          cell.endedAt = this.now()
          cell.error = err.toData()
        }
      })
    )
    this.save(run)
    this.emit(run)
    return this.view(run)
  }

  /** An area's event (via the event hub): a cell's job moved. */
  observe(...event: HostEventArgs): void {
    if (event[0] === 'balance:history-changed') return this.costsChanged()
    for (const area of MEDIA_AREAS) {
      const hit = this.d.ports[area]?.fromEvent(...event)
      if (!hit) continue
      const runId = this.runOfRef.get(hit.ref)
      const run = runId ? this.open.get(runId) : undefined
      const cell = run?.cells.find((c) => c.ref === hit.ref)
      if (!run || !cell) return
      const wasFinal = isFinal(cell.state)
      const changed = this.apply(cell, hit.live)
      if (changed && (cell.state !== 'running' || wasFinal !== isFinal(cell.state))) this.save(run)
      else if (changed && !cell.startedAt) this.save(run)
      this.emit(run)
      return
    }
  }

  private costsChanged(): void {
    const ids = [...this.awaitingCost]
    this.awaitingCost.clear()
    for (const id of ids) {
      const run = this.open.get(id) ?? this.d.store.get(id)
      if (run && run.area !== 'chat') this.emit(run)
    }
  }

  list(area: MediaCompareArea, limit = 20): { runs: MediaRun[] } {
    return {
      runs: this.d.store
        .list(area, limit)
        .map((r) => this.open.get(r.id) ?? r)
        .map((r) => this.view(r))
    }
  }

  async keep(runId: string, index: number): Promise<MediaRun> {
    const stored = this.open.get(runId) ?? this.d.store.get(runId)
    // A chat run has no cells to keep: it is settled by continuing with one conversation.
    const run = stored?.area === 'chat' ? undefined : stored
    if (!run) throw new StudioError('NOT_FOUND', 'That compare run is no longer in the library.', { field: 'runId' })
    const cell = run.cells[index]
    if (!cell) throw new StudioError('INVALID_INPUT', `This run has ${run.cells.length} cells.`, { field: 'index' })
    if (cell.state !== 'done')
      throw new StudioError('INVALID_INPUT', 'Only a finished cell with a result can be kept.', { field: 'index' })
    await this.port(run.area).keep(cell)
    run.keptIndex = index
    this.save(run)
    this.emit(run)
    return this.view(run)
  }

  /** Chat: a new conversation per model, then every answer streaming at once. */
  async startChat(input: ChatCompareStart): Promise<{ compare: ChatRun; started: ColumnStart[] }> {
    const port = this.port('chat')
    const models = port.check(input)
    // A missing key fails the whole run here, before any conversation is made.
    await port.ready()
    const columns: ChatRun['columns'] = []
    for (const model of models) columns.push({ conversationId: await port.open(input, model), model })
    const run: ChatRun = {
      id: port.newRef(),
      area: 'chat',
      createdAt: this.now(),
      format: input.format,
      prompt: input.text.slice(0, COMPARE_PROMPT_EXCERPT),
      columns
    }
    this.d.store.put(run)
    // Each column is its own stream, and one that fails does not hold up the rest.
    const started = await Promise.all(
      columns.map(async ({ conversationId }): Promise<ColumnStart> => {
        try {
          return { conversationId, ...(await port.start(input, conversationId)) }
        } catch (e) {
          return { conversationId, error: chatError(e) }
        }
      })
    )
    return { compare: run, started }
  }

  /** Chat runs not settled yet, newest first, without the columns whose conversation was deleted. */
  async listChat(): Promise<{ compares: ChatRun[] }> {
    const runs = this.d.store.list('chat')
    if (runs.length === 0) return { compares: [] }
    const existing = await this.port('chat').existing()
    const compares: ChatRun[] = []
    for (const run of runs) {
      const columns = run.columns.filter((c) => existing.has(c.conversationId))
      // Every answer was deleted one by one: nothing is left to compare.
      if (columns.length === 0) this.d.store.remove(run.id)
      else compares.push({ ...run, columns })
    }
    return { compares }
  }

  /** Ends a chat run: the kept conversation carries on as a normal one; the others stay, or go with `discardOthers`. */
  async settleChat(input: { id: string; keep?: string; discardOthers?: boolean }): Promise<void> {
    const stored = this.d.store.get(input.id)
    const run = stored?.area === 'chat' ? stored : undefined
    if (!run) throw new StudioError('NOT_FOUND', 'This comparison is no longer open.', { field: 'id' })
    if (input.keep !== undefined && !run.columns.some((c) => c.conversationId === input.keep)) {
      throw new StudioError('INVALID_INPUT', 'That answer is not part of this comparison.', { field: 'keep' })
    }
    if (input.discardOthers && input.keep === undefined) {
      throw new StudioError('INVALID_INPUT', 'Choose the answer to keep before discarding the others.', {
        field: 'discardOthers'
      })
    }
    if (input.discardOthers)
      for (const c of run.columns)
        if (c.conversationId !== input.keep) await this.port('chat').discard(c.conversationId)
    this.d.store.remove(run.id)
  }
}
