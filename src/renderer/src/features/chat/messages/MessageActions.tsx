import { useState } from 'react'
import { useT } from '@renderer/i18n/use-t'
import type { ChatMessage } from '@shared/domain/chat'
import { errorMessage } from '@renderer/lib/error-text'
import { useChatActions } from '../chat-actions'
import { textOf } from '../stream-reducer'
import { useCopy } from '../use-copy'

export interface MessageActionsProps {
  message: ChatMessage
  /** A stream runs in this conversation: history-changing actions wait for it. */
  busy: boolean
  onEdit: () => void
}

/** Copy, edit-and-resend (user), regenerate (assistant) and branch from here. */
export function MessageActions({ message, busy, onEdit }: MessageActionsProps) {
  const { t } = useT()
  const { send, branch, conversationId } = useChatActions()
  const [copyState, copy] = useCopy()
  const [error, setError] = useState<unknown>(null)
  const settled = message.status !== 'streaming'
  const run = (action: () => Promise<void>) => {
    if (busy) return
    action().then(() => setError(null), setError)
  }
  return (
    <div className="chat-message-actions" role="toolbar" aria-label={t('chat.actions.toolbar')}>
      <button type="button" className="button button-small" onClick={() => copy(textOf(message))}>
        {copyState === 'copied' ? t('chat.actions.copied') : copyState === 'failed' ? t('chat.actions.copyFailed') : t('chat.actions.copy')}
      </button>
      {message.role === 'user' && (
        <button type="button" className="button button-small" aria-disabled={busy || undefined} onClick={() => !busy && onEdit()}>
          {t('chat.actions.edit')}
        </button>
      )}
      {message.role === 'assistant' && (message.status === 'complete' || message.status === 'cancelled') && (
        <button type="button" className="button button-small" aria-disabled={busy || undefined} onClick={() => run(() => send({ text: '', regenerate: message.id }))}>
          {t('chat.actions.regenerate')}
        </button>
      )}
      {settled && conversationId && (
        <button type="button" className="button button-small" aria-disabled={busy || undefined} onClick={() => run(() => branch(message.id))}>
          {t('chat.actions.branch')}
        </button>
      )}
      {error !== null && (
        <span className="field-error" role="alert">
          {errorMessage(error)}
        </span>
      )}
    </div>
  )
}
