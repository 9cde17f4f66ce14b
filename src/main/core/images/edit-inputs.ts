import { copyFile, rm, stat } from 'node:fs/promises'
import { FILE_RULES } from '@shared/domain/files'
import type { EditRequest } from '@shared/domain/images'
import type { FileGrants } from '../files/grants'
import type { GalleryStore } from './gallery-store'
import { loadSharp } from './load-sharp'
import { invalid } from './validate'

/**
 * The edit's two files, checked before anything is sent (spec: png, webp or jpg up to 25 MB; the
 * mask a PNG of exactly the source's size, transparent where the image may change), then copied
 * into the library so the request, the honesty check and a later "protect" all see the same bytes.
 */

const EDIT_TYPES: Record<string, 'png' | 'jpeg' | 'webp'> = { 'image/png': 'png', 'image/jpeg': 'jpeg', 'image/webp': 'webp' }
const EXT = { png: 'png', jpeg: 'jpg', webp: 'webp' } as const
const LIMIT = FILE_RULES['image-edit'].maxBytes

export interface EditSource {
  path: string
  format: 'png' | 'jpeg' | 'webp'
  width: number
  height: number
  bytes: number
  /** The multipart filename: its extension is the real type's (the gateway derives Content-Type from it). */
  uploadName: string
  parentId?: string
  describe: Record<string, unknown>
}

export interface CheckedEdit {
  source: EditSource
  mask?: { path: string; uploadName: string }
  warnings: string[]
}

export interface EditSources {
  files?: Pick<FileGrants, 'get'>
  gallery: GalleryStore
}

function sourceOf(req: EditRequest, d: EditSources): EditSource {
  if (req.source.kind === 'gallery') {
    const item = d.gallery.record(req.source.itemId)
    if (item.format === 'gif') throw invalid('source', 'GIF images cannot be edited; edits take PNG, JPEG or WebP.')
    if (item.bytes > LIMIT) throw invalid('source', `This image is over ${LIMIT / 1024 / 1024} MB, the limit for edits.`)
    const format = item.format
    return {
      path: d.gallery.pathOf(item.file),
      format,
      width: item.width,
      height: item.height,
      bytes: item.bytes,
      uploadName: `image.${EXT[format]}`,
      parentId: item.id,
      describe: { kind: 'gallery', itemId: item.id }
    }
  }
  if (!d.files) throw invalid('source', 'Local files are not available in this shell.')
  const g = d.files.get(req.source.fileId)
  const format = EDIT_TYPES[g.grant.mimeType]
  if (!format) throw invalid('source', `"${g.grant.name}" is not a PNG, JPEG or WebP image, which edits need.`)
  if (g.grant.bytes > LIMIT) throw invalid('source', `"${g.grant.name}" is over ${LIMIT / 1024 / 1024} MB, the limit for edits.`)
  if (!g.grant.width || !g.grant.height) throw invalid('source', `The size of "${g.grant.name}" could not be read.`)
  return {
    path: g.path,
    format,
    width: g.grant.width,
    height: g.grant.height,
    bytes: g.grant.bytes,
    uploadName: g.uploadName,
    describe: { kind: 'file', name: g.grant.name }
  }
}

/** Validates source and mask; refusals are INVALID_INPUT at `source` or `maskFileId`, before any request. */
export async function checkEditInputs(req: EditRequest, d: EditSources): Promise<CheckedEdit> {
  const source = sourceOf(req, d)
  if (req.maskFileId === undefined) return { source, warnings: [] }
  if (!d.files) throw invalid('maskFileId', 'Masks are not available in this shell.')
  const m = d.files.get(req.maskFileId)
  if (m.grant.mimeType !== 'image/png') throw invalid('maskFileId', 'The mask must be a PNG (it needs transparency to mark the area to change).')
  if (m.grant.width !== source.width || m.grant.height !== source.height) {
    throw invalid('maskFileId', `The mask is ${m.grant.width}x${m.grant.height} but the image is ${source.width}x${source.height}; they must match exactly.`, {
      mask: `${m.grant.width}x${m.grant.height}`,
      image: `${source.width}x${source.height}`
    })
  }
  const warnings: string[] = []
  // The alpha channel's range says whether the mask marks anything at all (sharp decodes off the event loop).
  const sharp = await loadSharp()
  const stats = await sharp(m.path).ensureAlpha().stats()
  const alpha = stats.channels[stats.channels.length - 1]
  if (alpha.min >= 128) throw invalid('maskFileId', 'The mask has no transparent area, so nothing could change. Paint the area to edit.')
  if (alpha.max < 128) warnings.push('The mask is transparent everywhere: the whole image may change.')
  return { source, mask: { path: m.path, uploadName: 'mask.png' }, warnings }
}

export interface LibraryCopies {
  sourceFile: string
  maskFile?: string
}

/** Snapshots the inputs into the library under the job's id; a file that changed since it was granted is refused. */
export async function copyEditInputs(checked: CheckedEdit, gallery: GalleryStore, jobId: string): Promise<LibraryCopies> {
  const sourceFile = `${jobId}.source.${EXT[checked.source.format]}`
  const maskFile = checked.mask ? `${jobId}.mask.png` : undefined
  try {
    await copyFile(checked.source.path, gallery.pathOf(sourceFile))
    if ((await stat(gallery.pathOf(sourceFile))).size !== checked.source.bytes) throw invalid('source', 'The image changed on disk after it was chosen; choose it again.')
    if (checked.mask && maskFile) await copyFile(checked.mask.path, gallery.pathOf(maskFile))
  } catch (e) {
    await removeCopies({ sourceFile, maskFile }, gallery)
    throw e
  }
  return { sourceFile, ...(maskFile ? { maskFile } : {}) }
}

export async function removeCopies(c: Partial<LibraryCopies>, gallery: GalleryStore): Promise<void> {
  for (const name of [c.sourceFile, c.maskFile]) if (name) await rm(gallery.pathOf(name), { force: true })
}
