import { useEffect, useMemo, useRef } from 'react'
import { useT } from '@renderer/i18n/use-t'
import type { ChatMessage } from '@shared/domain/chat'
import { useLiveIds, useStreamingMessageId } from '../stream-store'
import { MessageRow } from './MessageRow'
import { useVirtualRows } from './use-virtual-rows'

/** Rows not measured yet are assumed this tall; measurement corrects it within a frame. */
const ESTIMATED_ROW_PX = 160
/** Rows rendered beyond each edge of the viewport, so fast scrolling shows no blank. */
const OVERSCAN_ROWS = 4

export interface MessageListProps {
  conversationId: string | null
  /** Saved messages, oldest first. */
  messages: readonly ChatMessage[]
  hasOlder: boolean
  loadingOlder: boolean
  onLoadOlder: () => void
}

/** Saved ids in order, then live ids the host has not returned yet (a message just sent or streaming). */
function mergeIds(
  messages: readonly ChatMessage[],
  liveIds: readonly string[]
): { ids: string[]; byId: Map<string, ChatMessage> } {
  const byId = new Map(messages.map((m) => [m.id, m]))
  const ids = messages.map((m) => m.id)
  for (const id of liveIds) if (!byId.has(id)) ids.push(id)
  return { ids, byId }
}

/** The conversation's messages, newest at the bottom, windowed: only rows near the viewport exist in the DOM. */
export function MessageList({ conversationId, messages, hasOlder, loadingOlder, onLoadOlder }: MessageListProps) {
  const { t } = useT()
  const liveIds = useLiveIds(conversationId)
  const busy = useStreamingMessageId(conversationId) !== undefined
  const { ids, byId } = useMemo(() => mergeIds(messages, liveIds), [messages, liveIds])
  const { attachScroller, attachContent, measureRow, onScroll, range, padTop, padBottom, following, followLatest } =
    useVirtualRows({
      keys: ids,
      estimate: ESTIMATED_ROW_PX,
      overscan: OVERSCAN_ROWS
    })
  const visible = ids.slice(range.start, range.end)
  // A message just sent (or an answer just started) brings the view to the bottom, even if the user had scrolled up.
  const liveCount = useRef(liveIds.length)
  useEffect(() => {
    if (liveIds.length > liveCount.current) followLatest()
    liveCount.current = liveIds.length
  }, [liveIds.length, followLatest])
  return (
    <div className="chat-messages-frame">
      {/* The scroller is a named region (focusable, so the keyboard scrolls it); the feed inside holds
          only the messages, and is a feed only once there is one: a feed's children are articles. */}
      <div
        className="chat-messages"
        ref={attachScroller}
        onScroll={onScroll}
        tabIndex={0}
        role="region"
        aria-label={t('chat.messages.label')}
      >
        <div ref={attachContent} className="chat-messages-content">
          {hasOlder && (
            <button
              type="button"
              className="button button-small chat-load-older"
              onClick={onLoadOlder}
              aria-busy={loadingOlder || undefined}
            >
              {loadingOlder ? t('chat.messages.loadingEarlier') : t('chat.messages.loadEarlier')}
            </button>
          )}
          {ids.length === 0 && <p className="chat-messages-empty muted">{t('chat.messages.empty')}</p>}
          <div
            role={ids.length > 0 ? 'feed' : undefined}
            aria-label={ids.length > 0 ? t('chat.messages.label') : undefined}
            aria-busy={(ids.length > 0 && busy) || undefined}
          >
            <div className="virtual-spacer" style={{ height: padTop }} aria-hidden="true" />
            {visible.map((id, i) => (
              <MessageRow
                key={id}
                id={id}
                saved={byId.get(id)}
                position={range.start + i + 1}
                count={ids.length}
                busy={busy}
                measureRow={measureRow}
              />
            ))}
            <div className="virtual-spacer" style={{ height: padBottom }} aria-hidden="true" />
          </div>
        </div>
      </div>
      {!following && (
        <button type="button" className="button button-small chat-jump-latest" onClick={followLatest}>
          {t('chat.messages.jumpToLatest')}
        </button>
      )}
    </div>
  )
}
