import { memo, useState } from 'react'
import { useT } from '@renderer/i18n/use-t'
import { errorMessage } from '@renderer/lib/error-text'
import type { ChatMessage } from '@shared/domain/chat'
import { useChatActions } from '../chat-actions'
import { chatErrorTitle, retryAfterSeconds } from './error-title'

function RegenerateButton({ messageId, disabled }: { messageId: string; disabled: boolean }) {
  const { t } = useT()
  const { send } = useChatActions()
  const [error, setError] = useState<unknown>(null)
  return (
    <>
      <button
        type="button"
        className="button button-small"
        aria-disabled={disabled || undefined}
        onClick={() => !disabled && send({ text: '', regenerate: messageId }).then(() => setError(null), setError)}
      >
        {t('chat.actions.regenerate')}
      </button>
      {error !== null && <span className="field-error">{errorMessage(error)}</span>}
    </>
  )
}

/** Whether any answer text (or tool input) arrived: names a failure "mid-stream" rather than "before the answer". */
function hadOutputOf(message: ChatMessage): boolean {
  return message.parts.some((p) =>
    p.type === 'tool_call' ? p.input.length > 0 : p.type === 'text' || p.type === 'thinking' ? p.text.length > 0 : false
  )
}

interface MessageStatusProps {
  message: ChatMessage
  busy: boolean
  regenerate?: boolean
}

/** Same view: the fields the status shows, not the text, which changes on every delta of a stream. */
function sameStatusView(a: MessageStatusProps, b: MessageStatusProps): boolean {
  const [x, y] = [a.message, b.message]
  return (
    a.busy === b.busy &&
    a.regenerate === b.regenerate &&
    x.id === y.id &&
    x.role === y.role &&
    x.status === y.status &&
    x.error === y.error &&
    (x.status !== 'error' || hadOutputOf(x) === hadOutputOf(y))
  )
}

/**
 * What became of an answer when it is not simply complete: streaming, stopped, cut short, or failed.
 * Memoized on what it shows, so a streaming answer's deltas do not render it again.
 */
export const MessageStatus = memo(function MessageStatus({ message, busy, regenerate = true }: MessageStatusProps) {
  const { t } = useT()
  const hadOutput = hadOutputOf(message)
  switch (message.status) {
    case 'complete':
      return null
    case 'streaming':
      return (
        <p className="chat-status">
          <span className="badge badge-active">{t('chat.status.streaming')}</span>
        </p>
      )
    case 'cancelled':
      return (
        <p className="chat-status">
          <span className="badge badge-muted">{t('chat.status.stopped')}</span>{' '}
          <span className="muted">{t('chat.status.stoppedDetail')}</span>
        </p>
      )
    case 'incomplete':
      return (
        <div className="chat-status chat-status-warning">
          <span className="badge badge-warning">{t('chat.status.incomplete')}</span>{' '}
          <span>{t('chat.status.incompleteDetail')}</span>
          {regenerate && message.role === 'assistant' && <RegenerateButton messageId={message.id} disabled={busy} />}
        </div>
      )
    case 'error': {
      const seconds = message.error ? retryAfterSeconds(message.error) : undefined
      return (
        <div className="form-alert chat-status-error" role="alert">
          <p className="form-alert-title">
            {message.error ? chatErrorTitle(t, message.error, hadOutput) : t('chat.status.error')}
          </p>
          {message.error && <p className="form-alert-detail">{message.error.message}</p>}
          {seconds !== undefined && <p className="form-alert-detail">{t('chat.errors.retryAfter', { seconds })}</p>}
          {regenerate && message.role === 'assistant' && <RegenerateButton messageId={message.id} disabled={busy} />}
        </div>
      )
    }
  }
}, sameStatusView)
