import {
  ATTACHMENT_MAX_BYTES,
  ATTACHMENT_MIME_TYPES,
  type Attachment,
  type ChatFormat,
  type ChatMessage
} from '@shared/domain/chat'
import type { FileGrant } from '@shared/domain/files'
import { StudioError } from '@shared/errors'
import type { InlineImage } from './formats'
import { imagesOf, urlMimeType } from './formats/history'

/**
 * What chat needs from the file grants (files/grants.ts): the grant of an id and its bytes. A small
 * interface so chat can be tested with a fake and does not depend on how grants are kept.
 */
export interface AttachmentSource {
  get(fileId: string): { grant: FileGrant } | undefined | null
  readBytes(fileId: string): Promise<Uint8Array>
}

const ALLOWED: readonly string[] = ATTACHMENT_MIME_TYPES
const KINDS = 'PNG, JPEG, WebP or GIF'
const mb = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(1)} MB`

function invalid(field: string, message: string): StudioError {
  return new StudioError('INVALID_INPUT', message, { field })
}

function grantOf(files: AttachmentSource | undefined, fileId: string): FileGrant | undefined {
  if (!files) return undefined
  try {
    return files.get(fileId)?.grant ?? undefined
  } catch {
    return undefined
  }
}

/**
 * Checks the attachments of a new message and returns them as they will be stored: a file's name,
 * type and size come from its grant (read from the file itself), not from what the page claimed.
 */
export function checkAttachments(
  format: ChatFormat,
  list: readonly Attachment[],
  files: AttachmentSource | undefined
): Attachment[] {
  if (list.length === 0) return []
  if (format === 'completions')
    throw invalid('attachments', 'Legacy completions take text only; remove the image or switch to a chat format.')
  return list.map((a, i) => {
    const field = `attachments.${i}`
    if (a.kind === 'url') {
      let protocol = ''
      try {
        protocol = new URL(a.url).protocol
      } catch {
        // Falls through to the refusal below.
      }
      if (protocol !== 'https:' && protocol !== 'http:')
        throw invalid(field, 'Image links must start with https:// or http://.')
      const type = urlMimeType(a.url, a.mimeType)
      if (type !== undefined && !ALLOWED.includes(type))
        throw invalid(field, `This link is a ${type} file; attach a ${KINDS} image.`)
      // The content format must name the type of a linked file (fileData.mimeType).
      if (format === 'content' && type === undefined)
        throw invalid(field, `The image type of this link is unknown; use a link ending in .png, .jpg, .webp or .gif.`)
      return { ...a, ...(type ? { mimeType: type } : {}) }
    }
    const grant = grantOf(files, a.fileId)
    if (!grant) throw invalid(field, `The file "${a.name}" is no longer available; attach it again.`)
    if (!ALLOWED.includes(grant.mimeType))
      throw invalid(
        field,
        `"${grant.name}" is not a supported image (${grant.mimeType || 'unknown type'}); attach a ${KINDS} image.`
      )
    if (grant.bytes === 0) throw invalid(field, `"${grant.name}" is empty.`)
    if (grant.bytes > ATTACHMENT_MAX_BYTES)
      throw invalid(field, `"${grant.name}" is ${mb(grant.bytes)}; images can be at most ${mb(ATTACHMENT_MAX_BYTES)}.`)
    return { kind: 'file', fileId: a.fileId, name: grant.name, mimeType: grant.mimeType, bytes: grant.bytes }
  })
}

/**
 * Bytes of every granted file the request will carry. Files of the new message must be readable;
 * a file from an earlier turn that is gone is left out and sent as a note (see history.ts).
 */
export async function readInline(
  files: AttachmentSource | undefined,
  history: readonly ChatMessage[],
  required: readonly Attachment[]
): Promise<Map<string, InlineImage>> {
  const out = new Map<string, InlineImage>()
  const mustHave = new Set(required.flatMap((a) => (a.kind === 'file' ? [a.fileId] : [])))
  for (const m of history) {
    for (const a of imagesOf(m)) {
      if (a.kind !== 'file' || out.has(a.fileId)) continue
      const grant = grantOf(files, a.fileId)
      try {
        if (!files || !grant) throw new Error('not granted')
        const bytes = await files.readBytes(a.fileId)
        if (bytes.byteLength > ATTACHMENT_MAX_BYTES) throw new Error('too large')
        out.set(a.fileId, {
          mimeType: grant.mimeType,
          base64: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64')
        })
      } catch (e) {
        if (mustHave.has(a.fileId))
          throw new StudioError('INVALID_INPUT', `The file "${a.name}" could not be read; attach it again.`, {
            field: 'attachments',
            cause: e
          })
      }
    }
  }
  return out
}
