/** Which attachments each format takes, and the checks made before anything is uploaded. Pure. */
import type { ChatFormat } from '@shared/domain/chat'
import { ATTACHMENT_MAX_BYTES, ATTACHMENT_MIME_TYPES } from '@shared/domain/chat-limits'

export const MAX_ATTACHMENTS = 10

/** Content sends images inline; messages and general chat also take image URLs; completions take text only. */
export const ATTACHMENT_SUPPORT: Readonly<Record<ChatFormat, { files: boolean; urls: boolean }>> = {
  chat: { files: true, urls: true },
  content: { files: true, urls: false },
  messages: { files: true, urls: true },
  completions: { files: false, urls: false }
}

export type FileProblem = 'notImage' | 'tooBig'

export function fileProblem(file: { type: string; size: number }): FileProblem | null {
  if (!(ATTACHMENT_MIME_TYPES as readonly string[]).includes(file.type)) return 'notImage'
  if (file.size > ATTACHMENT_MAX_BYTES) return 'tooBig'
  return null
}

/** An http(s) image address, or null. */
export function imageUrl(raw: string): string | null {
  const text = raw.trim()
  try {
    const url = new URL(text)
    return (url.protocol === 'https:' || url.protocol === 'http:') && text.length <= 4096 ? url.href : null
  } catch {
    return null
  }
}
