import type { ChatMessage } from '@shared/domain/chat'
import { ftsSteps } from '../store/fts-steps'
import type { Library } from '../store/library-db'
import { MARK_CLOSE, MARK_OPEN } from '../store/search-marks'
import { summaryOf, type IndexEntry, type StoredConversation } from './conversation-files'

/**
 * Conversations in the library database: one row per conversation (its settings as JSON plus the
 * columns the list shows and sorts on) and one row per message, keyed by its place in the
 * conversation, so saving a streamed answer rewrites that one row, never the conversation.
 *
 * Search uses FTS5 with the trigram tokenizer, over titles and completions documents
 * (`chat_conv_fts`) and message text (`chat_msg_fts`). Trigrams rather than unicode61 because
 * Chinese, Japanese and Korean are written without spaces: unicode61 makes a whole run of such
 * characters one token, so "东京" would never match inside "我喜欢在东京吃拉面", while trigrams
 * match any substring of three or more characters in any script (and English mid-word, as the
 * chat search always did). Shorter queries are answered by a scan (see conversation-search.ts).
 */
export const CHAT_SCHEMA = [
  `CREATE TABLE chat_conversations (
     id TEXT PRIMARY KEY,
     title TEXT NOT NULL,
     document TEXT NOT NULL,
     updated_at REAL NOT NULL,
     message_count INTEGER NOT NULL,
     preview TEXT NOT NULL,
     summary TEXT NOT NULL,
     meta TEXT NOT NULL
   );
   CREATE INDEX chat_conversations_newest ON chat_conversations (updated_at DESC, id);
   CREATE TABLE chat_messages (
     id INTEGER PRIMARY KEY,
     conversation_id TEXT NOT NULL REFERENCES chat_conversations (id) ON DELETE CASCADE,
     seq INTEGER NOT NULL,
     text TEXT NOT NULL,
     message TEXT NOT NULL,
     UNIQUE (conversation_id, seq)
   );
   ${ftsSteps({ table: 'chat_conversations', fts: 'chat_conv_fts', columns: ['title', 'document'], triggers: 'chat_conv' })}
   ${ftsSteps({ table: 'chat_messages', fts: 'chat_msg_fts', columns: ['text'], key: 'id', triggers: 'chat_msg' })}`
]

const MARKS = new RegExp(`[${MARK_OPEN}${MARK_CLOSE}]`, 'g')

/** What a message is found by: its text and reasoning, as the chat search always looked at. */
export function searchText(m: ChatMessage): string {
  const texts: string[] = []
  for (const p of m.parts) if (p.type === 'text' || p.type === 'thinking') texts.push(p.text)
  return texts.join('\n').replace(MARKS, ' ')
}

/** The conversation's settings without its messages; `messages: null` keeps the key's place for export. */
export function metaJson(c: StoredConversation): string {
  return JSON.stringify({ ...c, messages: null })
}

const UPSERT_CONVERSATION = `INSERT INTO chat_conversations (id, title, document, updated_at, message_count, preview, summary, meta)
  VALUES (?, ?, ?, ?, ?, ?, ?, ?)
  ON CONFLICT(id) DO UPDATE SET title = excluded.title, document = excluded.document, updated_at = excluded.updated_at,
    message_count = excluded.message_count, preview = excluded.preview, summary = excluded.summary, meta = excluded.meta`

const UPSERT_MESSAGE = `INSERT INTO chat_messages (conversation_id, seq, text, message) VALUES (?, ?, ?, ?)
  ON CONFLICT(conversation_id, seq) DO UPDATE SET text = excluded.text, message = excluded.message`

export function putConversationRow(lib: Library, c: StoredConversation, meta = metaJson(c)): IndexEntry {
  const s = summaryOf(c)
  lib.run(
    UPSERT_CONVERSATION,
    c.id,
    c.title,
    c.document.replace(MARKS, ' '),
    c.updatedAt,
    s.messageCount,
    s.preview,
    JSON.stringify(s),
    meta
  )
  return s
}

export function putMessageRow(
  lib: Library,
  conversationId: string,
  seq: number,
  m: ChatMessage,
  json = JSON.stringify(m)
): void {
  lib.run(UPSERT_MESSAGE, conversationId, seq, searchText(m), json)
}

/** Drops the rows of messages at `from` and after (a conversation cut back by an edit or a regenerate). */
export function cutMessages(lib: Library, conversationId: string, from: number): void {
  lib.run('DELETE FROM chat_messages WHERE conversation_id = ? AND seq >= ?', conversationId, from)
}

/** A whole conversation, written once (create, import); later saves write only what changed. */
export function putConversation(lib: Library, c: StoredConversation): void {
  putConversationRow(lib, c)
  cutMessages(lib, c.id, 0)
  c.messages.forEach((m, i) => putMessageRow(lib, c.id, i, m))
}

/** Parses a JSON column; a row damaged outside the app reads as missing rather than crashing a view. */
export function parseRow<T>(json: string, valid: (v: unknown) => v is T): T | null {
  try {
    const v: unknown = JSON.parse(json)
    return valid(v) ? v : null
  } catch {
    return null
  }
}

export function isMessage(v: unknown): v is ChatMessage {
  const m = v as Partial<ChatMessage> | null
  return (
    !!m &&
    typeof m === 'object' &&
    typeof m.id === 'string' &&
    (m.role === 'user' || m.role === 'assistant') &&
    Array.isArray(m.parts) &&
    typeof m.status === 'string'
  )
}

export function isSummary(v: unknown): v is IndexEntry {
  const s = v as Partial<IndexEntry> | null
  return (
    !!s &&
    typeof s === 'object' &&
    typeof s.id === 'string' &&
    typeof s.title === 'string' &&
    typeof s.updatedAt === 'number'
  )
}
