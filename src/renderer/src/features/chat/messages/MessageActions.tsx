import { memo, useState } from 'react'
import { useT } from '@renderer/i18n/use-t'
import { errorMessage } from '@renderer/lib/error-text'
import type { ChatMessage } from '@shared/domain/chat'
import { useChatActions } from '../chat-actions'
import { textOf } from '../stream-reducer'
import { currentLiveMessage } from '../stream-store'
import { useCopy } from '../use-copy'

export interface MessageActionsProps {
  message: ChatMessage
  /** A stream runs in this conversation: history-changing actions wait for it. */
  busy: boolean
  onEdit: () => void
}

/** Same view: while an answer streams only its status matters here, not each delta of its text. */
function sameActions(a: MessageActionsProps, b: MessageActionsProps): boolean {
  const [x, y] = [a.message, b.message]
  if (a.busy !== b.busy || a.onEdit !== b.onEdit || x.id !== y.id || x.role !== y.role || x.status !== y.status) return false
  return x.status === 'streaming' || x === y
}

/**
 * Copy, edit-and-resend (user), regenerate (assistant) and branch from here. Memoized: a streaming
 * answer's deltas do not render the toolbar again; Copy reads the text when clicked.
 */
export const MessageActions = memo(function MessageActions({ message, busy, onEdit }: MessageActionsProps) {
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
      <button type="button" className="button button-small" onClick={() => copy(textOf(currentLiveMessage(message.id) ?? message))}>
        {copyState === 'copied' ? t('chat.actions.copied') : copyState === 'failed' ? t('chat.actions.copyFailed') : t('chat.actions.copy')}
      </button>
      {message.role === 'user' && !message.parts.some((p) => p.type === 'tool_result') && (
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
}, sameActions)
