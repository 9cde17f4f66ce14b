import { readFile } from 'node:fs/promises'
import { FILE_RULES } from '@shared/domain/files'
import type { ImageRef } from '@shared/domain/images'
import type { FileGrants } from '../files/grants'
import type { GalleryStore } from './gallery-store'
import { invalid } from './validate'

/**
 * Reference images for the second family. A URL goes as-is; a local file (a grant) or a gallery
 * image is read by the host and sent inline as a Base64 data URL, the shape that family accepts.
 * Only the host ever reads these bytes: the page names them by id.
 */

const REFERENCE_TYPES = new Set(['image/png', 'image/jpeg', 'image/webp'])
const LIMIT = FILE_RULES['image-reference'].maxBytes

export interface ReferenceSources {
  files?: Pick<FileGrants, 'get' | 'readBytes'>
  gallery: GalleryStore
}

function dataUrl(mime: string, bytes: Uint8Array): string {
  return `data:${mime};base64,${Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64')}`
}

/** Checks every reference before any byte is read, so a bad one refuses the request cheaply. */
export function checkReferences(refs: ImageRef[], src: ReferenceSources): void {
  refs.forEach((ref, i) => {
    const field = `image.${i}`
    if (ref.kind === 'file') {
      if (!src.files) throw invalid(field, 'Local reference files are not available in this shell.')
      const { grant } = src.files.get(ref.fileId)
      if (!REFERENCE_TYPES.has(grant.mimeType))
        throw invalid(field, `"${grant.name}" is not a PNG, JPEG or WebP image.`)
      if (grant.bytes > LIMIT)
        throw invalid(field, `"${grant.name}" is over the ${LIMIT / 1024 / 1024} MB limit for reference images.`)
    } else if (ref.kind === 'gallery') {
      const item = src.gallery.record(ref.itemId)
      if (item.format === 'gif') throw invalid(field, 'GIF images cannot be used as references.')
      if (item.bytes > LIMIT)
        throw invalid(field, `That gallery image is over the ${LIMIT / 1024 / 1024} MB limit for reference images.`)
    }
  })
}

export async function resolveReferences(refs: ImageRef[], src: ReferenceSources): Promise<string[]> {
  const out: string[] = []
  for (const ref of refs) {
    if (ref.kind === 'url') out.push(ref.url)
    else if (ref.kind === 'file')
      out.push(dataUrl(src.files!.get(ref.fileId).grant.mimeType, await src.files!.readBytes(ref.fileId)))
    else {
      const item = src.gallery.record(ref.itemId)
      const mime = item.format === 'jpeg' ? 'image/jpeg' : `image/${item.format}`
      out.push(dataUrl(mime, await readFile(src.gallery.pathOf(item.file))))
    }
  }
  return out
}

/** A small, JSON-safe description of the references for the item's parameters (never the bytes). */
export function describeReferences(refs: ImageRef[], src: ReferenceSources): Array<Record<string, string>> {
  return refs.map((ref): Record<string, string> => {
    if (ref.kind === 'url') return { kind: 'url', url: ref.url }
    if (ref.kind === 'gallery') return { kind: 'gallery', itemId: ref.itemId }
    return { kind: 'file', name: src.files?.get(ref.fileId).grant.name ?? 'file' }
  })
}
