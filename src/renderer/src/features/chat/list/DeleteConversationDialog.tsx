import { useId, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import type { ConversationSummary } from '@shared/domain/chat'
import { Dialog } from '@renderer/components/Dialog'
import { errorMessage, errorTitle } from '@renderer/lib/error-text'
import { useDeleteConversation } from '../mutations'

export const NEW_CONVERSATION_BUTTON_ID = 'chat-new-conversation'

/** Confirms deleting a conversation. Focus starts on Cancel; once it is gone, focus lands on "New conversation". */
export function DeleteConversationDialog({ conversation, onClose }: { conversation: ConversationSummary; onClose: () => void }) {
  const { t } = useTranslation()
  const bodyId = useId()
  const cancelRef = useRef<HTMLButtonElement>(null)
  const remove = useDeleteConversation()
  const title = conversation.title || t('chat.view.untitled')
  const confirm = () => {
    if (!remove.isPending) remove.mutate(conversation.id, { onSuccess: onClose })
  }
  return (
    <Dialog
      role="alertdialog"
      title={t('chat.remove.title')}
      describedBy={bodyId}
      onClose={onClose}
      busy={remove.isPending}
      initialFocus={cancelRef}
      fallbackFocus={() => document.getElementById(NEW_CONVERSATION_BUTTON_ID)}
    >
      <p id={bodyId} className="dialog-body">
        {t('chat.remove.body', { title })}
      </p>
      {remove.error && (
        <div role="alert" className="form-alert">
          <p className="form-alert-title">{errorTitle(t, remove.error)}</p>
          <p className="form-alert-detail">{errorMessage(remove.error)}</p>
        </div>
      )}
      <div className="dialog-actions">
        <span className="dialog-actions-spacer" />
        <button type="button" ref={cancelRef} className="button" onClick={() => !remove.isPending && onClose()}>
          {t('chat.remove.cancel')}
        </button>
        <button type="button" className="button button-danger-solid" onClick={confirm} aria-busy={remove.isPending || undefined}>
          {t('chat.remove.confirm')}
        </button>
      </div>
    </Dialog>
  )
}
