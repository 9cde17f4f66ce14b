import { memo, useCallback, useState } from 'react'
import { useT } from '@renderer/i18n/use-t'
import type { ChatMessage } from '@shared/domain/chat'
import { useLiveMessage } from '../stream-store'
import { ToolAnswerForm } from '../tools/ToolAnswerForm'
import { EditMessageForm } from './EditMessageForm'
import { MessageActions } from './MessageActions'
import { MessageFooter } from './MessageFooter'
import { MessageParts } from './MessageParts'
import { MessageStatus } from './MessageStatus'

export interface MessageRowProps {
  id: string
  /** The message as the host saved it; a live copy (streaming or just ended) takes precedence. */
  saved: ChatMessage | undefined
  position: number
  count: number
  busy: boolean
  measureRow: (el: HTMLElement | null) => void
}

/** The latest answer, finished, with tool calls: the user answers them here. */
function awaitsResults(message: ChatMessage, latest: boolean): boolean {
  return (
    latest &&
    message.role === 'assistant' &&
    message.status === 'complete' &&
    message.format !== 'completions' &&
    message.parts.some((p) => p.type === 'tool_call')
  )
}

/**
 * One message. Memoized and subscribed to its own live entry only, so a delta re-renders the
 * streaming message and nothing else.
 */
export const MessageRow = memo(function MessageRow({ id, saved, position, count, busy, measureRow }: MessageRowProps) {
  const { t } = useT()
  const live = useLiveMessage(id)
  const [editing, setEditing] = useState(false)
  // Stable, so the memoized toolbar is not rendered again for every delta.
  const startEditing = useCallback(() => setEditing(true), [])
  const message = live ?? saved
  if (!message) return null
  return (
    <article
      ref={measureRow}
      data-key={id}
      className={`chat-message chat-message-${message.role}`}
      data-status={message.status}
      aria-label={message.role === 'user' ? t('chat.messages.user') : t('chat.messages.assistant')}
      aria-posinset={position}
      aria-setsize={count}
      aria-busy={message.status === 'streaming' || undefined}
    >
      {editing ? (
        <EditMessageForm message={message} onDone={() => setEditing(false)} />
      ) : awaitsResults(message, position === count && !busy) ? (
        <ToolAnswerForm message={message} />
      ) : (
        <MessageParts message={message} />
      )}
      <MessageStatus message={message} busy={busy} />
      <MessageFooter message={message} />
      {!editing && <MessageActions message={message} busy={busy} onEdit={startEditing} />}
    </article>
  )
})
