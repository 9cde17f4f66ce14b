import { summaryWith, type Conversation, type ConversationSummary } from '@shared/domain/chat'
import { messageText } from './parts'

/** A conversation as kept: every message, no paging window. */
export type StoredConversation = Omit<Conversation, 'messagesBefore'>
export type IndexEntry = Omit<ConversationSummary, 'match' | 'matchMarks'>

export { readJsonFile, type ReadResult } from '../store/read-json'

/** The minimum a conversation (a file of earlier versions, or a row) must have to be usable; anything less counts as damaged. */
export function asConversation(v: unknown, id: string): StoredConversation | null {
  if (!v || typeof v !== 'object') return null
  const c = (v as { conversation?: unknown }).conversation
  if (!c || typeof c !== 'object') return null
  const x = c as Partial<StoredConversation>
  if (x.id !== id || !Array.isArray(x.messages) || typeof x.title !== 'string' || typeof x.format !== 'string')
    return null
  return c as StoredConversation
}

export function asIndex(v: unknown): IndexEntry[] | null {
  if (!v || typeof v !== 'object') return null
  const list = (v as { conversations?: unknown }).conversations
  if (!Array.isArray(list)) return null
  return list.filter((e): e is IndexEntry => !!e && typeof e === 'object' && typeof (e as IndexEntry).id === 'string')
}

export function previewOf(c: StoredConversation): string {
  for (let i = c.messages.length - 1; i >= 0; i--) {
    const m = c.messages[i]
    const text = messageText(m).replace(/\s+/g, ' ').trim()
    if (text) return text.slice(0, 120)
    if (m.parts.some((p) => p.type === 'image')) return '[image]'
  }
  return c.document.replace(/\s+/g, ' ').trim().slice(0, 120)
}

export function summaryOf(c: StoredConversation): IndexEntry {
  return summaryWith(c, previewOf(c))
}
