import { ConfirmDialog } from '@renderer/components/ConfirmDialog'
import { useT } from '@renderer/i18n/use-t'
import type { ConversationSummary } from '@shared/domain/chat'
import { useDeleteConversation } from '../mutations'

export const NEW_CONVERSATION_BUTTON_ID = 'chat-new-conversation'

/** Confirms deleting a conversation; once it is gone, focus lands on "New conversation". */
export function DeleteConversationDialog({
  conversation,
  onClose
}: {
  conversation: ConversationSummary
  onClose: () => void
}) {
  const { t } = useT()
  const remove = useDeleteConversation()
  const title = conversation.title || t('chat.view.untitled')
  return (
    <ConfirmDialog
      title={t('chat.remove.title')}
      body={<p>{t('chat.remove.body', { title })}</p>}
      cancelLabel={t('chat.remove.cancel')}
      confirmLabel={t('chat.remove.confirm')}
      busy={remove.isPending}
      error={remove.error}
      onConfirm={() => remove.mutate(conversation.id, { onSuccess: onClose })}
      onClose={onClose}
      fallbackFocus={() => document.getElementById(NEW_CONVERSATION_BUTTON_ID)}
    />
  )
}
