import { useId, useState, type KeyboardEvent } from 'react'
import { useT } from '@renderer/i18n/use-t'
import { errorMessage } from '@renderer/lib/error-text'
import type { Attachment, ChatMessage } from '@shared/domain/chat'
import { useChatActions } from '../chat-actions'
import { textOf } from '../stream-reducer'

/** Edits a user message in place and sends it again (the host drops what followed it). */
export function EditMessageForm({ message, onDone }: { message: ChatMessage; onDone: () => void }) {
  const { t } = useT()
  const id = useId()
  const { send } = useChatActions()
  const [text, setText] = useState(() => textOf(message))
  const [error, setError] = useState<unknown>(null)
  const [pending, setPending] = useState(false)
  const attachments = message.parts.flatMap((p): Attachment[] => (p.type === 'image' ? [p.attachment] : []))
  const empty = text.trim() === '' && attachments.length === 0
  const submit = () => {
    if (empty || pending) return
    setPending(true)
    send({ text, attachments, editOf: message.id }).then(onDone, (e: unknown) => {
      setError(e)
      setPending(false)
    })
  }
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Escape') {
      e.stopPropagation()
      onDone()
    } else if (e.key === 'Enter' && (e.ctrlKey || e.metaKey || !e.shiftKey) && !e.nativeEvent.isComposing) {
      e.preventDefault()
      submit()
    }
  }
  return (
    <div className="chat-edit">
      <label htmlFor={id} className="sr-only">
        {t('chat.actions.editField')}
      </label>
      <textarea
        id={id}
        className="input textarea"
        autoFocus
        value={text}
        rows={Math.min(12, Math.max(2, text.split('\n').length))}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={onKeyDown}
      />
      {error !== null && (
        <p className="field-error" role="alert">
          {errorMessage(error)}
        </p>
      )}
      <div className="chat-edit-actions">
        <button type="button" className="button button-small" onClick={onDone}>
          {t('chat.actions.cancelEdit')}
        </button>
        <button
          type="button"
          className="button button-small button-primary"
          aria-disabled={empty || pending || undefined}
          onClick={submit}
        >
          {t('chat.actions.resend')}
        </button>
      </div>
    </div>
  )
}
