import type { ChatMessage, MessagePart, StreamOp } from '@shared/domain/chat'

/**
 * Applies stream ops to an assistant message's parts, in place. Decoders hand out part indexes in
 * order of appearance, so an index not seen yet is always the next slot.
 */
export function applyOps(parts: MessagePart[], ops: readonly StreamOp[]): void {
  for (const op of ops) {
    let part = parts[op.part]
    if (!part) {
      part =
        op.type === 'tool_call'
          ? { type: 'tool_call', name: op.name ?? '', input: '', ...(op.id ? { id: op.id } : {}) }
          : { type: op.type, text: '' }
      parts[op.part] = part
    }
    if (part.type === 'tool_call') {
      part.input += op.append
      if (op.name && !part.name) part.name = op.name
      if (op.id && !part.id) part.id = op.id
    } else if (part.type === 'text' || part.type === 'thinking') {
      part.text += op.append
    }
  }
}

/** Joins consecutive ops on the same part, so a merged window carries one op per part run. */
export function mergeOps(ops: readonly StreamOp[]): StreamOp[] {
  const out: StreamOp[] = []
  for (const op of ops) {
    const last = out[out.length - 1]
    if (last && last.part === op.part && last.type === op.type) {
      last.append += op.append
      if (op.name && !last.name) last.name = op.name
      if (op.id && !last.id) last.id = op.id
    } else {
      out.push({ ...op })
    }
  }
  return out
}

/** The answer text of a message (text parts only, in order). */
export function messageText(m: Pick<ChatMessage, 'parts'>): string {
  let s = ''
  for (const p of m.parts) if (p.type === 'text') s += p.text
  return s
}

export function cloneMessage(m: ChatMessage): ChatMessage {
  return structuredClone(m)
}
