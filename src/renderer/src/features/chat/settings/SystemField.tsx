import { useId } from 'react'
import { useT } from '@renderer/i18n/use-t'
import type { ChatFormat } from '@shared/domain/chat'
import { SYSTEM_MAX_CHARS } from '@shared/domain/chat-limits'

/** The system instruction where the format has one; for legacy completions, why there is none. */
export function SystemField({ format, value, onChange, error }: { format: ChatFormat; value: string; onChange: (v: string) => void; error?: string | null }) {
  const { t } = useT()
  const id = useId()
  if (format === 'completions') {
    return <p className="field-help chat-system-absent">{t('chat.settings.systemAbsent')}</p>
  }
  return (
    <div className="field chat-system">
      <label htmlFor={id} className="field-label">
        {t('chat.settings.system')}
      </label>
      <textarea
        id={id}
        className="input textarea"
        rows={1}
        value={value}
        maxLength={SYSTEM_MAX_CHARS}
        placeholder={t('chat.settings.systemPlaceholder')}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => onChange(e.target.value)}
      />
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </div>
  )
}
