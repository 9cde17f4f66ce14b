/**
 * Where chat images go to become grants: `studio.files.upload` (drop, paste, <input type=file>).
 * The host checks type and size again by content; the page's own checks only save a round trip.
 */
import { studio } from '@renderer/lib/studio'
import type { FileGrant } from '@shared/domain/files'

export function uploadChatImage(file: Blob, name: string): Promise<FileGrant> {
  return studio.files.upload(file, { purpose: 'chat-attachment', name })
}
