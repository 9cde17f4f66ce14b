import { mkdir } from 'node:fs/promises'
import { join } from 'node:path'
import type { ConversationSummary } from '@shared/domain/chat'
import { StudioError } from '@shared/errors'
import { removeTempLeftovers } from '../store/atomic-file'
import { openLibrary, type Library } from '../store/library-db'
import { asConversation, summaryOf, type IndexEntry, type StoredConversation } from './conversation-files'
import { importConversationFiles } from './conversation-import'
import { searchConversations } from './conversation-search'
import {
  CHAT_SCHEMA,
  cutMessages,
  isMessage,
  isSummary,
  metaJson,
  parseRow,
  putConversation,
  putConversationRow,
  putMessageRow
} from './conversation-table'

export type { StoredConversation } from './conversation-files'

const CACHE_LIMIT = 24
const ID = /^[A-Za-z0-9_-]{1,64}$/

export interface StoreOptions {
  /** Tells the user about recovered or damaged conversations (never a silent reset). */
  notice?: (message: string) => void
}

export interface UpdateOptions {
  /** False for checkpoints: kept for callers; the list's columns are always saved with the row. */
  index?: boolean
  /** The change is seen by readers at once; its write waits for this promise (R1). */
  writeAfter?: Promise<unknown>
  /** The one message this change touched (a streamed answer): only its row is compared and written. */
  message?: string
}

/** A conversation in memory and what its rows in the database hold now, to write only what changed. */
interface Entry {
  c: StoredConversation
  meta: string
  summary: string
  rows: string[]
  /** Changes applied but not written yet (a turn whose write waits for its first token). */
  unsaved: number
}

/**
 * Conversations in the library database (conversation-table.ts): a conversation is read on demand
 * and kept in a small cache; a change writes only the rows that differ from what was saved (a
 * streamed answer's checkpoint is one message row), in one transaction, durable when the call
 * resolves. Conversation files of earlier versions are imported once at open.
 */
export class ConversationStore {
  private readonly cache = new Map<string, Entry>()
  private readonly damaged = new Map<string, string>()
  /** Deleted this session: a late checkpoint of a stopped stream must not bring the row back. */
  private readonly deleted = new Set<string>()
  /** Message ids streaming in this process; any other message found `streaming` was cut off. */
  private readonly live = new Set<string>()
  private readonly notice: (message: string) => void

  private constructor(
    readonly dir: string,
    private readonly lib: Library,
    opts: StoreOptions
  ) {
    this.notice = opts.notice ?? (() => {})
  }

  static async open(dataDir: string, opts: StoreOptions = {}): Promise<ConversationStore> {
    const dir = join(dataDir, 'chat')
    await mkdir(dir, { recursive: true, mode: 0o700 })
    // Debris of file writes of earlier versions cut off by a crash; the files they were replacing are intact.
    await removeTempLeftovers(dir)
    const notice = opts.notice ?? (() => {})
    const lib = openLibrary(dataDir, notice)
    try {
      lib.schema('chat', CHAT_SCHEMA)
      await importConversationFiles(lib, dir, notice)
    } catch (e) {
      lib.release()
      throw e
    }
    return new ConversationStore(dir, lib, opts)
  }

  private check(id: string): void {
    if (!ID.test(id)) throw new StudioError('INVALID_INPUT', 'Not a conversation id', { field: 'id' })
  }

  summaries(): ConversationSummary[] {
    const rows = this.lib.all<{ summary: string }>(
      'SELECT summary FROM chat_conversations ORDER BY updated_at DESC, rowid ASC'
    )
    const list = rows.map((r) => parseRow(r.summary, isSummary)).filter((s): s is IndexEntry => s !== null)
    // A turn whose write waits for its first token is already in the list.
    const unsaved = [...this.cache.values()].filter((e) => e.unsaved > 0)
    if (unsaved.length === 0) return list
    const fresh = new Map(unsaved.map((e) => [e.c.id, summaryOf(e.c)]))
    return list.map((s) => fresh.get(s.id) ?? s).sort((a, b) => b.updatedAt - a.updatedAt)
  }

  /** Ranked full-text search over titles and message text (FTS5); no conversation is read for it. */
  async search(query: string): Promise<ConversationSummary[]> {
    if (query.trim() === '') return this.summaries()
    const hits = searchConversations(this.lib, query)
    if (hits.length === 0) return []
    const rows = this.lib.all<{ id: string; summary: string }>(
      'SELECT id, summary FROM chat_conversations WHERE id IN (SELECT value FROM json_each(?))',
      JSON.stringify(hits.map((h) => h.id))
    )
    const byId = new Map(rows.map((r) => [r.id, parseRow(r.summary, isSummary)]))
    const out: ConversationSummary[] = []
    for (const h of hits) {
      const s = byId.get(h.id)
      if (!s || this.deleted.has(h.id)) continue
      out.push(h.match === undefined ? s : { ...s, match: h.match, matchMarks: h.marks })
    }
    return out
  }

  has(id: string): boolean {
    return (
      this.cache.has(id) ||
      (!this.deleted.has(id) && this.lib.get('SELECT 1 FROM chat_conversations WHERE id = ?', id) !== undefined)
    )
  }

  /** The conversation as cached: read it, change it only through update(). */
  async get(id: string): Promise<StoredConversation> {
    return this.load(id).c
  }

  async create(c: StoredConversation): Promise<void> {
    this.check(c.id)
    this.lib.tx(() => putConversation(this.lib, c))
    this.cache.set(c.id, this.entryOf(c))
    this.trim()
  }

  /**
   * Changes a conversation and saves what changed. The change is made (and seen by readers) at
   * once; with `writeAfter` the write waits for that promise (R1: a turn's save must not compete
   * with its first token).
   */
  async update(
    id: string,
    change: (c: StoredConversation) => void,
    opts: UpdateOptions = {}
  ): Promise<StoredConversation> {
    const e = this.load(id)
    change(e.c)
    if (opts.writeAfter) {
      e.unsaved++
      try {
        await opts.writeAfter
      } finally {
        e.unsaved--
      }
      // Deleted meanwhile: nothing to save into (and the list must not get the entry back).
      if (this.deleted.has(id))
        throw new StudioError('NOT_FOUND', 'That conversation no longer exists', { field: 'id' })
    }
    this.save(e, e.unsaved === 0 ? opts.message : undefined)
    return e.c
  }

  async delete(id: string): Promise<void> {
    this.check(id)
    if (!this.has(id) && !this.damaged.has(id))
      throw new StudioError('NOT_FOUND', 'That conversation no longer exists', { field: 'id' })
    this.deleted.add(id)
    this.cache.delete(id)
    this.damaged.delete(id)
    this.lib.run('DELETE FROM chat_conversations WHERE id = ?', id)
  }

  markLive(messageId: string, live: boolean): void {
    if (live) this.live.add(messageId)
    else this.live.delete(messageId)
  }

  /** Every write is durable when its call resolves; kept for callers that wait before shutting down. */
  async flush(): Promise<void> {}

  /** Lets go of the library database (the last user closes it cleanly). */
  close(): void {
    this.lib.release()
  }

  private entryOf(c: StoredConversation): Entry {
    return {
      c,
      meta: metaJson(c),
      summary: JSON.stringify(summaryOf(c)),
      rows: c.messages.map((m) => JSON.stringify(m)),
      unsaved: 0
    }
  }

  /** Writes the rows that differ from the saved ones, in one transaction; `only` limits the comparison to one message. */
  private save(e: Entry, only?: string): void {
    const { c } = e
    const at = only === undefined ? -1 : c.messages.findLastIndex((m) => m.id === only)
    const rows = at >= 0 && c.messages.length === e.rows.length ? [at] : c.messages.map((_, i) => i)
    const meta = metaJson(c)
    const summary = JSON.stringify(summaryOf(c))
    const changed = rows
      .map((i) => [i, JSON.stringify(c.messages[i])] as const)
      .filter(([i, json]) => e.rows[i] !== json)
    const cut = e.rows.length > c.messages.length
    if (!changed.length && !cut && meta === e.meta && summary === e.summary) return
    this.lib.tx(() => {
      for (const [i, json] of changed) putMessageRow(this.lib, c.id, i, c.messages[i], json)
      if (cut) cutMessages(this.lib, c.id, c.messages.length)
      if (meta !== e.meta || summary !== e.summary) putConversationRow(this.lib, c, meta)
    })
    for (const [i, json] of changed) e.rows[i] = json
    e.rows.length = c.messages.length
    e.meta = meta
    e.summary = summary
  }

  private load(id: string): Entry {
    this.check(id)
    if (this.deleted.has(id)) throw new StudioError('NOT_FOUND', 'That conversation no longer exists', { field: 'id' })
    const cached = this.cache.get(id)
    if (cached) {
      this.cache.delete(id)
      this.cache.set(id, cached)
      return cached
    }
    const damage = this.damaged.get(id)
    if (damage) throw new StudioError('STORAGE', damage, { field: 'id' })
    const row = this.lib.get<{ title: string; meta: string }>(
      'SELECT title, meta FROM chat_conversations WHERE id = ?',
      id
    )
    if (!row) throw new StudioError('NOT_FOUND', 'That conversation no longer exists', { field: 'id' })
    const rows = this.lib.all<{ message: string }>(
      'SELECT message FROM chat_messages WHERE conversation_id = ? ORDER BY seq',
      id
    )
    const messages = rows.map((r) => parseRow(r.message, isMessage))
    let meta: unknown = null
    try {
      meta = JSON.parse(row.meta)
      if (meta && typeof meta === 'object')
        (meta as { messages: unknown }).messages = messages.filter((m) => m !== null)
    } catch {
      // Reported below as damage.
    }
    const c = asConversation({ conversation: meta }, id)
    if (!c) {
      const message = `The conversation "${row.title}" is damaged in the library database and cannot be opened.`
      this.damaged.set(id, message)
      this.notice(message)
      throw new StudioError('STORAGE', message, { field: 'id' })
    }
    const e = this.entryOf(c)
    const lost = messages.length - c.messages.length
    if (lost > 0) {
      // Rewritten whole, so the rows are numbered without the gap again.
      this.lib.tx(() => putConversation(this.lib, c))
      this.notice(
        `${lost === 1 ? '1 message' : `${lost} messages`} of the conversation "${c.title}" could not be read and ${lost === 1 ? 'was' : 'were'} left out.`
      )
    }
    this.cache.set(id, e)
    this.trim()
    if (this.recoverCutOff(c)) this.save(e)
    return e
  }

  /** A message saved while streaming whose stream is not running here was cut off by a restart. */
  private recoverCutOff(c: StoredConversation): boolean {
    let changed = false
    for (const m of c.messages) {
      if (m.status !== 'streaming' || this.live.has(m.id)) continue
      m.status = 'incomplete'
      m.error = {
        code: 'STREAM_INCOMPLETE',
        message: 'The app closed while this answer was streaming; the text received until then was kept.',
        retryable: true
      }
      changed = true
    }
    return changed
  }

  private trim(): void {
    for (const [id, e] of this.cache) {
      if (this.cache.size <= CACHE_LIMIT) break
      if (e.unsaved > 0 || e.c.messages.some((m) => this.live.has(m.id))) continue
      this.cache.delete(id)
    }
  }
}
