import type { GalleryItem } from '@shared/domain/images'
import { StudioError } from '@shared/errors'
import { readStudioSettings, STUDIO_CHUNK_SCAN_BYTES } from '@shared/media/png-text'
import { sniffImage } from '@shared/media/sniff'
import type { FileGrants } from '../files/grants'
import type { StoredItem } from './gallery-index'
import type { GalleryStore } from './gallery-store'
import { checkPixels } from './load-sharp'
import { fileFields, writeResultBytes } from './result-files'

export interface ImportDeps {
  gallery: Pick<GalleryStore, 'libraryDir' | 'newId' | 'add'>
  /** `release` is absent only in tests that never import. */
  files: Pick<FileGrants, 'get' | 'readBytes'> & Partial<Pick<FileGrants, 'release'>>
  profileId: string
}

/** Uploads the page may import: what the editor and references accept (PNG, JPEG, WebP, 25 MB). */
const IMPORTABLE = new Set(['image-edit', 'image-reference'])

/**
 * A picture from the desktop into the library as "Imported". The grant already checked its type
 * and size by content; here its dimensions are held to the decode cap before it is kept. A PNG the
 * studio wrote keeps the prompt and model it carries, so search and "Copy prompt" find them.
 */
export async function importFile(d: ImportDeps, fileId: string): Promise<GalleryItem> {
  try {
    const granted = d.files.get(fileId)
    if (!IMPORTABLE.has(granted.purpose))
      throw new StudioError('INVALID_INPUT', 'That file was not uploaded as an image.', { field: 'fileId' })
    const bytes = await d.files.readBytes(fileId)
    const found = sniffImage(bytes)
    if (!found || found.format === 'gif')
      throw new StudioError('INVALID_INPUT', `"${granted.grant.name}" is not a PNG, JPEG or WebP image.`, {
        field: 'fileId'
      })
    checkPixels('imported image', found.width, found.height, { code: 'INVALID_INPUT', field: 'fileId' })
    const carried = found.format === 'png' ? readStudioSettings(bytes.subarray(0, STUDIO_CHUNK_SCAN_BYTES)) : null
    const id = d.gallery.newId()
    const file = await writeResultBytes(d.gallery.libraryDir, id, bytes)
    const item: StoredItem = {
      ...fileFields(id, file),
      origin: 'import',
      profileId: d.profileId,
      model: carried?.model ?? '',
      prompt: carried?.prompt ?? '',
      params: { fileName: granted.grant.name, ...(carried ? { carried: carried.origin } : {}) },
      favorite: false
    }
    const [view] = await d.gallery.add([item])
    return view
  } finally {
    // The upload was only the way in: the library holds its own copy now (or nothing, on refusal).
    await d.files.release?.(fileId).catch(() => {})
  }
}
