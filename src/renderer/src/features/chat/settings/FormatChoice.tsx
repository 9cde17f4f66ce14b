import { useId } from 'react'
import { useT } from '@renderer/i18n/use-t'
import type { ChatFormat } from '@shared/domain/chat'
import { CHAT_FORMATS } from '@shared/domain/chat-limits'

const FORMATS = CHAT_FORMATS

/** The request format of the conversation: four radios, each explained in one line. */
export function FormatChoice({
  value,
  locked,
  onChange
}: {
  value: ChatFormat
  locked: boolean
  onChange: (format: ChatFormat) => void
}) {
  const { t } = useT()
  const id = useId()
  return (
    <fieldset
      className="chat-format"
      role="radiogroup"
      aria-labelledby={`${id}-legend`}
      aria-describedby={`${id}-help`}
    >
      <legend id={`${id}-legend`} className="field-label">
        {t('chat.settings.format')}
      </legend>
      <div className="chat-format-options">
        {FORMATS.map((format) => (
          <label key={format} className="chat-format-option" title={t(`chat.settings.formatHelp.${format}`)}>
            <input
              type="radio"
              name={`${id}-format`}
              value={format}
              checked={value === format}
              disabled={locked && value !== format}
              onChange={() => onChange(format)}
            />
            <span>{t(`chat.settings.formats.${format}`)}</span>
          </label>
        ))}
      </div>
      <p id={`${id}-help`} className="field-help">
        {/* Once started, what matters is that the format is fixed; each option's title still explains it. */}
        {locked
          ? t('chat.settings.formatLocked', { format: t(`chat.settings.formats.${value}`) })
          : t(`chat.settings.formatHelp.${value}`)}
      </p>
    </fieldset>
  )
}
