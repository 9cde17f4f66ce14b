import { randomBytes } from 'node:crypto'
import {
  MESSAGES_DEFAULT_MAX_TOKENS,
  type ChatFormat,
  type ChatMessage,
  type ChatParams,
  type Conversation
} from '@shared/domain/chat'
import { StudioError } from '@shared/errors'
import type { StoredConversation } from './conversation-files'
import { cloneMessage, messageText } from './parts'

export const DEFAULT_TITLE = 'New conversation'
export const DEFAULT_PAGE = 200

export const newId = (prefix: string): string => `${prefix}-${randomBytes(8).toString('hex')}`

export function defaultParams(format: ChatFormat): ChatParams {
  switch (format) {
    case 'messages':
      return { format, params: { max_tokens: MESSAGES_DEFAULT_MAX_TOKENS } }
    case 'content':
      return { format, params: {} }
    case 'completions':
      return { format, params: {} }
    case 'chat':
      return { format, params: {} }
  }
}

/** The latest `limit` messages before `beforeIndex` (default: the end), so long conversations open fast. */
export function windowOf(c: StoredConversation, limit = DEFAULT_PAGE, beforeIndex?: number): Conversation {
  const end = Math.min(beforeIndex ?? c.messages.length, c.messages.length)
  const start = Math.max(0, end - limit)
  return { ...c, messages: c.messages.slice(start, end), messagesBefore: start }
}

/**
 * A copy with fresh message ids (stream bookkeeping is keyed by message id). A message caught
 * mid-stream is copied as incomplete: the stream keeps writing to the original only.
 */
export function copyConversation(
  c: StoredConversation,
  id: string,
  title: string,
  now: number,
  branch?: { upTo: readonly ChatMessage[] }
): StoredConversation {
  const { parentId: _parent, ...rest } = structuredClone({ ...c, messages: [] })
  return {
    ...rest,
    id,
    title,
    createdAt: now,
    updatedAt: now,
    // Only a branch records where it came from; a duplicate is a conversation of its own.
    ...(branch ? { parentId: c.id } : c.parentId ? { parentId: c.parentId } : {}),
    messages: (branch?.upTo ?? c.messages).map((m) => {
      const copy = cloneMessage(m)
      copy.id = newId('m')
      if (copy.status === 'streaming') copy.status = 'incomplete'
      return copy
    })
  }
}

export function branchAt(c: StoredConversation, messageId: string, id: string, now: number): StoredConversation {
  const at = c.messages.findIndex((m) => m.id === messageId)
  if (at < 0) throw new StudioError('NOT_FOUND', 'That message is not in this conversation', { field: 'messageId' })
  return copyConversation(c, id, `${c.title} (branch)`, now, { upTo: c.messages.slice(0, at + 1) })
}

export interface SendPlan {
  /** Messages kept before the new turn. */
  base: ChatMessage[]
  /** The user message to add (absent when regenerating). */
  user?: ChatMessage
}

/**
 * What a send does to the message list: append a turn; with `editOf`, replace that user message
 * and drop everything after it; with `regenerate`, drop that answer (and what followed) and ask again.
 */
export function planSend(
  c: StoredConversation,
  input: { editOf?: string; regenerate?: string },
  makeUser: (id: string) => ChatMessage
): SendPlan {
  if (input.editOf && input.regenerate)
    throw new StudioError('INVALID_INPUT', 'Edit a message or regenerate an answer, not both at once.', {
      field: 'regenerate'
    })
  if (input.regenerate) {
    const at = c.messages.findIndex((m) => m.id === input.regenerate)
    if (at < 0 || c.messages[at].role !== 'assistant')
      throw new StudioError('NOT_FOUND', 'That answer is not in this conversation', { field: 'regenerate' })
    const base = c.messages.slice(0, at)
    if (base.length === 0 || base[base.length - 1].role !== 'user') {
      throw new StudioError('INVALID_INPUT', 'Only an answer that follows a message can be regenerated.', {
        field: 'regenerate'
      })
    }
    return { base }
  }
  if (input.editOf) {
    const at = c.messages.findIndex((m) => m.id === input.editOf)
    if (at < 0 || c.messages[at].role !== 'user')
      throw new StudioError('NOT_FOUND', 'That message is not in this conversation', { field: 'editOf' })
    return { base: c.messages.slice(0, at), user: makeUser(input.editOf) }
  }
  return { base: [...c.messages], user: makeUser(newId('m')) }
}

/** A default title becomes the start of the first message, as chat apps do. */
export function autoTitle(c: StoredConversation, user: ChatMessage | undefined): string {
  if (c.title !== DEFAULT_TITLE || !user) return c.title
  const first = messageText(user).trim().split('\n')[0]?.trim() ?? ''
  if (first === '') return c.title
  return first.length > 60 ? `${first.slice(0, 59)}…` : first
}
