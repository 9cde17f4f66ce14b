import { useState } from 'react'
import { useT } from '@renderer/i18n/use-t'
import type { MessageStatus } from '@shared/domain/chat'
import { useLiveStatus, useStreamingMessageId } from '../stream-store'

const OUTCOME_KEYS = {
  complete: 'chat.messages.announceDone',
  cancelled: 'chat.messages.announceStopped',
  incomplete: 'chat.status.incomplete',
  error: 'chat.messages.announceFailed'
} as const satisfies Record<Exclude<MessageStatus, 'streaming'>, string>

/**
 * Tells screen-reader users once how an answer ended. The streaming text itself is not announced
 * (the message is aria-busy while it streams), so nobody hears every delta.
 */
export function StreamAnnouncer({ conversationId }: { conversationId: string | null }) {
  const { t } = useT()
  const streamingId = useStreamingMessageId(conversationId)
  const [watched, setWatched] = useState<string | null>(null)
  const [said, setSaid] = useState('')
  // The status only: the announcer does not render again for every delta of the answer.
  const status = useLiveStatus(watched ?? '')
  if (streamingId && streamingId !== watched) {
    setWatched(streamingId)
    setSaid('')
  } else if (!streamingId && watched && status && status !== 'streaming') {
    setWatched(null)
    setSaid(t(OUTCOME_KEYS[status]))
  }
  return (
    <p className="sr-only" role="status">
      {said}
    </p>
  )
}
