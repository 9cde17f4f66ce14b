import type { GalleryMonth } from '@shared/domain/gallery-timeline'
import type { GalleryFilter, GalleryItem, GallerySearchCursor, GallerySearchPage } from '@shared/domain/images'
import { StudioError } from '@shared/errors'
import type { EventHub } from '../ipc/event-hub'
import type { StoredItem } from './gallery-index'
import type { GalleryStore } from './gallery-store'
import type { PageStart } from './gallery-timeline'
import { protectOutsideMask } from './mask-honesty'
import { writeResultBytes, fileFields } from './result-files'

/**
 * Electron: shows the save dialog with `suggestedName` and copies `sourcePath` there; resolves
 * false when the user cancels. The core never imports electron, so the shell injects this.
 */
export type SaveFile = (suggestedName: string, sourcePath: string) => Promise<boolean>

export interface GalleryActionDeps {
  gallery: GalleryStore
  emit: EventHub['emit']
  saveFile?: SaveFile
}

const EXT = { png: 'png', jpeg: 'jpg', webp: 'webp', gif: 'gif' } as const

/** A file name from the prompt: readable, safe on every OS, unique enough with the id's start. */
export function suggestedName(item: Pick<GalleryItem, 'id' | 'prompt' | 'format'>): string {
  const slug = item.prompt
    .normalize('NFKC')
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 48)
    .replace(/-+$/, '')
  return `${slug || 'image'}-${item.id.slice(0, 8)}.${EXT[item.format]}`
}

/** What the page can do with gallery items besides creating them. */
export class GalleryActions {
  constructor(private readonly d: GalleryActionDeps) {}

  list(filter?: GalleryFilter, before?: number, limit?: number): { items: GalleryItem[]; total: number } {
    return this.d.gallery.list(filter, before, limit)
  }

  page(
    filter: GalleryFilter | undefined,
    start: PageStart,
    limit?: number
  ): { items: GalleryItem[]; total: number; older: boolean; newer: boolean } {
    return this.d.gallery.page(filter, start, limit)
  }

  months(filter?: GalleryFilter): { months: GalleryMonth[] } {
    return { months: this.d.gallery.months(filter) }
  }

  getMany(ids: string[]): { items: GalleryItem[] } {
    return { items: this.d.gallery.getMany([...new Set(ids)]) }
  }

  search(filter: GalleryFilter, after?: GallerySearchCursor, limit?: number): GallerySearchPage {
    return this.d.gallery.search(filter, after, limit)
  }

  get(id: string): GalleryItem {
    return this.d.gallery.get(id)
  }

  async setFavorite(id: string, favorite: boolean): Promise<GalleryItem> {
    const item = await this.d.gallery.setFavorite(id, favorite)
    this.d.emit('images:gallery-changed', { ids: [id] })
    return item
  }

  async delete(id: string): Promise<void> {
    await this.d.gallery.delete(id)
    this.d.emit('images:gallery-changed', { ids: [id] })
  }

  /** A selection: one commit for all its rows (GalleryStore.deleteMany), one event. */
  async deleteMany(ids: string[]): Promise<{ deleted: number }> {
    const unique = [...new Set(ids)]
    const deleted = await this.d.gallery.deleteMany(unique)
    if (deleted) this.d.emit('images:gallery-changed', { ids: unique })
    return { deleted }
  }

  /**
   * Electron saves a copy through the dialog. The browser host cannot open one, so it answers with
   * the item's media URL and a download hint; the page starts the download with `<a download>`
   * (same origin, so the name is honoured).
   */
  async export(id: string): Promise<{ saved: boolean; downloadUrl?: string; fileName: string }> {
    const record = this.d.gallery.record(id)
    const fileName = suggestedName(record)
    if (this.d.saveFile) {
      const saved = await this.d.saveFile(fileName, this.d.gallery.pathOf(record.file))
      return { saved, fileName }
    }
    const url = this.d.gallery.get(id).url
    return { saved: false, downloadUrl: `${url}?download=${encodeURIComponent(fileName)}`, fileName }
  }

  /** A new item: the edit with the original pasted back outside the mask (feathered seam), lineage kept. */
  async protectOutsideMask(id: string, featherPx = 8): Promise<GalleryItem> {
    const edit = this.d.gallery.record(id)
    if (!edit.maskFile || !edit.sourceFile) {
      throw new StudioError('INVALID_INPUT', 'Only an edit made with a mask can be protected outside the mask.', {
        field: 'id'
      })
    }
    const g = this.d.gallery
    const made = await protectOutsideMask(
      g.pathOf(edit.sourceFile),
      g.pathOf(edit.file),
      g.pathOf(edit.maskFile),
      featherPx
    )
    const newId = g.newId()
    const file = await writeResultBytes(g.libraryDir, newId, made.png)
    const item: StoredItem = {
      ...fileFields(newId, file),
      origin: 'protect',
      profileId: edit.profileId,
      model: edit.model,
      prompt: edit.prompt,
      ...(edit.revisedPrompt ? { revisedPrompt: edit.revisedPrompt } : {}),
      params: {
        featherPx,
        protectedFrom: edit.id,
        ...(made.resizedFrom ? { resultResizedFrom: `${made.resizedFrom.width}x${made.resizedFrom.height}` } : {})
      },
      parentId: edit.id,
      maskFile: edit.maskFile,
      sourceFile: edit.sourceFile,
      favorite: false,
      // By construction: every kept pixel is a byte copy of the original.
      outsideMaskChange: 0
    }
    const [view] = await g.add([item])
    this.d.emit('images:gallery-changed', { ids: [newId] })
    return view
  }
}
