import { z } from 'zod'

/** A local file the user chose (dialog, drop, paste or browser upload), known to the page only by id. */
export const FileGrantSchema = z.object({
  fileId: z.string(),
  name: z.string(),
  bytes: z.number().int().nonnegative(),
  /** From the file's content (magic bytes), never from its name. */
  mimeType: z.string(),
  width: z.number().int().optional(),
  height: z.number().int().optional(),
  /** A host media URL (`studio-media://m/<id>` or `/media/<id>`) to preview the file; never a path. */
  previewUrl: z.string().optional()
})
export type FileGrant = z.infer<typeof FileGrantSchema>

export const FilePurposeSchema = z.enum([
  'chat-attachment',
  'image-edit',
  'image-reference',
  'video-reference',
  'video-frame'
])
export type FilePurpose = z.infer<typeof FilePurposeSchema>

export type GrantableType = 'png' | 'jpeg' | 'webp' | 'gif'

const MB = 1024 * 1024

export interface FilePurposeRule {
  maxBytes: number
  types: readonly GrantableType[]
  /** Width / height must lie strictly between these (the spec says "1:4 to 4:1 exclusive"). */
  aspect?: { min: number; max: number }
  /** For messages: "image edits accept files up to 25 MB". */
  label: string
}

/** The spec's limits per use, as data: the host enforces them, the page may show them. */
export const FILE_RULES: Readonly<Record<FilePurpose, FilePurposeRule>> = {
  'chat-attachment': { maxBytes: 20 * MB, types: ['png', 'jpeg', 'webp', 'gif'], label: 'chat attachments' },
  'image-edit': { maxBytes: 25 * MB, types: ['png', 'jpeg', 'webp'], label: 'image edits' },
  'image-reference': { maxBytes: 25 * MB, types: ['png', 'jpeg', 'webp'], label: 'image references' },
  'video-reference': {
    maxBytes: 50 * MB,
    types: ['png', 'jpeg', 'webp'],
    aspect: { min: 1 / 4, max: 4 },
    label: 'video references'
  },
  /** A frame the page drew from a video player (lossless PNG; an 8K frame stays well under this). */
  'video-frame': { maxBytes: 64 * MB, types: ['png'], label: 'video frames' }
}

/** The largest file any purpose accepts: a shell can refuse bigger bodies before reading them. */
export const MAX_GRANT_BYTES = Math.max(...Object.values(FILE_RULES).map((r) => r.maxBytes))

/** File-name extensions per type, for dialogs and for the name sent to the gateway. */
export const EXTENSIONS_OF_TYPE: Readonly<Record<GrantableType, readonly string[]>> = {
  png: ['png'],
  jpeg: ['jpg', 'jpeg', 'jpe', 'jfif'],
  webp: ['webp'],
  gif: ['gif']
}

const TYPE_NAMES: Readonly<Record<GrantableType, string>> = { png: 'PNG', jpeg: 'JPEG', webp: 'WebP', gif: 'GIF' }

export function typeName(type: GrantableType): string {
  return TYPE_NAMES[type]
}

/** "PNG, JPEG or WebP" */
export function typeList(types: readonly GrantableType[]): string {
  const names = types.map(typeName)
  return names.length <= 1 ? names.join('') : `${names.slice(0, -1).join(', ')} or ${names[names.length - 1]}`
}

/** Sizes as people read them: 20 MB, 31.2 MB, 812 KB. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * MB) return `${Number((bytes / (1024 * MB)).toFixed(1))} GB`
  if (bytes >= MB) return `${Number((bytes / MB).toFixed(1))} MB`
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`
  return `${bytes} bytes`
}

/**
 * The refusal text for a file over its purpose's limit. Shared so the page's early check (before a
 * byte is sent) and the host's check say the same thing. `atLeast`: the size is a lower bound
 * (a stream cut off at the limit).
 */
export function tooLargeMessage(name: string, bytes: number, purpose: FilePurpose, atLeast = false): string {
  const rule = FILE_RULES[purpose]
  return `"${name}" is ${atLeast ? 'over ' : ''}${formatBytes(bytes)}; ${rule.label} accept files up to ${formatBytes(rule.maxBytes)}.`
}
