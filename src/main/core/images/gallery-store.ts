import { mkdir, open, readdir, rm, stat } from 'node:fs/promises'
import { join } from 'node:path'
import type { GalleryFilter, GalleryItem } from '@shared/domain/images'
import { StudioError } from '@shared/errors'
import { magicFormat, MIME_OF_FORMAT, sniffImage } from '@shared/media/sniff'
import { newOpaqueId } from '../files/ids'
import type { MediaLibrary } from '../files/media'
import { importOnce } from '../store/json-import'
import { openLibrary, type Library } from '../store/library-db'
import { LIBRARY_NAME, loadIndex, type StoredItem } from './gallery-index'
import { GALLERY_SCHEMA, putItem, rowItem, where } from './gallery-table'

export interface GalleryStoreOptions {
  dataDir: string
  media: MediaLibrary
  /** Tells the user about recovered or damaged state (never a silent reset). */
  notice?: (message: string) => void
}

const MASK_MIME = 'image/png'
const ORPHAN = /^([A-Za-z0-9_-]{1,64})\.(png|jpg|webp)$/

/**
 * The gallery: every generated or edited image, saved by the host under
 * `<dataDir>/library/images/` with its metadata in the library database (one row per image, so a
 * change costs the same at 50 images as at 50,000). The page sees items with media URLs
 * (registered on first view, since media ids live in memory), never paths and never bytes.
 */
export class GalleryStore {
  private readonly mediaIds = new Map<string, string>()
  private readonly lib: Library
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
      async () => (await hasLegacyIndex(this.indexPath)) ? loadIndex(this.indexPath, (m) => this.notice(m)) : null,
      (items) => {
        for (const item of items) putItem(this.lib, item)
      }
    )
    const names = new Set(await readdir(this.libraryDir))
    // Leftovers of a download or write cut off by a crash are never results (security-anchors §6.3).
    for (const name of names) {
      if (name.endsWith('.part') || name.includes('.tmp-')) {
        await rm(join(this.libraryDir, name), { force: true })
        names.delete(name)
      }
    }
    const known = new Set<string>()
    const missing: string[] = []
    for (const row of this.lib.all<{ id: string; file: string; mask_file: string | null; source_file: string | null }>('SELECT id, file, mask_file, source_file FROM gallery')) {
      if (!names.has(row.file)) missing.push(row.id)
      for (const f of [row.file, row.mask_file, row.source_file]) if (f) known.add(f)
      known.add(row.id)
    }
    if (missing.length) {
      this.lib.tx(() => {
        for (const id of missing) this.lib.run('DELETE FROM gallery WHERE id = ?', id)
      })
      this.notice(`${count(missing.length)} missing from the library folder and removed from the gallery.`)
    }
    const adopted = await this.adoptOrphans(names, known)
    if (adopted) this.notice(`${count(adopted)} found in the library folder and added back to the gallery without ${adopted === 1 ? 'its prompt' : 'their prompts'}.`)
  }

  /** Result files the index does not know (a crash between rename and index write, or a lost index). */
  private async adoptOrphans(names: Set<string>, known: Set<string>): Promise<number> {
    const found: StoredItem[] = []
    for (const name of names) {
      const m = ORPHAN.exec(name)
      if (!m || known.has(name) || known.has(m[1])) continue
      const path = join(this.libraryDir, name)
      const head = await readHead(path)
      const image = sniffImage(head)
      if (!image || image.format === 'gif' || image.format !== magicFormat(head)) continue
      const info = await stat(path)
      known.add(m[1])
      found.push({
        id: m[1],
        file: name,
        width: image.width,
        height: image.height,
        format: image.format,
        bytes: info.size,
        createdAt: info.mtimeMs,
        origin: 'generate',
        profileId: '',
        model: 'unknown',
        prompt: '',
        params: { recovered: true },
        favorite: false
      })
    }
    if (found.length) {
      this.lib.tx(() => {
        for (const item of found) putItem(this.lib, item)
      })
    }
    return found.length
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
    return newOpaqueId()
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
    const total = w.sql ? this.lib.get<{ n: number }>(`SELECT count(*) AS n FROM gallery ${w.sql}`, ...w.params)!.n : this.size
    const page = before === undefined ? w : where(filter, before)
    const rows = this.lib.all<{ item: string }>(`SELECT item FROM gallery ${page.sql} ORDER BY created_at DESC, id DESC LIMIT ?`, ...page.params, limit)
    const items = rows.map(rowItem).filter((i): i is StoredItem => i !== null)
    return { items: items.map((i) => this.view(i)), total }
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
  }

  /** Removes many entries in one commit (one fsync for a whole selection), then their unused files; returns how many were there. */
  async deleteMany(ids: string[]): Promise<number> {
    const removed = this.lib.tx(() => {
      const out: StoredItem[] = []
      for (const id of ids) {
        const item = this.find(id)
        if (item && this.lib.run('DELETE FROM gallery WHERE id = ?', id).changes) out.push(item)
      }
      return out
    })
    const files = new Set<string>()
    for (const item of removed) for (const name of [item.file, item.maskFile, item.sourceFile]) if (name) files.add(name)
    for (const name of files) {
      if (this.lib.get('SELECT 1 FROM gallery WHERE file = ? OR mask_file = ? OR source_file = ? LIMIT 1', name, name, name)) continue
      const mediaId = this.mediaIds.get(name)
      if (mediaId) this.opts.media.unregister(mediaId)
      this.mediaIds.delete(name)
      await rm(this.pathOf(name), { force: true })
    }
    return removed.length
  }

  get size(): number {
    return this.lib.get<{ n: number }>('SELECT n FROM gallery_count')!.n
  }

  /** Every write is durable when its call resolves; kept for callers that wait before shutting down. */
  async flush(): Promise<void> {}

  /** Lets go of the library database (the last user closes it cleanly). */
  close(): void {
    this.lib.release()
  }
}

async function hasLegacyIndex(path: string): Promise<boolean> {
  for (const p of [path, `${path}.bak`]) if (await stat(p).then(() => true, () => false)) return true
  return false
}

/** "1 image was" / "3 images were", for notices. */
function count(n: number): string {
  return n === 1 ? '1 image was' : `${n} images were`
}

async function readHead(path: string): Promise<Uint8Array> {
  const fh = await open(path, 'r')
  try {
    const buf = new Uint8Array(256 * 1024)
    const { bytesRead } = await fh.read(buf, 0, buf.byteLength, 0)
    return buf.subarray(0, bytesRead)
  } finally {
    await fh.close()
  }
}
