import { useT } from '@renderer/i18n/use-t'
import type { ChatMessage } from '@shared/domain/chat'

/** Usage, finish reason and safety ratings, when the gateway reported them. */
export function MessageFooter({ message }: { message: ChatMessage }) {
  const { t } = useT()
  const { usage, finishReason, safetyRatings, model } = message
  if (message.role === 'user' || (!usage && !finishReason && !safetyRatings?.length && !model)) return null
  const n = (v: number | undefined) => (v === undefined ? t('chat.messages.usageUnknown') : v.toLocaleString())
  return (
    <div className="chat-message-footer">
      {model && <span className="chat-footer-item">{model}</span>}
      {usage && (
        <span className="chat-footer-item">
          {t('chat.messages.usage', { input: n(usage.input), output: n(usage.output), total: n(usage.total ?? (usage.input !== undefined && usage.output !== undefined ? usage.input + usage.output : undefined)) })}
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
}
