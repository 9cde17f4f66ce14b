import { useId } from 'react'
import { useT } from '@renderer/i18n/use-t'
import { useActiveNames } from '@renderer/lib/profiles/queries'
import { useModels } from '../queries'
import { MODEL_MAX_CHARS } from './settings-model'

export interface ModelPickerProps {
  value: string
  onChange: (model: string) => void
  error?: string | null
}

/**
 * A combobox over the gateway's model list that also takes any typed id (gateways route models the
 * list does not show). Native `<input list>`: keyboard and screen-reader support come with it.
 */
export function ModelPicker({ value, onChange, error }: ModelPickerProps) {
  const { t } = useT()
  const id = useId()
  const models = useModels()
  // The profile's chat names first (Settings → Profiles → Names), then what the gateway lists.
  const chatNames = useActiveNames().models.chat
  const suggestions = [...new Set([...chatNames, ...(models.data?.models ?? [])])]
  const problem = models.isError ? t('chat.settings.modelsFailed') : models.isPending ? t('chat.settings.modelsLoading') : null
  return (
    <div className="chat-model">
      <label htmlFor={id} className="field-label">
        {t('chat.settings.model')}
      </label>
      <input
        id={id}
        className="input"
        list={`${id}-models`}
        value={value}
        maxLength={MODEL_MAX_CHARS}
        placeholder={t('chat.settings.modelPlaceholder')}
        autoComplete="off"
        spellCheck={false}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-help${error ? ` ${id}-error` : ''}`}
        onChange={(e) => onChange(e.target.value)}
      />
      <datalist id={`${id}-models`}>
        {suggestions.map((m) => (
          <option key={m} value={m} />
        ))}
      </datalist>
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
      {/* The usual hint is for screen readers only; loading and failure are shown to everyone. */}
      <p id={`${id}-help`} className={problem ? 'field-help chat-model-help' : 'sr-only'}>
        {problem ?? t('chat.settings.modelHelp')}
      </p>
    </div>
  )
}
