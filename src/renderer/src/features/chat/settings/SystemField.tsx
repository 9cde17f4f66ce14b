import { LabeledField } from '@renderer/components/form/LabeledField'
import { promptFieldProps } from '@renderer/components/prompts/insert-text'
import { useT } from '@renderer/i18n/use-t'
import type { ChatFormat } from '@shared/domain/chat'
import { SYSTEM_MAX_CHARS } from '@shared/domain/chat-limits'

/** The system instruction where the format has one; for legacy completions, why there is none. */
export function SystemField({
  format,
  value,
  onChange,
  error
}: {
  format: ChatFormat
  value: string
  onChange: (v: string) => void
  error?: string | null
}) {
  const { t } = useT()
  if (format === 'completions') {
    return <p className="field-help chat-system-absent">{t('chat.settings.systemAbsent')}</p>
  }
  return (
    <LabeledField label={t('chat.settings.system')} error={error} className="chat-system">
      {(control) => (
        <textarea
          {...control}
          {...promptFieldProps}
          className="input textarea"
          rows={1}
          value={value}
          maxLength={SYSTEM_MAX_CHARS}
          placeholder={t('chat.settings.systemPlaceholder')}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
    </LabeledField>
  )
}
