/** Why Send is refused right now, if it is: the reason is shown next to the button and nothing is sent. Pure. */
import type { ChatFormat } from '@shared/domain/chat'
import { PROMPT_MAX_CHARS } from '@shared/domain/chat-limits'
import type { SettingsValidation } from '../settings/settings-model'
import { ATTACHMENT_SUPPORT } from './attachment-rules'
import type { PendingAttachment } from './use-attachments'

export type SendBlock = 'empty' | 'tooLong' | 'uploading' | 'unsupported' | 'settings' | 'params'

export function sendBlock(
  text: string,
  items: readonly PendingAttachment[],
  format: ChatFormat,
  validation: SettingsValidation
): SendBlock | null {
  if (text.trim() === '' && items.length === 0) return 'empty'
  if (text.length > PROMPT_MAX_CHARS) return 'tooLong'
  if (items.some((i) => i.status === 'uploading')) return 'uploading'
  const support = ATTACHMENT_SUPPORT[format]
  if (items.some((i) => (i.attachment?.kind === 'url' ? !support.urls : !support.files))) return 'unsupported'
  if (!validation.ok) return validation.settings.length > 0 ? 'settings' : 'params'
  return null
}
