import type { ChatFormat, ChatMessage, ChatParams, StreamOp } from '@shared/domain/chat'
import type { GatewayNames } from '@shared/domain/gateway-names'
import type { SseItem } from '../../gateway/sse'

/** What the answer body yields: SSE items, or the whole body of an answer that was not streamed. */
export type BodyItem = SseItem | { kind: 'whole'; data: string }

export interface TokenUsage {
  input?: number
  output?: number
  total?: number
}

export interface SafetyRating {
  category: string
  probability: string
  blocked?: boolean
}

/** Per-message facts the stream reports besides text: usage, finish/stop reason, safety ratings. */
export interface StreamMeta {
  usage?: TokenUsage
  finishReason?: string
  safetyRatings?: SafetyRating[]
}

/** JSON typed into the tools / schema editors, parsed and shape-checked before any request. */
export interface ParsedEditors {
  tools?: unknown
  toolConfig?: unknown
  responseSchema?: unknown
  toolChoice?: unknown
}

export interface InlineImage {
  mimeType: string
  base64: string
}

export interface BuildInput {
  model: string
  system: string
  params: ChatParams
  editors: ParsedEditors
  /** The turns to send, oldest first, ending with the user turn to answer. */
  history: readonly ChatMessage[]
  /** Bytes of granted files by fileId; a missing id means the file is no longer available. */
  inline: ReadonlyMap<string, InlineImage>
  /** Legacy completions: the document to continue (otherwise the last user turn is the prompt). */
  document?: string
  /** The profile's names (the messages format's version header); absent: the spec's stand-ins. */
  names?: Pick<GatewayNames, 'messagesVersionHeader' | 'messagesVersionValue'>
}

export interface GatewayCall {
  path: string
  query?: Record<string, string>
  json: Record<string, unknown>
  headers?: Record<string, string>
}

/** Hands out part indexes in order of appearance; a run of the same kind continues its part. */
export class PartAllocator {
  private next = 0
  private last: { type: StreamOp['type']; index: number; keyed: boolean } | null = null
  private readonly keyed = new Map<string, number>()

  /** The part a text or thinking run continues, or a new one when the kind changed. */
  run(type: 'text' | 'thinking'): number {
    if (this.last && this.last.type === type && !this.last.keyed) return this.last.index
    const index = this.next++
    this.last = { type, index, keyed: false }
    return index
  }

  /** The part of a block the stream names (a messages-format block index, a tool call index). */
  byKey(key: string, type: StreamOp['type']): { index: number; fresh: boolean } {
    const known = this.keyed.get(key)
    if (known !== undefined) return { index: known, fresh: false }
    const index = this.next++
    this.keyed.set(key, index)
    this.last = { type, index, keyed: true }
    return { index, fresh: true }
  }

  /** A part nothing else will continue (a whole function call). */
  single(type: StreamOp['type']): number {
    const index = this.next++
    this.last = { type, index, keyed: true }
    return index
  }
}

export interface DecodeState {
  meta: StreamMeta
  /** The format's own terminal signal arrived (finishReason, message_stop, finish_reason). */
  terminal: boolean
  /** `data: [DONE]` arrived. */
  done: boolean
  malformedInARow: number
  malformedTotal: number
  /** Thinking signatures by part index (messages format), kept host-side for the saved message. */
  signatures: Record<number, string>
  parts: PartAllocator
}

export function createDecodeState(): DecodeState {
  return {
    meta: {},
    terminal: false,
    done: false,
    malformedInARow: 0,
    malformedTotal: 0,
    signatures: {},
    parts: new PartAllocator()
  }
}

/** One text format: how to ask (request body) and how to read the answer (a pure state machine). */
export interface FormatCodec {
  readonly format: ChatFormat
  buildRequest(input: BuildInput): GatewayCall
  /** One parsed JSON event -> ops; records meta and terminal signals in `state`. */
  step(state: DecodeState, body: Record<string, unknown>, event: string | undefined): StreamOp[]
  /**
   * One whole, non-streamed answer (the route's JSON result instead of its stream). It parsed as
   * JSON, so nothing is missing from it: it ends the answer. Formats without one read it as a chunk.
   */
  whole?(state: DecodeState, body: Record<string, unknown>): StreamOp[]
  /** Complete only when the format's terminal signal arrived (SECURITY.md §5.4). */
  isComplete(state: DecodeState): boolean
}
