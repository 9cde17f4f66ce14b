import { mkdir, open, readdir, rm, stat } from 'node:fs/promises'
import { join } from 'node:path'
import type { GalleryFilter, GalleryItem } from '@shared/domain/images'
import { StudioError } from '@shared/errors'
import { magicFormat, MIME_OF_FORMAT, sniffImage } from '@shared/media/sniff'
import { newOpaqueId } from '../files/ids'
import type { MediaLibrary } from '../files/media'
import { AtomicWriter } from '../store/atomic-file'
import { LIBRARY_NAME, loadIndex, serializeIndex, writeIndexWithBackup, type StoredItem } from './gallery-index'

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
 * `<dataDir>/library/images/` with its metadata in `<dataDir>/images/index.json`. The page sees
 * items with media URLs (registered again at every start, since media ids live in memory), never
 * paths and never bytes.
 */
export class GalleryStore {
  private readonly items = new Map<string, StoredItem>()
  private readonly mediaIds = new Map<string, string>()
  private readonly writer = new AtomicWriter(writeIndexWithBackup)
  readonly libraryDir: string
  readonly indexPath: string

  private constructor(private readonly opts: GalleryStoreOptions) {
    this.libraryDir = join(opts.dataDir, 'library', 'images')
    this.indexPath = join(opts.dataDir, 'images', 'index.json')
  }

  static async open(opts: GalleryStoreOptions): Promise<GalleryStore> {
    const store = new GalleryStore(opts)
    await mkdir(store.libraryDir, { recursive: true, mode: 0o700 })
    await mkdir(join(opts.dataDir, 'images'), { recursive: true, mode: 0o700 })
    await store.load()
    return store
  }

  private notice(message: string): void {
    this.opts.notice?.(message)
  }

  private async load(): Promise<void> {
    const names = new Set(await readdir(this.libraryDir))
    // Leftovers of a download or write cut off by a crash are never results (security-anchors §6.3).
    for (const name of names) {
      if (name.endsWith('.part') || name.includes('.tmp-')) {
        await rm(join(this.libraryDir, name), { force: true })
        names.delete(name)
      }
    }
    let missing = 0
    for (const item of await loadIndex(this.indexPath, (m) => this.notice(m))) {
      if (!names.has(item.file)) missing++
      else this.items.set(item.id, item)
    }
    if (missing) this.notice(`${count(missing)} missing from the library folder and removed from the gallery.`)
    const adopted = await this.adoptOrphans(names)
    if (adopted) this.notice(`${count(adopted)} found in the library folder and added back to the gallery without ${adopted === 1 ? 'its prompt' : 'their prompts'}.`)
    for (const item of this.items.values()) this.registerFiles(item)
    if (missing || adopted) await this.save()
  }

  /** Result files the index does not know (a crash between rename and index write, or a lost index). */
  private async adoptOrphans(names: Set<string>): Promise<number> {
    const known = new Set<string>()
    for (const i of this.items.values()) for (const f of [i.file, i.maskFile, i.sourceFile]) if (f) known.add(f)
    let adopted = 0
    for (const name of names) {
      const m = ORPHAN.exec(name)
      if (!m || known.has(name) || this.items.has(m[1])) continue
      const path = join(this.libraryDir, name)
      const head = await readHead(path)
      const found = sniffImage(head)
      if (!found || found.format === 'gif' || found.format !== magicFormat(head)) continue
      const info = await stat(path)
      this.items.set(m[1], {
        id: m[1],
        file: name,
        width: found.width,
        height: found.height,
        format: found.format,
        bytes: info.size,
        createdAt: info.mtimeMs,
        origin: 'generate',
        profileId: '',
        model: 'unknown',
        prompt: '',
        params: { recovered: true },
        favorite: false
      })
      adopted++
    }
    return adopted
  }

  private registerFiles(item: StoredItem): void {
    const reg = (name: string, mime: string) => {
      if (!this.mediaIds.has(name)) this.mediaIds.set(name, this.opts.media.register(this.pathOf(name), mime))
    }
    reg(item.file, MIME_OF_FORMAT[item.format])
    if (item.maskFile) reg(item.maskFile, MASK_MIME)
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
    const url = this.opts.media.urlFor(this.mediaIds.get(file)!)
    const maskId = maskFile ? this.mediaIds.get(maskFile) : undefined
    return { ...rest, url, ...(maskId ? { maskUrl: this.opts.media.urlFor(maskId) } : {}) }
  }

  /** Adds items whose files are already in the library; resolves once the index is durable. */
  async add(items: StoredItem[]): Promise<GalleryItem[]> {
    for (const item of items) {
      this.items.set(item.id, item)
      this.registerFiles(item)
    }
    await this.save()
    return items.map((i) => this.view(i))
  }

  record(id: string): StoredItem {
    const item = this.items.get(id)
    if (!item) throw new StudioError('NOT_FOUND', 'That image is no longer in the gallery.', { field: 'id' })
    return item
  }

  get(id: string): GalleryItem {
    return this.view(this.record(id))
  }

  list(filter: GalleryFilter = {}, before?: number, limit = 60): { items: GalleryItem[]; total: number } {
    const q = filter.query?.trim().toLowerCase() ?? ''
    const matching = [...this.items.values()].filter(
      (i) =>
        (filter.model === undefined || i.model === filter.model) &&
        (filter.origin === undefined || i.origin === filter.origin) &&
        (filter.favorite === undefined || i.favorite === filter.favorite) &&
        (q === '' || i.prompt.toLowerCase().includes(q) || (i.revisedPrompt?.toLowerCase().includes(q) ?? false))
    )
    matching.sort((a, b) => b.createdAt - a.createdAt || (a.id < b.id ? 1 : -1))
    const page = matching.filter((i) => before === undefined || i.createdAt < before).slice(0, limit)
    return { items: page.map((i) => this.view(i)), total: matching.length }
  }

  async setFavorite(id: string, favorite: boolean): Promise<GalleryItem> {
    const item = this.record(id)
    item.favorite = favorite
    await this.save()
    return this.view(item)
  }

  /** Removes the entry, then its file, and the edit's mask and source copies once nothing refers to them. */
  async delete(id: string): Promise<void> {
    const item = this.record(id)
    this.items.delete(id)
    await this.save()
    const stillUsed = new Set<string>()
    for (const i of this.items.values()) for (const f of [i.file, i.maskFile, i.sourceFile]) if (f) stillUsed.add(f)
    for (const name of [item.file, item.maskFile, item.sourceFile]) {
      if (!name || stillUsed.has(name)) continue
      const mediaId = this.mediaIds.get(name)
      if (mediaId) this.opts.media.unregister(mediaId)
      this.mediaIds.delete(name)
      await rm(this.pathOf(name), { force: true })
    }
  }

  get size(): number {
    return this.items.size
  }

  private save(): Promise<void> {
    return this.writer.save(this.indexPath, serializeIndex(this.items.values()))
  }

  async flush(): Promise<void> {
    await this.writer.flush()
  }
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
