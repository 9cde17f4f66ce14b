import type { Attachment, ChatMessage, MessagePart } from '@shared/domain/chat'
import { messageText } from '../parts'
import type { InlineImage } from './types'

type ToolCallPart = Extract<MessagePart, { type: 'tool_call' }>
type ToolResultPart = Extract<MessagePart, { type: 'tool_result' }>

export const toolCallsOf = (m: Pick<ChatMessage, 'parts'>): ToolCallPart[] =>
  m.parts.filter((p): p is ToolCallPart => p.type === 'tool_call')
export const toolResultsOf = (m: Pick<ChatMessage, 'parts'>): ToolResultPart[] =>
  m.parts.filter((p): p is ToolResultPart => p.type === 'tool_result')

/** A result as the text a reader sees, for turns whose call is not sent (so a result cannot stand alone). */
function resultNote(r: ToolResultPart): MessagePart {
  return { type: 'text', text: `[result of tool ${r.name}: ${r.content}]` }
}

/**
 * The turns worth sending again. Thinking is not resent as text. An answer's tool calls are resent
 * only when the next message carries their results: a call without its result is refused by most
 * upstreams. Answers left with nothing to send (an error before the first token, unanswered calls
 * only) are dropped; results whose calls were dropped travel as text.
 */
export function sendableTurns(history: readonly ChatMessage[]): ChatMessage[] {
  const out: ChatMessage[] = []
  history.forEach((m, i) => {
    if (m.role === 'user') {
      const prev = out[out.length - 1]
      const answered = prev !== undefined && prev === history[i - 1] && toolCallsOf(prev).length > 0
      if (!answered && toolResultsOf(m).length > 0)
        out.push({ ...m, parts: m.parts.map((p) => (p.type === 'tool_result' ? resultNote(p) : p)) })
      else out.push(m)
      return
    }
    const next = history[i + 1]
    const keepCalls = next !== undefined && next.role === 'user' && toolResultsOf(next).length > 0
    const kept = keepCalls ? m : { ...m, parts: m.parts.filter((p) => p.type !== 'tool_call') }
    if (messageText(kept) !== '' || toolCallsOf(kept).length > 0) out.push(kept === m ? m : kept)
  })
  return out
}

/** A tool call's arguments as an object; arguments that do not parse (a cut stream) become {}. */
export function callArgs(call: ToolCallPart): Record<string, unknown> {
  try {
    const v: unknown = JSON.parse(call.input)
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {}
  } catch {
    return {}
  }
}

/** The value of a stored result: its JSON, or the text itself when a damaged file holds no JSON. */
export function resultValue(r: ToolResultPart): unknown {
  try {
    return JSON.parse(r.content)
  } catch {
    return r.content
  }
}

/** A result where the format takes a string (messages, general chat): a string as itself, anything else as its JSON. */
export function resultText(r: ToolResultPart): string {
  const v = resultValue(r)
  return typeof v === 'string' ? v : r.content
}

export function imagesOf(m: ChatMessage): Attachment[] {
  const out: Attachment[] = []
  for (const p of m.parts) if (p.type === 'image') out.push(p.attachment)
  return out
}

export type ResolvedImage =
  | { kind: 'inline'; mimeType: string; base64: string }
  | { kind: 'url'; url: string; mimeType?: string }
  /** A granted file from an earlier turn that is no longer available: sent as a note instead. */
  | { kind: 'missing'; note: string }

export function resolveImage(a: Attachment, inline: ReadonlyMap<string, InlineImage>): ResolvedImage {
  if (a.kind === 'url') return { kind: 'url', url: a.url, ...(a.mimeType ? { mimeType: a.mimeType } : {}) }
  const bytes = inline.get(a.fileId)
  if (bytes) return { kind: 'inline', mimeType: bytes.mimeType, base64: bytes.base64 }
  return { kind: 'missing', note: `[image "${a.name}" is no longer available]` }
}

const EXT_MIME: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif'
}

/** The image type of a URL from its explicit type or its file extension; undefined when unknown. */
export function urlMimeType(url: string, given?: string): string | undefined {
  if (given) return given
  try {
    const ext = /\.([a-z0-9]+)$/i.exec(new URL(url).pathname)?.[1]?.toLowerCase()
    return ext ? EXT_MIME[ext] : undefined
  } catch {
    return undefined
  }
}

/** Params without the keys whose value is undefined, so request bodies only carry what was set. */
export function defined<T extends Record<string, unknown>>(o: T): Partial<T> {
  const out: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(o)) if (v !== undefined) out[k] = v
  return out as Partial<T>
}
