import { LabeledField } from '@renderer/components/form/LabeledField'
import { ModelInput } from '@renderer/components/form/ModelField'
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
  const models = useModels()
  // The profile's chat names first (Settings → Profiles → Names), then what the gateway lists.
  const chatNames = useActiveNames().models.chat
  const suggestions = [...new Set([...chatNames, ...(models.data?.models ?? [])])]
  const problem = models.isError
    ? t('chat.settings.modelsFailed')
    : models.isPending
      ? t('chat.settings.modelsLoading')
      : null
  return (
    <LabeledField
      label={t('chat.settings.model')}
      error={error}
      // The usual hint is for screen readers only; loading and failure are shown to everyone.
      help={problem ?? t('chat.settings.modelHelp')}
      helpClassName={problem ? 'field-help chat-model-help' : 'sr-only'}
      className="chat-model"
    >
      {(control) => (
        <ModelInput
          control={control}
          value={value}
          onChange={onChange}
          suggestions={suggestions}
          maxLength={MODEL_MAX_CHARS}
          placeholder={t('chat.settings.modelPlaceholder')}
        />
      )}
    </LabeledField>
  )
}
