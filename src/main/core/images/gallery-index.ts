import { copyFile, readFile, rename } from 'node:fs/promises'
import { GALLERY_ORIGINS, type GalleryItem } from '@shared/domain/images'
import { keptName } from '../store/file-role'

/**
 * What the gallery keeps per image (prompt, model, parameters, lineage), and the JSON index file of
 * earlier versions, read once as migration input: a damaged file is moved aside and its `.bak`
 * used, with a notice, never a silent reset. Nothing writes it any more: every store is in the
 * library database.
 */

/** A gallery item as stored: file names instead of media URLs (ids change every launch). */
export interface StoredItem extends Omit<GalleryItem, 'url' | 'maskUrl'> {
  /** The image, inside the library dir. */
  file: string
  /** The mask the edit used (a copy), for lineage and for protect-outside-mask. */
  maskFile?: string
  /** The edit's original (a copy), so honesty and protect work after the source is gone. */
  sourceFile?: string
}

export const ITEM_ID = /^[A-Za-z0-9_-]{1,64}$/
/** Library file names the host makes: `<id>.<ext>`, `<job>.mask.png`, `<job>.source.<ext>`. */
export const LIBRARY_NAME = /^[A-Za-z0-9_-]{1,64}(\.(mask|source))?\.(png|jpg|webp)$/

const ORIGINS = new Set<string>(GALLERY_ORIGINS)
const FORMATS = new Set(['png', 'jpeg', 'webp', 'gif'])

function isName(v: unknown): v is string {
  return typeof v === 'string' && LIBRARY_NAME.test(v)
}

/** Keeps an entry only if everything the gallery relies on is there and sane (file names above all). */
export function asStoredItem(v: unknown): StoredItem | null {
  if (!v || typeof v !== 'object') return null
  const x = v as Record<string, unknown>
  const ok =
    typeof x.id === 'string' &&
    ITEM_ID.test(x.id) &&
    isName(x.file) &&
    (x.maskFile === undefined || isName(x.maskFile)) &&
    (x.sourceFile === undefined || isName(x.sourceFile)) &&
    Number.isInteger(x.width) &&
    Number.isInteger(x.height) &&
    Number.isInteger(x.bytes) &&
    typeof x.createdAt === 'number' &&
    typeof x.origin === 'string' &&
    ORIGINS.has(x.origin) &&
    typeof x.format === 'string' &&
    FORMATS.has(x.format) &&
    typeof x.model === 'string' &&
    typeof x.prompt === 'string' &&
    typeof x.profileId === 'string' &&
    typeof x.favorite === 'boolean' &&
    !!x.params &&
    typeof x.params === 'object'
  return ok ? (x as unknown as StoredItem) : null
}

export type IndexRead = { ok: true; items: StoredItem[]; dropped: number } | { ok: false; missing: boolean }

export async function readIndex(path: string): Promise<IndexRead> {
  let text: string
  try {
    text = await readFile(path, 'utf8')
  } catch (e) {
    return { ok: false, missing: (e as NodeJS.ErrnoException).code === 'ENOENT' }
  }
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch {
    return { ok: false, missing: false }
  }
  const list = (parsed as { items?: unknown } | null)?.items
  if (!Array.isArray(list)) return { ok: false, missing: false }
  const items = list.map(asStoredItem).filter((i): i is StoredItem => i !== null)
  return { ok: true, items, dropped: list.length - items.length }
}

/**
 * Loads the index, restoring `.bak` when the main file is damaged. `notice` tells the user what
 * happened; the damaged copy is kept beside it for support.
 */
export async function loadIndex(path: string, notice: (message: string) => void): Promise<StoredItem[]> {
  const main = await readIndex(path)
  if (main.ok) {
    if (main.dropped) notice(`${main.dropped} gallery entries were unreadable and were left out.`)
    return main.items
  }
  if (main.missing) {
    // A first launch has neither file; an index deleted by hand still has its backup.
    const bak = await readIndex(`${path}.bak`)
    if (bak.ok && bak.items.length) notice('The gallery index was missing; the last good copy was restored.')
    return bak.ok ? bak.items : []
  }
  const kept = `${path}.corrupt-${Date.now()}`
  await rename(path, kept).catch(() => {})
  const bak = await readIndex(`${path}.bak`)
  if (bak.ok) {
    notice(`The gallery index was damaged; the last good copy was restored (damaged file kept as ${keptName(kept)}).`)
    await copyFile(`${path}.bak`, path).catch(() => {})
    return bak.items
  }
  notice(
    `The gallery index was damaged and had no usable backup; images found on disk were re-added without their details (damaged file kept as ${keptName(kept)}).`
  )
  return []
}
