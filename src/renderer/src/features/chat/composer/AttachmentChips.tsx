import { useT } from '@renderer/i18n/use-t'
import type { PendingAttachment } from './use-attachments'

/** The images waiting to be sent, each with its thumbnail and a remove button. */
export function AttachmentChips({
  items,
  onRemove
}: {
  items: readonly PendingAttachment[]
  onRemove: (localId: string) => void
}) {
  const { t } = useT()
  if (items.length === 0) return null
  return (
    <ul className="chat-attachments" aria-label={t('chat.composer.attachments')}>
      {items.map((item) => (
        <li key={item.localId} className="chat-attachment" aria-busy={item.status === 'uploading' || undefined}>
          {item.previewUrl ? (
            <img className="chat-attachment-thumb" src={item.previewUrl} alt="" />
          ) : (
            <span className="chat-attachment-thumb" aria-hidden="true" />
          )}
          <span className="chat-attachment-name" title={item.name}>
            {item.name}
          </span>
          {item.status === 'uploading' && <span className="muted">{t('chat.composer.uploading')}</span>}
          <button
            type="button"
            className="chat-attachment-remove"
            aria-label={t('chat.composer.removeAttachment', { name: item.name })}
            onClick={() => onRemove(item.localId)}
          >
            ×
          </button>
        </li>
      ))}
    </ul>
  )
}
