import { mkdir, rm, stat, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { GalleryMonth } from '@shared/domain/gallery-timeline'
import type { GalleryFilter, GalleryItem, GallerySearchCursor, GallerySearchPage } from '@shared/domain/images'
import { StudioError } from '@shared/errors'
import { MIME_OF_FORMAT } from '@shared/media/sniff'
import { newOpaqueId } from '../files/ids'
import type { MediaLibrary } from '../files/media'
import { importOnce } from '../store/json-import'
import { openLibrary, type Library } from '../store/library-db'
import { LIBRARY_NAME, loadIndex, type StoredItem } from './gallery-index'
import { reconcileGallery, type ReconcileResult } from './gallery-reconcile'
import { searchGallery } from './gallery-search'
import { GALLERY_SCHEMA, putItem, rowItem, where } from './gallery-table'
import { galleryMonths, timelinePage, type PageStart } from './gallery-timeline'

export interface GalleryStoreOptions {
  dataDir: string
  media: MediaLibrary
  /** Tells the user about recovered or damaged state (never a silent reset). */
  notice?: (message: string) => void
}

const MASK_MIME = 'image/png'

/**
 * The gallery: every generated or edited image, saved by the host under
 * `<dataDir>/library/images/` with its metadata in the library database (one row per image, so a
 * change costs the same at 50 images as at 50,000). The page sees items with media URLs
 * (registered on first view, since media ids live in memory), never paths and never bytes.
 */
export class GalleryStore {
  private readonly mediaIds = new Map<string, string>()
  private readonly lib: Library
  /** Ids handed out this session: their files are never taken for a crash's leftovers. */
  private readonly issued = new Set<string>()
  private since = 0
  private reconciling: Promise<ReconcileResult> | null = null
  /** Files of deleted items still being removed (after their rows), by id stem: the folder check must not take them back. */
  private readonly removing = new Set<string>()
  private unlinking: Promise<void> = Promise.resolve()
  private readonly stopReconcile = new AbortController()
  readonly libraryDir: string
  /** The JSON index of earlier versions: migration input only, renamed once imported. */
  readonly indexPath: string

  private constructor(private readonly opts: GalleryStoreOptions) {
    this.libraryDir = join(opts.dataDir, 'library', 'images')
    this.indexPath = join(opts.dataDir, 'images', 'index.json')
    this.lib = openLibrary(opts.dataDir, (m) => this.notice(m))
    this.lib.schema('gallery', GALLERY_SCHEMA)
  }

  static async open(opts: GalleryStoreOptions): Promise<GalleryStore> {
    await mkdir(join(opts.dataDir, 'library', 'images'), { recursive: true, mode: 0o700 })
    await mkdir(join(opts.dataDir, 'images'), { recursive: true, mode: 0o700 })
    const store = new GalleryStore(opts)
    try {
      await store.load()
    } catch (e) {
      store.close()
      throw e
    }
    return store
  }

  private notice(message: string): void {
    this.opts.notice?.(message)
  }

  private async load(): Promise<void> {
    await importOnce(
      this.lib,
      'gallery',
      [this.indexPath, `${this.indexPath}.bak`],
      async () => ((await hasLegacyIndex(this.indexPath)) ? loadIndex(this.indexPath, (m) => this.notice(m)) : null),
      (items) => {
        for (const item of items) putItem(this.lib, item)
      }
    )
    this.since = await sessionMark(this.opts.dataDir)
  }

  /**
   * Checks the library folder against the rows (gallery-reconcile.ts): once per session, after the
   * studio is ready, in batches. Resolves with what changed; the user is told of it by `notice`.
   */
  reconcile(): Promise<ReconcileResult> {
    this.reconciling ??= reconcileGallery({
      lib: this.lib,
      dir: this.libraryDir,
      since: this.since,
      issued: (id) => this.issued.has(id) || this.removing.has(id),
      signal: this.stopReconcile.signal
    }).then((r) => {
      if (r.missing.length)
        this.notice(`${count(r.missing.length)} missing from the library folder and removed from the gallery.`)
      if (r.adopted.length)
        this.notice(
          `${count(r.adopted.length)} found in the library folder and added back to the gallery without ${r.adopted.length === 1 ? 'its prompt' : 'their prompts'}.`
        )
      return r
    })
    return this.reconciling
  }

  private mediaId(name: string, mime: string): string {
    let id = this.mediaIds.get(name)
    if (!id) this.mediaIds.set(name, (id = this.opts.media.register(this.pathOf(name), mime)))
    return id
  }

  /** A library file's path; only names the host made (checked) ever reach the file system. */
  pathOf(name: string): string {
    if (!LIBRARY_NAME.test(name)) throw new Error(`not a library file name: ${JSON.stringify(name)}`)
    return join(this.libraryDir, name)
  }

  newId(): string {
    const id = newOpaqueId()
    this.issued.add(id)
    return id
  }

  view(item: StoredItem): GalleryItem {
    const { file, maskFile, sourceFile, ...rest } = item
    void sourceFile
    const url = this.opts.media.urlFor(this.mediaId(file, MIME_OF_FORMAT[item.format]))
    return { ...rest, url, ...(maskFile ? { maskUrl: this.opts.media.urlFor(this.mediaId(maskFile, MASK_MIME)) } : {}) }
  }

  /** Adds items whose files are already in the library; resolves once their rows are durable. */
  async add(items: StoredItem[]): Promise<GalleryItem[]> {
    this.lib.tx(() => {
      for (const item of items) putItem(this.lib, item)
    })
    return items.map((i) => this.view(i))
  }

  private find(id: string): StoredItem | null {
    return rowItem(this.lib.get<{ item: string }>('SELECT item FROM gallery WHERE id = ?', id))
  }

  record(id: string): StoredItem {
    const item = this.find(id)
    if (!item) throw new StudioError('NOT_FOUND', 'That image is no longer in the gallery.', { field: 'id' })
    return item
  }

  get(id: string): GalleryItem {
    return this.view(this.record(id))
  }

  list(filter: GalleryFilter = {}, before?: number, limit = 60): { items: GalleryItem[]; total: number } {
    const w = where(filter)
    const total = w.sql
      ? this.lib.get<{ n: number }>(`SELECT count(*) AS n FROM gallery ${w.sql}`, ...w.params)!.n
      : this.size
    const page = before === undefined ? w : where(filter, before)
    const rows = this.lib.all<{ item: string }>(
      `SELECT item FROM gallery ${page.sql} ORDER BY created_at DESC, id DESC LIMIT ?`,
      ...page.params,
      limit
    )
    const items = rows.map(rowItem).filter((i): i is StoredItem => i !== null)
    return { items: items.map((i) => this.view(i)), total }
  }

  /** A page newest first from where `start` says (gallery-timeline.ts), with whether more lie either side. */
  page(
    filter: GalleryFilter = {},
    start: PageStart = {},
    limit = 60
  ): { items: GalleryItem[]; total: number; older: boolean; newer: boolean } {
    const w = where(filter)
    const total = w.sql
      ? this.lib.get<{ n: number }>(`SELECT count(*) AS n FROM gallery ${w.sql}`, ...w.params)!.n
      : this.size
    const page = timelinePage(this.lib, filter, start, limit)
    return { ...page, items: page.items.map((i) => this.view(i)), total }
  }

  /** The months the filter's items span, newest first, with their counts. */
  months(filter: GalleryFilter = {}): GalleryMonth[] {
    return galleryMonths(this.lib, filter)
  }

  /** The items of `ids` still in the gallery (a missing id was deleted), so the page can patch what it shows. */
  getMany(ids: string[]): GalleryItem[] {
    const rows = this.lib.all<{ item: string }>(
      'SELECT item FROM gallery WHERE id IN (SELECT value FROM json_each(?))',
      JSON.stringify(ids)
    )
    return rows
      .map(rowItem)
      .filter((i): i is StoredItem => i !== null)
      .map((i) => this.view(i))
  }

  /** A search, best first with the matching excerpts, a page after `after` (gallery-search.ts). */
  search(filter: GalleryFilter, after?: GallerySearchCursor, limit = 60): GallerySearchPage {
    const page = searchGallery(this.lib, filter, after, limit)
    return { ...page, items: page.items.map((i) => this.view(i)) }
  }

  async setFavorite(id: string, favorite: boolean): Promise<GalleryItem> {
    const item = this.record(id)
    item.favorite = favorite
    putItem(this.lib, item)
    return this.view(item)
  }

  /** Removes the entry, then its file, and the edit's mask and source copies once nothing refers to them. */
  async delete(id: string): Promise<void> {
    this.record(id)
    await this.deleteMany([id])
    await this.unlinking
  }

  /**
   * Removes many entries in one commit (one fsync for a whole selection) and returns how many were
   * there. The work is in proportion to the selection, never to the gallery: one DELETE returns the
   * rows' file names, one query keeps the names another row still uses, and the files go after the
   * call returns (`flush` waits for them); the folder check leaves them alone meanwhile.
   */
  async deleteMany(ids: string[]): Promise<number> {
    const { removed, unused } = this.lib.tx(() => {
      const rows = this.lib.all<{ file: string; mask_file: string | null; source_file: string | null }>(
        'DELETE FROM gallery WHERE id IN (SELECT value FROM json_each(?)) RETURNING file, mask_file, source_file',
        JSON.stringify(ids)
      )
      const names = new Set<string>()
      for (const r of rows) for (const name of [r.file, r.mask_file, r.source_file]) if (name) names.add(name)
      const left = this.lib.all<{ name: string }>(
        `SELECT value AS name FROM json_each(?) WHERE NOT EXISTS (SELECT 1 FROM gallery WHERE file = value)
           AND NOT EXISTS (SELECT 1 FROM gallery WHERE mask_file = value) AND NOT EXISTS (SELECT 1 FROM gallery WHERE source_file = value)`,
        JSON.stringify([...names])
      )
      return { removed: rows.length, unused: left.map((r) => r.name).filter((n) => LIBRARY_NAME.test(n)) }
    })
    for (const name of unused) {
      const mediaId = this.mediaIds.get(name)
      if (mediaId) this.opts.media.unregister(mediaId)
      this.mediaIds.delete(name)
      this.removing.add(stemOf(name))
    }
    if (unused.length) this.unlinking = this.unlinking.then(() => this.unlink(unused))
    return removed
  }

  private async unlink(names: string[]): Promise<void> {
    await Promise.all(names.map((name) => rm(this.pathOf(name), { force: true }).catch(() => undefined)))
    for (const name of names) this.removing.delete(stemOf(name))
  }

  get size(): number {
    return this.lib.get<{ n: number }>('SELECT n FROM gallery_count')!.n
  }

  /** Every write is durable when its call resolves; this waits for the files of deleted items to be gone too. */
  async flush(): Promise<void> {
    await this.unlinking
  }

  /** Stops a repair pass under way and waits for it (and for files being removed), so nothing touches the database after `close`. */
  async stop(): Promise<void> {
    this.stopReconcile.abort()
    await this.reconciling?.catch(() => undefined)
    await this.unlinking
  }

  /** Lets go of the library database (the last user closes it cleanly). */
  close(): void {
    this.stopReconcile.abort()
    this.lib.release()
  }
}

async function hasLegacyIndex(path: string): Promise<boolean> {
  for (const p of [path, `${path}.bak`])
    if (
      await stat(p).then(
        () => true,
        () => false
      )
    )
      return true
  return false
}

/**
 * This session's start on the file system's own clock (a file's mtime is stamped from a coarse
 * kernel clock, so `Date.now()` could be later than the mtime of a file made just after it).
 */
async function sessionMark(dataDir: string): Promise<number> {
  const path = join(dataDir, 'images', '.session')
  await writeFile(path, `${process.pid} ${Date.now()}\n`)
  return (await stat(path)).mtimeMs
}

/** A library file's id part (`<id>.png`, `<job>.mask.png`): what the folder check goes by. */
function stemOf(name: string): string {
  const dot = name.indexOf('.')
  return dot < 0 ? name : name.slice(0, dot)
}

/** "1 image was" / "3 images were", for notices. */
function count(n: number): string {
  return n === 1 ? '1 image was' : `${n} images were`
}
