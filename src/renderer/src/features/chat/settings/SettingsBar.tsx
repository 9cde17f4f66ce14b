import { useT } from '@renderer/i18n/use-t'
import { useChatUiStore } from '../chat-ui-store'
import { FormatChoice } from './FormatChoice'
import { ModelPicker } from './ModelPicker'
import { SystemField } from './SystemField'
import type { ConversationSettings } from './use-settings'

/** Model, format and system instruction of the open conversation. */
export function SettingsBar({ settings }: { settings: ConversationSettings }) {
  const { t } = useT()
  const { draft, validation } = settings
  const problems = validation.ok ? [] : validation.settings
  const modelProblem = problems.find((p) => p === 'modelRequired' || p === 'modelTooLong')
  return (
    <div className="chat-settings">
      <div className="chat-settings-row">
        <ModelPicker value={draft.model} onChange={settings.setModel} error={modelProblem ? t(`chat.settings.problems.${modelProblem}`) : null} />
        <button type="button" className="button button-small chat-compare-toggle" onClick={() => useChatUiStore.getState().openCompare(null)}>
          {t('chat.compare.open')}
        </button>
        <FormatChoice value={draft.format} locked={settings.formatLocked} onChange={settings.setFormat} />
      </div>
      <SystemField
        format={draft.format}
        value={draft.system}
        onChange={settings.setSystem}
        error={problems.includes('systemTooLong') ? t('chat.settings.problems.systemTooLong') : null}
      />
    </div>
  )
}
