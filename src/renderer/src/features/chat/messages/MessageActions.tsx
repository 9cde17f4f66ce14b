import { memo, useState } from 'react'
import { Icon } from '@renderer/components/Icon'
import { useT } from '@renderer/i18n/use-t'
import { errorMessage } from '@renderer/lib/error-text'
import type { ChatMessage } from '@shared/domain/chat'
import { useChatActions } from '../chat-actions'
import { ActionMenu, type MenuAction } from '../list/ActionMenu'
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
  if (a.busy !== b.busy || a.onEdit !== b.onEdit || x.id !== y.id || x.role !== y.role || x.status !== y.status)
    return false
  return x.status === 'streaming' || x === y
}

/**
 * At most two icon actions on a message, the one it is most often used for: Copy, and Edit (a
 * question, to send it again) or Regenerate (an answer). Anything else (branching) is in More.
 * Memoized: a streaming answer's deltas do not render the toolbar again; Copy reads the text when
 * clicked.
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
  const copyLabel =
    copyState === 'copied'
      ? t('chat.actions.copied')
      : copyState === 'failed'
        ? t('chat.actions.copyFailed')
        : t('chat.actions.copy')
  const editable = message.role === 'user' && !message.parts.some((p) => p.type === 'tool_result')
  const regenerable = message.role === 'assistant' && (message.status === 'complete' || message.status === 'cancelled')
  const more: MenuAction[] =
    settled && conversationId
      ? [{ label: t('chat.actions.branch'), onSelect: () => run(() => branch(message.id)) }]
      : []
  return (
    <div className="chat-message-actions" role="toolbar" aria-label={t('chat.actions.toolbar')}>
      <button
        type="button"
        className="button button-small icon-button"
        aria-label={copyLabel}
        title={t('chat.actions.copyHint')}
        onClick={() => copy(textOf(currentLiveMessage(message.id) ?? message))}
      >
        <Icon name={copyState === 'copied' ? 'check' : 'copy'} size={16} />
      </button>
      {editable && (
        <button
          type="button"
          className="button button-small icon-button"
          aria-label={t('chat.actions.edit')}
          title={t('chat.actions.editHint')}
          aria-disabled={busy || undefined}
          onClick={() => !busy && onEdit()}
        >
          <Icon name="edit" size={16} />
        </button>
      )}
      {regenerable && (
        <button
          type="button"
          className="button button-small icon-button"
          aria-label={t('chat.actions.regenerate')}
          title={t('chat.actions.regenerateHint')}
          aria-disabled={busy || undefined}
          onClick={() => run(() => send({ text: '', regenerate: message.id }))}
        >
          <Icon name="retry" size={16} />
        </button>
      )}
      {more.length > 0 && (
        <ActionMenu
          label={t('chat.actions.more')}
          hint={t('chat.actions.moreHint')}
          actions={more}
          glyph={<Icon name="more" size={16} />}
        />
      )}
      {error !== null && (
        <span className="field-error" role="alert">
          {errorMessage(error)}
        </span>
      )}
    </div>
  )
}, sameActions)
