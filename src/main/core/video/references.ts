import { openAsBlob } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { formatBytes } from '@shared/domain/files'
import { VIDEO_LIMITS, type Asset, type VideoRef } from '@shared/domain/video'
import { StudioError } from '@shared/errors'
import type { FileGrants } from '../files/grants'

/**
 * Video references: checked in the host before anything is sent (type by content, at most 50 MB,
 * ratio strictly within 1:4-4:1, assets Active), then turned into what the family takes: a Base64
 * data URL (first family), the URL itself, `asset://{id}`, or a streamed file part (multipart family).
 * Only the host reads the bytes; the page names files by grant id or gallery id.
 */

export interface GalleryLookup {
  record(id: string): { file: string; format: string; width: number; height: number; bytes: number }
  pathOf(file: string): string
}

export interface RefSources {
  files?: Pick<FileGrants, 'get' | 'readBytes' | 'openAsBlob'>
  gallery?: GalleryLookup
  /** Known assets of the profile (an unknown id is passed on; the gateway decides). */
  asset?(id: string): Asset | undefined
}

export function invalid(field: string, message: string): StudioError {
  return new StudioError('INVALID_INPUT', message, { field })
}

const TYPES = new Set<string>(VIDEO_LIMITS.refImageTypes)
const MIME_OF: Record<string, string> = { png: 'image/png', jpeg: 'image/jpeg', webp: 'image/webp', gif: 'image/gif' }

interface Checked {
  mime: string
  name: string
}

function checkImage(field: string, name: string, mime: string, bytes: number, width?: number, height?: number): void {
  if (!TYPES.has(mime))
    throw invalid(field, `"${name}" is not a PNG, JPEG or WebP image; video references must be one of these.`)
  if (bytes > VIDEO_LIMITS.refImageMaxBytes)
    throw invalid(field, `"${name}" is ${formatBytes(bytes)}; video reference images are at most 50 MB.`)
  if (width && height) {
    const r = width / height
    if (!(r > VIDEO_LIMITS.refRatioMin && r < VIDEO_LIMITS.refRatioMax)) {
      throw invalid(field, `"${name}" is ${width}x${height}; its aspect ratio must lie strictly between 1:4 and 4:1.`)
    }
  }
}

/** Checks one reference without reading its bytes. */
export function checkRef(ref: VideoRef, field: string, src: RefSources): Checked {
  if (ref.kind === 'file') {
    if (!src.files) throw invalid(field, 'Local files are not available in this shell.')
    const { grant } = src.files.get(ref.fileId)
    checkImage(field, grant.name, grant.mimeType, grant.bytes, grant.width, grant.height)
    return { mime: grant.mimeType, name: grant.name }
  }
  if (ref.kind === 'gallery') {
    if (!src.gallery) throw invalid(field, 'The gallery is not available.')
    const item = src.gallery.record(ref.itemId)
    const mime = MIME_OF[item.format] ?? 'application/octet-stream'
    checkImage(field, 'That gallery image', mime, item.bytes, item.width, item.height)
    return { mime, name: `${ref.itemId}.${item.format === 'jpeg' ? 'jpg' : item.format}` }
  }
  if (ref.kind === 'asset') {
    const a = src.asset?.(ref.assetId)
    if (a && a.state === 'failed') throw invalid(field, `The asset "${a.name}" failed to import and cannot be used.`)
    if (a && a.state !== 'active') throw invalid(field, `The asset "${a.name}" is not Active yet; wait until it is.`)
    return { mime: '', name: a?.name ?? ref.assetId }
  }
  return { mime: '', name: ref.url }
}

export function checkRefs(refs: VideoRef[], field: string, src: RefSources): void {
  refs.forEach((r, i) => checkRef(r, `${field}.${i}`, src))
}

/** As a string the JSON families take: URL, asset://id or (first family) a Base64 data URL. */
export async function refAsString(ref: VideoRef, src: RefSources): Promise<string> {
  if (ref.kind === 'url') return ref.url
  if (ref.kind === 'asset') return `asset://${ref.assetId}`
  if (ref.kind === 'file') {
    const { grant } = src.files!.get(ref.fileId)
    const bytes = await src.files!.readBytes(ref.fileId)
    return `data:${grant.mimeType};base64,${Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64')}`
  }
  const item = src.gallery!.record(ref.itemId)
  const bytes = await readFile(src.gallery!.pathOf(item.file))
  return `data:${MIME_OF[item.format]};base64,${bytes.toString('base64')}`
}

/** As a multipart file part (streamed from disk, never a 50 MB buffer). */
export async function refAsFile(ref: VideoRef, src: RefSources): Promise<{ blob: Blob; name: string }> {
  if (ref.kind === 'file') {
    const g = src.files!.get(ref.fileId)
    return { blob: await src.files!.openAsBlob(ref.fileId), name: g.uploadName }
  }
  if (ref.kind === 'gallery') {
    const item = src.gallery!.record(ref.itemId)
    const blob = await openAsBlob(src.gallery!.pathOf(item.file), { type: MIME_OF[item.format] })
    return { blob, name: `${ref.itemId}.${item.format === 'jpeg' ? 'jpg' : item.format}` }
  }
  throw invalid('references', 'The multipart family takes reference images from disk or the gallery.')
}

/** A JSON-safe description of a reference for the task's parameters (never bytes, never a path). */
export function describeRef(ref: VideoRef, src: RefSources): Record<string, string> {
  if (ref.kind === 'url') return { kind: 'url', url: ref.url }
  if (ref.kind === 'asset') return { kind: 'asset', assetId: ref.assetId }
  if (ref.kind === 'gallery') return { kind: 'gallery', itemId: ref.itemId }
  let name = 'file'
  try {
    name = src.files?.get(ref.fileId).grant.name ?? 'file'
  } catch {
    // The grant may be gone (restart): the description keeps the id only.
  }
  return { kind: 'file', name }
}
