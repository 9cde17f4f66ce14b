import {
  FILE_RULES,
  formatBytes,
  tooLargeMessage,
  typeList,
  typeName,
  type FilePurpose,
  type GrantableType
} from '@shared/domain/files'
import { StudioError } from '@shared/errors'

/**
 * Every reason the studio refuses a file, as coded errors at the form field `file`, with
 * `details.reason` for the page to localise. Messages name the file by its base name only: a
 * path must never travel to the page, not even inside an error.
 */
export type FileRefusal =
  | 'too-large'
  | 'empty'
  | 'wrong-type'
  | 'damaged'
  | 'aspect-ratio'
  | 'not-a-file'
  | 'inside-data-dir'
  | 'unreadable'
  | 'changed'
  | 'too-many'
  | 'interrupted'

export function refuse(
  reason: FileRefusal,
  message: string,
  details: Record<string, unknown> = {},
  retryable = false
): StudioError {
  return new StudioError(reason === 'interrupted' ? 'CANCELLED' : 'INVALID_INPUT', message, {
    field: 'file',
    retryable,
    details: { reason, ...details }
  })
}

export function tooLarge(name: string, bytes: number, purpose: FilePurpose, atLeast = false): StudioError {
  return refuse('too-large', tooLargeMessage(name, bytes, purpose, atLeast), {
    bytes,
    limitBytes: FILE_RULES[purpose].maxBytes
  })
}

export function empty(name: string): StudioError {
  return refuse('empty', `"${name}" is empty.`)
}

/**
 * Not an accepted image. Says so when the name promises an image the content is not (a text file
 * named .png), since that is the case that confuses people; a PNG named .jpg is accepted elsewhere.
 */
export function wrongType(
  name: string,
  purpose: FilePurpose,
  claimed: GrantableType | null,
  actual: GrantableType | null
): StudioError {
  const rule = FILE_RULES[purpose]
  const wanted = `${typeList(rule.types)} image`
  let message: string
  if (actual !== null)
    message = `"${name}" is not a ${wanted}: it is a ${typeName(actual)}, which ${rule.label} do not accept.`
  else if (claimed !== null)
    message = `"${name}" is not a ${wanted}: its name ends in .${extensionOf(name)}, but its content is not an image.`
  else message = `"${name}" is not a ${wanted}.`
  return refuse('wrong-type', message, { accepted: [...rule.types], ...(actual ? { actual } : {}) })
}

export function damaged(name: string, format: GrantableType): StudioError {
  return refuse(
    'damaged',
    `"${name}" starts like a ${typeName(format)} image, but its header is damaged or cut short.`,
    { format }
  )
}

export function badAspect(name: string, width: number, height: number, purpose: FilePurpose): StudioError {
  const ratio = Math.max(width, height) / Math.min(width, height)
  const shown = width >= height ? `${ratio.toFixed(2)}:1` : `1:${ratio.toFixed(2)}`
  return refuse(
    'aspect-ratio',
    `"${name}" is ${width}×${height} (${shown}); ${FILE_RULES[purpose].label} need a side ratio between 1:4 and 4:1, exclusive.`,
    { width, height }
  )
}

export function notAFile(name: string): StudioError {
  return refuse('not-a-file', `"${name}" is not a regular file.`)
}

export function insideDataDir(name: string): StudioError {
  return refuse('inside-data-dir', `"${name}" is inside the studio's own data folder, whose files are never uploaded.`)
}

/** Only the error code is kept: Node's messages carry the full path. */
export function unreadable(name: string, cause?: unknown): StudioError {
  const code = (cause as NodeJS.ErrnoException | undefined)?.code
  const why =
    code === 'ENOENT'
      ? 'it no longer exists'
      : code === 'EACCES' || code === 'EPERM'
        ? 'permission denied'
        : code === 'ELOOP'
          ? 'it is a link'
          : 'it could not be read'
  return refuse('unreadable', `"${name}" could not be opened: ${why}.`, code ? { errno: code } : {})
}

export function changed(name: string): StudioError {
  return refuse('changed', `"${name}" changed on disk after it was chosen; attach it again.`)
}

export function tooMany(limit: number, totalBytes?: number): StudioError {
  const what = totalBytes === undefined ? `${limit} files` : `${formatBytes(totalBytes)} of uploads`
  return refuse('too-many', `The studio already holds ${what}; remove some attachments first.`)
}

export function interrupted(name: string): StudioError {
  return refuse('interrupted', `The upload of "${name}" was interrupted.`, {}, true)
}

export function unknownFile(): StudioError {
  return new StudioError('NOT_FOUND', 'That file is no longer available; attach it again.', { field: 'fileId' })
}

export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.')
  return dot > 0 && dot < name.length - 1 ? name.slice(dot + 1).toLowerCase() : ''
}
