import { memo, useEffect, useState } from 'react'
import { useT } from '@renderer/i18n/use-t'
import { errorMessage } from '@renderer/lib/error-text'
import type { ChatMessage } from '@shared/domain/chat'
import { StudioError } from '@shared/error-core'
import { chatErrorTitle } from '../messages/error-title'
import { MessageParts } from '../messages/MessageParts'
import { useConversation } from '../queries'
import { useLiveMessage, useStreamStore } from '../stream-store'
import { useCompareStarts } from './start-errors'

/** The newest assistant message of the conversation in the live store (a primitive, so other columns' deltas pass by). */
function useLiveAnswerId(conversationId: string): string | undefined {
  return useStreamStore((s) => {
    let best: ChatMessage | undefined
    for (const m of Object.values(s.messages)) {
      if (m.conversationId === conversationId && m.role === 'assistant' && (!best || m.createdAt >= best.createdAt))
        best = m
    }
    return best?.id
  })
}

function seconds(ms: number): string {
  return (Math.max(0, ms) / 1000).toFixed(1)
}

/** Time since the answer started, ticking on its own so the column's text is not rendered again for it. */
function Elapsed({ since }: { since: number }) {
  const { t } = useT()
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 500)
    return () => clearInterval(timer)
  }, [])
  return <span className="chat-compare-time">{t('chat.compare.elapsed', { seconds: seconds(now - since) })}</span>
}

function hadOutput(m: ChatMessage): boolean {
  return m.parts.some((p) => (p.type === 'text' || p.type === 'thinking' ? p.text.length > 0 : p.type === 'tool_call'))
}

export interface CompareColumnProps {
  conversationId: string
  model: string
  onStop: (conversationId: string) => void
  onContinue: (conversationId: string) => void
  busy: boolean
}

/**
 * One model's answer. Memoized, and subscribed to its own conversation's live answer only, so N
 * answers stream side by side without one stream's deltas rendering the other columns (S1).
 */
export const CompareColumn = memo(function CompareColumn({
  conversationId,
  model,
  onStop,
  onContinue,
  busy
}: CompareColumnProps) {
  const { t } = useT()
  const query = useConversation(conversationId)
  const liveId = useLiveAnswerId(conversationId)
  const live = useLiveMessage(liveId ?? '')
  const startError = useCompareStarts((s) => s.errors[conversationId])
  const savedMessages = query.data?.messages
  const saved = savedMessages ? [...savedMessages].reverse().find((m) => m.role === 'assistant') : undefined
  const message = live ?? saved
  const status = startError ? 'error' : (message?.status ?? (query.isPending ? 'loading' : 'none'))
  const error = startError ?? message?.error
  const streaming = status === 'streaming'
  // The host stamps the conversation when it saves the finished answer: both times are the host's.
  const updatedAt = query.data?.conversation.updatedAt
  const took =
    !streaming && saved && message && saved.id === message.id && saved.status !== 'streaming' && updatedAt !== undefined
      ? updatedAt - saved.createdAt
      : undefined
  const usage = message?.usage
  const total =
    usage?.total ?? (usage?.input !== undefined && usage.output !== undefined ? usage.input + usage.output : undefined)

  return (
    <section
      className="chat-compare-column"
      aria-label={t('chat.compare.column', { model })}
      aria-busy={streaming || undefined}
      data-status={status}
    >
      <header className="chat-compare-column-header">
        <h3 className="chat-compare-model">{model}</h3>
        <span className="chat-compare-status" role="status">
          {t(`chat.compare.status.${status}`)}
        </span>
      </header>
      <div className="chat-compare-meta">
        {streaming && message ? (
          <Elapsed since={message.createdAt} />
        ) : (
          took !== undefined && (
            <span className="chat-compare-time">{t('chat.compare.took', { seconds: seconds(took) })}</span>
          )
        )}
        {usage && (
          <span className="chat-compare-usage">
            {t('chat.compare.usage', {
              input: usage.input?.toLocaleString() ?? '?',
              output: usage.output?.toLocaleString() ?? '?',
              total: total?.toLocaleString() ?? '?'
            })}
          </span>
        )}
      </div>
      <div className="chat-compare-body" tabIndex={0} aria-label={t('chat.compare.answerOf', { model })}>
        {message && message.parts.length > 0 ? (
          <MessageParts message={message} />
        ) : (
          !error && <p className="muted">{streaming ? t('chat.compare.waiting') : t('chat.compare.noAnswer')}</p>
        )}
        {error && (
          <div className="form-alert" role="group" aria-label={t('chat.compare.failed')}>
            <p className="form-alert-title">{chatErrorTitle(t, error, message ? hadOutput(message) : false)}</p>
            <p className="form-alert-detail">{errorMessage(StudioError.fromData(error))}</p>
          </div>
        )}
      </div>
      <footer className="chat-compare-column-actions">
        {streaming && (
          <button type="button" className="button button-small button-danger" onClick={() => onStop(conversationId)}>
            {t('chat.compare.stopOne')}
          </button>
        )}
        <button
          type="button"
          className="button button-small button-primary"
          aria-disabled={busy || undefined}
          onClick={() => !busy && onContinue(conversationId)}
        >
          {t('chat.compare.continue')}
        </button>
      </footer>
    </section>
  )
})
