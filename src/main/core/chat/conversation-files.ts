import { copyFile, rename } from 'node:fs/promises'
import type { Conversation, ConversationSummary } from '@shared/domain/chat'
import { messageText } from './parts'

/** A conversation as kept on disk: every message, no paging window. */
export type StoredConversation = Omit<Conversation, 'messagesBefore'>
export type IndexEntry = Omit<ConversationSummary, 'match'>

export const FILE_VERSION = 1

export { readJsonFile, type ReadResult } from '../store/read-json'

/** The minimum a conversation file must have to be usable; anything less counts as damaged. */
export function asConversation(v: unknown, id: string): StoredConversation | null {
  if (!v || typeof v !== 'object') return null
  const c = (v as { conversation?: unknown }).conversation
  if (!c || typeof c !== 'object') return null
  const x = c as Partial<StoredConversation>
  if (x.id !== id || !Array.isArray(x.messages) || typeof x.title !== 'string' || typeof x.format !== 'string') return null
  return c as StoredConversation
}

export function asIndex(v: unknown): IndexEntry[] | null {
  if (!v || typeof v !== 'object') return null
  const list = (v as { conversations?: unknown }).conversations
  if (!Array.isArray(list)) return null
  return list.filter((e): e is IndexEntry => !!e && typeof e === 'object' && typeof (e as IndexEntry).id === 'string')
}

/** Moves a damaged file aside (kept for the user or support), returning where it went. */
export async function quarantine(path: string): Promise<string> {
  const to = `${path}.corrupt-${Date.now()}`
  await rename(path, to)
  return to
}

/** Refreshes the last-good copy after a file was read and understood. */
export async function backup(path: string): Promise<void> {
  await copyFile(path, `${path}.bak`).catch(() => {
    // A missing backup only weakens recovery; it must not fail the read.
  })
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
  return {
    id: c.id,
    title: c.title,
    format: c.format,
    model: c.model,
    createdAt: c.createdAt,
    updatedAt: c.updatedAt,
    messageCount: c.messages.length,
    preview: previewOf(c)
  }
}

/** A short excerpt around the first occurrence of `q` (lower case) in the conversation's text. */
export function matchIn(c: StoredConversation, q: string): string | undefined {
  const texts = [...c.messages.flatMap((m) => m.parts.map((p) => (p.type === 'text' || p.type === 'thinking' ? p.text : ''))), c.document]
  for (const text of texts) {
    const at = text.toLowerCase().indexOf(q)
    if (at < 0) continue
    const start = Math.max(0, at - 40)
    const end = Math.min(text.length, at + q.length + 60)
    const body = text.slice(start, end).replace(/\s+/g, ' ').trim()
    return `${start > 0 ? '…' : ''}${body}${end < text.length ? '…' : ''}`
  }
  return undefined
}
