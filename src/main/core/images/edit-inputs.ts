import { copyFile, rm } from 'node:fs/promises'
import { FILE_RULES } from '@shared/domain/files'
import type { EditRequest } from '@shared/domain/images'
import { StudioError } from '@shared/errors'
import type { FileGrants } from '../files/grants'
import type { GalleryStore } from './gallery-store'
import { checkPixels, openImage } from './load-sharp'
import { invalid } from './validate'

/**
 * The edit's two files, checked before anything is sent (spec: png, webp or jpg up to 25 MB; the
 * mask a PNG of exactly the source's size, transparent where the image may change), then copied
 * into the library so the request, the honesty check and a later "protect" all see the same bytes.
 */

const EDIT_TYPES: Record<string, 'png' | 'jpeg' | 'webp'> = {
  'image/png': 'png',
  'image/jpeg': 'jpeg',
  'image/webp': 'webp'
}
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
  /** A local file's grant: it is copied through the grant, which checks it is still the granted file. */
  fileId?: string
  describe: Record<string, unknown>
}

export interface CheckedEdit {
  source: EditSource
  /** `fileId` absent: a mask already in the library (a variation of an earlier edit), copied as it is. */
  mask?: { path: string; uploadName: string; fileId?: string }
  warnings: string[]
}

export interface EditSources {
  files?: Pick<FileGrants, 'get' | 'readBytes' | 'copyTo'>
  gallery: GalleryStore
}

function sourceOf(req: EditRequest, d: EditSources): EditSource {
  if (req.source.kind === 'gallery') {
    const item = d.gallery.record(req.source.itemId)
    if (item.format === 'gif') throw invalid('source', 'GIF images cannot be edited; edits take PNG, JPEG or WebP.')
    if (item.bytes > LIMIT)
      throw invalid('source', `This image is over ${LIMIT / 1024 / 1024} MB, the limit for edits.`)
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
  if (g.grant.bytes > LIMIT)
    throw invalid('source', `"${g.grant.name}" is over ${LIMIT / 1024 / 1024} MB, the limit for edits.`)
  if (!g.grant.width || !g.grant.height) throw invalid('source', `The size of "${g.grant.name}" could not be read.`)
  return {
    path: g.path,
    format,
    width: g.grant.width,
    height: g.grant.height,
    bytes: g.grant.bytes,
    uploadName: g.uploadName,
    fileId: g.grant.fileId,
    describe: { kind: 'file', name: g.grant.name }
  }
}

/** Validates source and mask; refusals are INVALID_INPUT at `source` or `maskFileId`, before any request. */
export async function checkEditInputs(req: EditRequest, d: EditSources): Promise<CheckedEdit> {
  const source = sourceOf(req, d)
  // The source (and the mask, which must be its size) is decoded later for mask honesty: refuse now.
  checkPixels('image', source.width, source.height, { code: 'INVALID_INPUT', field: 'source' })
  if (req.maskFileId === undefined) return { source, warnings: [] }
  if (!d.files) throw invalid('maskFileId', 'Masks are not available in this shell.')
  const m = d.files.get(req.maskFileId)
  if (m.grant.mimeType !== 'image/png')
    throw invalid('maskFileId', 'The mask must be a PNG (it needs transparency to mark the area to change).')
  if (m.grant.width !== source.width || m.grant.height !== source.height) {
    throw invalid(
      'maskFileId',
      `The mask is ${m.grant.width}x${m.grant.height} but the image is ${source.width}x${source.height}; they must match exactly.`,
      {
        mask: `${m.grant.width}x${m.grant.height}`,
        image: `${source.width}x${source.height}`
      }
    )
  }
  const warnings: string[] = []
  // The alpha channel's range says whether the mask marks anything at all (sharp decodes off the event loop).
  // Decoded from bytes read through the grant (no link followed, same device, inode, size and time).
  const bytes = await d.files.readBytes(req.maskFileId).catch((e: unknown) => Promise.reject(asField(e, 'maskFileId')))
  const stats = await (
    await openImage(
      Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
      'mask',
      {},
      { code: 'INVALID_INPUT', field: 'maskFileId' }
    )
  )
    .ensureAlpha()
    .stats()
  const alpha = stats.channels[stats.channels.length - 1]
  if (alpha.min >= 128)
    throw invalid('maskFileId', 'The mask has no transparent area, so nothing could change. Paint the area to edit.')
  if (alpha.max < 128) warnings.push('The mask is transparent everywhere: the whole image may change.')
  return { source, mask: { path: m.path, uploadName: 'mask.png', fileId: m.grant.fileId }, warnings }
}

export interface LibraryCopies {
  sourceFile: string
  maskFile?: string
}

/**
 * Snapshots the inputs into the library under the job's id. Local files (the source and the mask) are
 * copied through their grants: opened without following links, and refused when they are no longer
 * the granted file (device, inode, size and modification time) or change while being copied. A
 * gallery source is the library's own file.
 */
export async function copyEditInputs(
  checked: CheckedEdit,
  gallery: GalleryStore,
  jobId: string,
  files?: Pick<FileGrants, 'copyTo'>
): Promise<LibraryCopies> {
  const sourceFile = `${jobId}.source.${EXT[checked.source.format]}`
  const maskFile = checked.mask ? `${jobId}.mask.png` : undefined
  try {
    if (checked.source.fileId === undefined) await copyFile(checked.source.path, gallery.pathOf(sourceFile))
    else await throughGrant(files, checked.source.fileId, gallery.pathOf(sourceFile), 'source')
    if (checked.mask && maskFile) {
      if (checked.mask.fileId === undefined) await copyFile(checked.mask.path, gallery.pathOf(maskFile))
      else await throughGrant(files, checked.mask.fileId, gallery.pathOf(maskFile), 'maskFileId')
    }
  } catch (e) {
    await removeCopies({ sourceFile, maskFile }, gallery)
    throw e
  }
  return { sourceFile, ...(maskFile ? { maskFile } : {}) }
}

export async function removeCopies(c: Partial<LibraryCopies>, gallery: GalleryStore): Promise<void> {
  for (const name of [c.sourceFile, c.maskFile]) if (name) await rm(gallery.pathOf(name), { force: true })
}

async function throughGrant(
  files: Pick<FileGrants, 'copyTo'> | undefined,
  fileId: string,
  dest: string,
  field: 'source' | 'maskFileId'
): Promise<void> {
  if (!files) throw invalid(field, 'Local files are not available in this shell.')
  await files.copyTo(fileId, dest).catch((e: unknown) => Promise.reject(asField(e, field)))
}

/** A grant's refusal (field `file`) moved to the edit form's field, its words and reason kept. */
function asField(e: unknown, field: 'source' | 'maskFileId'): unknown {
  if (e instanceof StudioError && e.field === 'file')
    return new StudioError(e.code, e.message, {
      field,
      retryable: e.retryable,
      ...(e.details ? { details: e.details } : {})
    })
  return e
}
