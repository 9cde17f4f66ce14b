import type { ChatFormat, ChatMessage, MessageStatus, StreamOp } from '@shared/domain/chat'
import { StudioError, type StudioErrorData } from '@shared/errors'
import type { FetchLike, GatewayConnection } from '../gateway/http'
import { fromRawError } from '../ipc/host-errors'
import { monotonicClock } from '../tasks/clock'
import { DeltaMerger, type MergeClock } from './delta-merger'
import { codecFor, createDecodeState, decodeItem, type BodyItem, type GatewayCall, type StreamMeta } from './formats'
import { applyOps, cloneMessage } from './parts'
import { classifyEnd, incompleteError, openStream, readStreamBody, type StopReason } from './stream-body'

export interface StreamTiming {
  /** Time allowed for the answer's status line and headers. */
  headersTimeoutMs: number
  /** Silence allowed between body chunks (the gateway's ping is off by default, GATEWAY.md §1c). */
  idleTimeoutMs: number
  totalTimeoutMs: number
  /** Merge window for deltas sent to the renderer. */
  windowMs: number
  /** Minimum time between saves of the partial answer. */
  checkpointMs: number
  preSendRetries: number
  preSendBackoffMs: number
  /**
   * Longest a new turn's save waits for the first token (R1). A fast gateway answers inside it (the
   * save then follows the first delta); a slow one gets the save done while it thinks.
   */
  initialSaveDelayMs: number
}

export const DEFAULT_STREAM_TIMING: StreamTiming = {
  headersTimeoutMs: 120_000,
  idleTimeoutMs: 120_000,
  totalTimeoutMs: 30 * 60_000,
  windowMs: 16,
  checkpointMs: 1_000,
  preSendRetries: 2,
  preSendBackoffMs: 250,
  initialSaveDelayMs: 30
}

export interface StreamJob {
  streamId: string
  conversationId: string
  format: ChatFormat
  call: GatewayCall
  conn: GatewayConnection
  /** The assistant message as saved before the request (status `streaming`). */
  message: ChatMessage
  /** Saves the partial answer; called at most every `checkpointMs` while text arrives. */
  checkpoint(message: ChatMessage): Promise<void>
  /** Saves the final answer; the end is announced after it settles. */
  finish(message: ChatMessage): Promise<void>
  /** Called once: right after the first delta with content went out, or when the stream ends without one. */
  firstOutput?(): void
}

export interface StreamDeltaPayload {
  streamId: string
  conversationId: string
  messageId: string
  seq: number
  ops: StreamOp[]
  usage?: StreamMeta['usage']
  finishReason?: string
  safetyRatings?: StreamMeta['safetyRatings']
}

export interface StreamEndedPayload {
  streamId: string
  conversationId: string
  messageId: string
  status: MessageStatus
  message: ChatMessage
  error?: StudioErrorData
}

export interface StreamSinks {
  delta(payload: StreamDeltaPayload): void
  ended(payload: StreamEndedPayload): void
  log(line: string): void
  /** Removes secrets from text that leaves the host (error messages). */
  scrub(text: string): string
}

interface Active {
  conversationId: string
  stop(reason: StopReason): void
  done: Promise<ChatMessage>
}

/**
 * Runs answer streams: one request each, never resent once it may have reached the gateway; deltas
 * merged per window; the partial answer checkpointed; exactly one `ended` per stream, after the
 * final message is saved, whatever happened. Stop aborts the request, which closes the socket.
 */
export class StreamRunner {
  private readonly active = new Map<string, Active>()
  readonly timing: StreamTiming

  constructor(
    private readonly fetchImpl: FetchLike,
    private readonly sinks: StreamSinks,
    timing: Partial<StreamTiming> = {},
    private readonly clock: MergeClock = monotonicClock
  ) {
    this.timing = { ...DEFAULT_STREAM_TIMING, ...timing }
  }

  start(job: StreamJob): Promise<ChatMessage> {
    const controller = new AbortController()
    let reason: StopReason | undefined
    const stop = (r: StopReason) => {
      reason ??= r
      controller.abort(new Error(`stream stopped (${r})`))
    }
    const done = this.run(job, controller.signal, stop, () => reason).finally(() => this.active.delete(job.streamId))
    this.active.set(job.streamId, { conversationId: job.conversationId, stop, done })
    return done
  }

  /** Stops a stream; false when it already ended. */
  stop(streamId: string): boolean {
    const a = this.active.get(streamId)
    if (!a) return false
    a.stop('user')
    return true
  }

  streamOf(conversationId: string): string | undefined {
    for (const [id, a] of this.active) if (a.conversationId === conversationId) return id
    return undefined
  }

  async stopAll(): Promise<void> {
    const all = [...this.active.values()]
    for (const a of all) a.stop('shutdown')
    await Promise.allSettled(all.map((a) => a.done))
  }

  private async run(
    job: StreamJob,
    signal: AbortSignal,
    stop: (r: StopReason) => void,
    reason: () => StopReason | undefined
  ): Promise<ChatMessage> {
    const t = this.timing
    const codec = codecFor(job.format)
    const state = createDecodeState()
    const message = cloneMessage(job.message)
    const sentMeta: Record<string, string> = {}
    let announced = false
    const firstOutput = () => {
      if (announced) return
      announced = true
      job.firstOutput?.()
    }
    const merger = new DeltaMerger(
      (d) => {
        this.sinks.delta({
          streamId: job.streamId,
          conversationId: job.conversationId,
          messageId: message.id,
          seq: d.seq,
          ops: d.ops,
          ...d.meta
        })
        if (d.ops.length > 0) firstOutput()
      },
      t.windowMs,
      this.clock
    )
    const saver = new CheckpointSaver(job, message, t.checkpointMs, this.sinks.log)
    const onItem = (item: BodyItem) => {
      const ops = decodeItem(codec, state, item)
      if (ops.length > 0) applyOps(message.parts, ops)
      const changed: StreamMeta = {}
      for (const [k, v] of Object.entries(state.meta) as Array<[keyof StreamMeta, unknown]>) {
        const json = JSON.stringify(v)
        if (sentMeta[k] !== json) {
          sentMeta[k] = json
          Object.assign(changed, { [k]: v })
        }
      }
      merger.push(ops, changed)
      if (ops.length > 0) saver.schedule()
    }
    let idle: ReturnType<typeof setTimeout> | undefined
    const armIdle = () => {
      clearTimeout(idle)
      idle = setTimeout(() => stop('idle'), t.idleTimeoutMs)
    }
    const total = setTimeout(() => stop('total'), t.totalTimeoutMs)
    let status: MessageStatus
    let error: StudioError | undefined
    try {
      const res = await openStream(this.fetchImpl, job.conn, job.call, signal, t)
      armIdle()
      await readStreamBody(res, onItem, armIdle)
      status = codec.isComplete(state) ? 'complete' : 'incomplete'
      if (status === 'incomplete') error = incompleteError()
    } catch (e) {
      ;({ status, error } = classifyEnd(e, reason(), t))
    } finally {
      clearTimeout(idle)
      clearTimeout(total)
    }
    firstOutput()
    // Deltas first, so the appends the renderer saw add up to the text that is saved.
    await merger.drain()
    merger.close()
    await saver.close()
    const final = this.finalMessage(message, state, status, error)
    if (status !== 'complete')
      this.sinks.log(
        `stream ${job.streamId} ended ${status}${error ? `: ${error.code} ${this.sinks.scrub(error.message)}` : ''}`
      )
    let endError = final.error
    try {
      await job.finish(final)
    } catch (e) {
      const why = e instanceof Error ? e.message : String(e)
      this.sinks.log(`stream ${job.streamId}: saving the answer failed: ${this.sinks.scrub(why)}`)
      endError ??= new StudioError(
        'STORAGE',
        `The answer could not be saved: ${this.sinks.scrub(fromRawError(e).message)}`
      ).toData()
    }
    // Released before the end is announced: a renderer may send the next turn as soon as it hears it.
    this.active.delete(job.streamId)
    this.sinks.ended({
      streamId: job.streamId,
      conversationId: job.conversationId,
      messageId: final.id,
      status,
      message: final,
      ...(endError ? { error: endError } : {})
    })
    return final
  }

  private finalMessage(
    message: ChatMessage,
    state: ReturnType<typeof createDecodeState>,
    status: MessageStatus,
    error: StudioError | undefined
  ): ChatMessage {
    const final = cloneMessage(message)
    final.status = status
    for (const [i, sig] of Object.entries(state.signatures)) {
      const part = final.parts[Number(i)]
      if (part?.type === 'thinking') part.signature = sig
    }
    if (state.meta.usage) final.usage = state.meta.usage
    if (state.meta.finishReason) final.finishReason = state.meta.finishReason
    if (state.meta.safetyRatings) final.safetyRatings = state.meta.safetyRatings
    if (error) {
      const data = error.toData()
      data.message = this.sinks.scrub(data.message)
      if (data.details)
        data.details = JSON.parse(this.sinks.scrub(JSON.stringify(data.details))) as StudioErrorData['details']
      final.error = data
    } else {
      delete final.error
    }
    return final
  }
}

/** Saves the partial answer at most every `everyMs`, and never two saves at once. */
class CheckpointSaver {
  private last = Date.now()
  private timer: ReturnType<typeof setTimeout> | undefined
  private chain: Promise<void> = Promise.resolve()

  constructor(
    private readonly job: StreamJob,
    private readonly message: ChatMessage,
    private readonly everyMs: number,
    private readonly log: (line: string) => void
  ) {}

  schedule(): void {
    if (this.timer !== undefined) return
    this.timer = setTimeout(() => this.save(), Math.max(0, this.last + this.everyMs - Date.now()))
  }

  private save(): void {
    this.timer = undefined
    this.last = Date.now()
    const snapshot = cloneMessage(this.message)
    this.chain = this.chain
      .then(() => this.job.checkpoint(snapshot))
      .catch((e: unknown) => this.log(`checkpoint of ${this.job.streamId} failed: ${String(e)}`))
  }

  async close(): Promise<void> {
    clearTimeout(this.timer)
    this.timer = undefined
    await this.chain
  }
}
