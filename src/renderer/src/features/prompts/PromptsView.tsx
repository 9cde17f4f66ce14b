import { useT } from '@renderer/i18n/use-t'
import { HistoryPanel } from './HistoryPanel'
import { usePromptsUi } from './prompts-ui-store'
import { SavedPanel } from './SavedPanel'
import { SavePromptDialog } from './SavePromptDialog'

/** The prompt library: the history of every prompt sent beside the saved prompts. */
export default function PromptsView() {
  const { t } = useT()
  const target = usePromptsUi((s) => s.saveTarget)
  return (
    <div className="prompts-view">
      <p className="section-intro">{t('prompts.view.intro')}</p>
      <div className="prompts-columns">
        <HistoryPanel />
        <SavedPanel />
      </div>
      {target && <SavePromptDialog target={target} />}
    </div>
  )
}
