import { mkdir, readdir, unlink } from 'node:fs/promises'
import { join } from 'node:path'
import type { ConversationSummary } from '@shared/domain/chat'
import { StudioError } from '@shared/errors'
import { AtomicWriter, removeTempLeftovers } from '../store/atomic-file'
import {
  FILE_VERSION,
  asConversation,
  asIndex,
  backup,
  matchIn,
  quarantine,
  readJsonFile,
  summaryOf,
  type IndexEntry,
  type StoredConversation
} from './conversation-files'
import { keptName } from '../store/file-role'

export type { StoredConversation } from './conversation-files'

const CACHE_LIMIT = 24
const ID = /^[A-Za-z0-9_-]{1,64}$/

export interface StoreOptions {
  /** Tells the user about recovered or damaged files (never a silent reset). */
  notice?: (message: string) => void
  writer?: AtomicWriter
}

/**
 * Conversations on disk: `<dataDir>/chat/<id>.json` each, plus `index.json` with the summaries the
 * list needs. Files are loaded on demand and kept in a small cache. Every write is atomic; every
 * good read refreshes a `.bak`; a damaged file is quarantined and restored from it, or reported.
 */
export class ConversationStore {
  private readonly index = new Map<string, IndexEntry>()
  private readonly cache = new Map<string, StoredConversation>()
  private readonly loading = new Map<string, Promise<StoredConversation>>()
  private readonly damaged = new Map<string, string>()
  private readonly backedUp = new Set<string>()
  /** Deleted this session: a late checkpoint of a stopped stream must not bring the file back. */
  private readonly deleted = new Set<string>()
  /** Message ids streaming in this process; any other message found `streaming` was cut off. */
  private readonly live = new Set<string>()
  private readonly notice: (message: string) => void
  private readonly writer: AtomicWriter

  private constructor(
    readonly dir: string,
    opts: StoreOptions
  ) {
    this.notice = opts.notice ?? (() => {})
    this.writer = opts.writer ?? new AtomicWriter()
  }

  static async open(dataDir: string, opts: StoreOptions = {}): Promise<ConversationStore> {
    const store = new ConversationStore(join(dataDir, 'chat'), opts)
    await mkdir(store.dir, { recursive: true, mode: 0o700 })
    // Debris of writes cut off by a crash; the files they were replacing are intact.
    await removeTempLeftovers(store.dir)
    await store.loadIndex()
    return store
  }

  private file(id: string): string {
    if (!ID.test(id)) throw new StudioError('INVALID_INPUT', 'Not a conversation id', { field: 'id' })
    return join(this.dir, `${id}.json`)
  }

  private get indexPath(): string {
    return join(this.dir, 'index.json')
  }

  private async loadIndex(): Promise<void> {
    const read = await readJsonFile(this.indexPath)
    const entries = read.ok ? asIndex(read.value) : null
    if (entries) for (const e of entries) this.index.set(e.id, e)
    else if (read.ok || !read.missing) {
      const kept = await quarantine(this.indexPath).catch(() => this.indexPath)
      this.notice(`The conversation list was damaged; it was rebuilt from the conversation files (damaged copy kept as ${keptName(kept)}).`)
    }
    // Files the index does not know (a crash between the two writes, or a rebuilt index) are added back.
    const names = await readdir(this.dir)
    let added = false
    for (const name of names) {
      const m = /^([A-Za-z0-9_-]{1,64})\.json$/.exec(name)
      if (!m || m[1] === 'index' || this.index.has(m[1])) continue
      try {
        this.index.set(m[1], summaryOf(await this.load(m[1])))
        added = true
      } catch {
        // load() already quarantined and reported it.
      }
    }
    if (added) await this.writeIndex()
  }

  summaries(): ConversationSummary[] {
    return [...this.index.values()].sort((a, b) => b.updatedAt - a.updatedAt)
  }

  /** Titles first; content is searched only for conversations whose title does not match. */
  async search(query: string): Promise<ConversationSummary[]> {
    const q = query.trim().toLowerCase()
    if (q === '') return this.summaries()
    const out: ConversationSummary[] = []
    for (const s of this.summaries()) {
      if (s.title.toLowerCase().includes(q)) {
        out.push(s)
        continue
      }
      const c = await this.peek(s.id)
      const match = c ? matchIn(c, q) : undefined
      if (match) out.push({ ...s, match })
    }
    return out
  }

  /** Reads without caching or repairing, so a search does not churn the cache. */
  private async peek(id: string): Promise<StoredConversation | null> {
    const cached = this.cache.get(id)
    if (cached) return cached
    const read = await readJsonFile(this.file(id))
    return read.ok ? asConversation(read.value, id) : null
  }

  has(id: string): boolean {
    return this.index.has(id)
  }

  /** The conversation as cached: read it, change it only through update(). */
  async get(id: string): Promise<StoredConversation> {
    return this.load(id)
  }

  async create(c: StoredConversation): Promise<void> {
    this.file(c.id)
    this.cache.set(c.id, c)
    this.index.set(c.id, summaryOf(c))
    this.trim()
    await Promise.all([this.writeConversation(c), this.writeIndex()])
  }

  /**
   * Changes a conversation and saves it; `index: false` for checkpoints, which change no summary.
   * The change is made (and seen by readers) at once; with `writeAfter` the disk write waits for
   * that promise (R1: a turn's save must not compete with its first token).
   */
  async update(id: string, change: (c: StoredConversation) => void, opts: { index?: boolean; writeAfter?: Promise<unknown> } = {}): Promise<StoredConversation> {
    const c = await this.load(id)
    change(c)
    if (opts.index !== false) this.index.set(id, summaryOf(c))
    if (opts.writeAfter) {
      await opts.writeAfter
      // Deleted meanwhile: nothing to save into (and the index must not get the entry back).
      if (this.deleted.has(id)) throw new StudioError('NOT_FOUND', 'That conversation no longer exists', { field: 'id' })
    }
    const writes = [this.writeConversation(c)]
    if (opts.index !== false) writes.push(this.writeIndex())
    await Promise.all(writes)
    return c
  }

  async delete(id: string): Promise<void> {
    const path = this.file(id)
    if (!this.index.has(id) && !this.cache.has(id)) throw new StudioError('NOT_FOUND', 'That conversation no longer exists', { field: 'id' })
    this.deleted.add(id)
    this.cache.delete(id)
    this.index.delete(id)
    this.damaged.delete(id)
    await this.writer.settled(path)
    await Promise.all([unlink(path).catch(() => {}), unlink(`${path}.bak`).catch(() => {})])
    await this.writeIndex()
  }

  markLive(messageId: string, live: boolean): void {
    if (live) this.live.add(messageId)
    else this.live.delete(messageId)
  }

  flush(): Promise<void> {
    return this.writer.flush()
  }

  private async load(id: string): Promise<StoredConversation> {
    if (this.deleted.has(id)) throw new StudioError('NOT_FOUND', 'That conversation no longer exists', { field: 'id' })
    const cached = this.cache.get(id)
    if (cached) {
      this.cache.delete(id)
      this.cache.set(id, cached)
      return cached
    }
    const damage = this.damaged.get(id)
    if (damage) throw new StudioError('STORAGE', damage, { field: 'id' })
    let pending = this.loading.get(id)
    if (!pending) {
      pending = this.readFromDisk(id).finally(() => this.loading.delete(id))
      this.loading.set(id, pending)
    }
    return pending
  }

  private async readFromDisk(id: string): Promise<StoredConversation> {
    const path = this.file(id)
    const read = await readJsonFile(path)
    let c = read.ok ? asConversation(read.value, id) : null
    if (!c) {
      if (!read.ok && read.missing && !this.index.has(id)) throw new StudioError('NOT_FOUND', 'That conversation no longer exists', { field: 'id' })
      const kept = read.ok || !read.missing ? await quarantine(path) : null
      const bak = await readJsonFile(`${path}.bak`)
      c = bak.ok ? asConversation(bak.value, id) : null
      const title = this.index.get(id)?.title ?? id
      if (!c) {
        const message = kept
          ? `The conversation "${title}" was damaged and has no usable backup; the damaged file is kept as ${keptName(kept)}.`
          : `The file of the conversation "${title}" is missing and has no backup.`
        this.damaged.set(id, message)
        this.notice(message)
        throw new StudioError('STORAGE', message, { field: 'id' })
      }
      this.notice(`The conversation "${title}" was damaged; its last good copy was restored${kept ? ` (damaged file kept as ${keptName(kept)})` : ''}.`)
      await this.writeConversation(c)
    } else if (!this.backedUp.has(id)) {
      await backup(path)
    }
    this.backedUp.add(id)
    const cutOff = this.recoverCutOff(c)
    this.cache.set(id, c)
    this.trim()
    if (cutOff) {
      this.index.set(id, summaryOf(c))
      await Promise.all([this.writeConversation(c), this.writeIndex()])
    }
    return c
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
    for (const [id, c] of this.cache) {
      if (this.cache.size <= CACHE_LIMIT) break
      if (c.messages.some((m) => this.live.has(m.id))) continue
      this.cache.delete(id)
    }
  }

  private writeConversation(c: StoredConversation): Promise<void> {
    if (this.deleted.has(c.id)) return Promise.resolve()
    return this.writer.save(this.file(c.id), JSON.stringify({ version: FILE_VERSION, conversation: c }))
  }

  private writeIndex(): Promise<void> {
    return this.writer.save(this.indexPath, JSON.stringify({ version: FILE_VERSION, conversations: [...this.index.values()] }))
  }
}
