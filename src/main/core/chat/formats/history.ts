import type { Attachment, ChatMessage } from '@shared/domain/chat'
import { messageText } from '../parts'
import type { InlineImage } from './types'

/**
 * The turns worth sending again. Tool calls and thinking are not resent: the studio has no way to
 * answer a tool call, and a call without its result is refused by most upstreams. Answers that
 * produced no text (an error before the first token) are left out too.
 */
export function sendableTurns(history: readonly ChatMessage[]): ChatMessage[] {
  return history.filter((m) => m.role === 'user' || messageText(m) !== '')
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

const EXT_MIME: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', webp: 'image/webp', gif: 'image/gif' }

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
