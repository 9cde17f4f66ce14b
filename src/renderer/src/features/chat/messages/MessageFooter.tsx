import { memo } from 'react'
import { useT } from '@renderer/i18n/use-t'
import type { ChatMessage } from '@shared/domain/chat'

type FooterProps = { message: ChatMessage }

/** Same view: the reported fields (the reducer keeps their objects while only the text grows). */
function sameFooter({ message: a }: FooterProps, { message: b }: FooterProps): boolean {
  return (
    a.role === b.role &&
    a.usage === b.usage &&
    a.finishReason === b.finishReason &&
    a.safetyRatings === b.safetyRatings &&
    a.model === b.model
  )
}

/** Usage, finish reason and safety ratings, when the gateway reported them. Not rendered again per delta. */
export const MessageFooter = memo(function MessageFooter({ message }: FooterProps) {
  const { t } = useT()
  const { usage, finishReason, safetyRatings, model } = message
  if (message.role === 'user' || (!usage && !finishReason && !safetyRatings?.length && !model)) return null
  const n = (v: number | undefined) => (v === undefined ? t('chat.messages.usageUnknown') : v.toLocaleString())
  return (
    <div className="chat-message-footer">
      {model && <span className="chat-footer-item">{model}</span>}
      {usage && (
        <span className="chat-footer-item">
          {t('chat.messages.usage', {
            input: n(usage.input),
            output: n(usage.output),
            total: n(
              usage.total ??
                (usage.input !== undefined && usage.output !== undefined ? usage.input + usage.output : undefined)
            )
          })}
        </span>
      )}
      {finishReason && <span className="chat-footer-item">{t('chat.messages.finish', { reason: finishReason })}</span>}
      {safetyRatings && safetyRatings.length > 0 && (
        <details className="chat-safety">
          <summary>{t('chat.messages.safety')}</summary>
          <ul>
            {safetyRatings.map((r) => (
              <li key={r.category}>
                {r.category}: {r.probability}
                {r.blocked ? ` (${t('chat.messages.safetyBlocked')})` : ''}
              </li>
            ))}
          </ul>
        </details>
      )}
    </div>
  )
}, sameFooter)
