import { useId } from 'react'
import { useT } from '@renderer/i18n/use-t'
import { useChatUiStore } from '../chat-ui-store'
import { ParametersPanel } from '../params/ParametersPanel'
import { ParamsToggle } from '../params/ParamsToggle'
import { useConversationSettings } from '../settings/use-settings'
import { useOpenCompares } from './compare-queries'
import { CompareBoard } from './CompareBoard'
import { CompareSetup } from './CompareSetup'

/**
 * The compare area, shown in place of the open conversation: a run's board, or the form for a new
 * run. The run's format, system instruction and parameters are the new-conversation settings, so
 * the parameters panel edits them as it does for a new chat.
 */
export function CompareArea({ paramsOpen }: { paramsOpen: boolean }) {
  const { t } = useT()
  const titleId = useId()
  const settings = useConversationSettings(null)
  const compareId = useChatUiStore((s) => s.compareId)
  const closeCompare = useChatUiStore((s) => s.closeCompare)
  const runs = useOpenCompares()
  const run = compareId ? runs.data?.compares.find((r) => r.id === compareId) : undefined
  return (
    <>
      <section className="chat-pane chat-compare" aria-labelledby={titleId}>
        <div className="chat-pane-header">
          <h2 id={titleId} className="chat-pane-title">
            {t('chat.compare.title')}
          </h2>
          <div className="chat-compare-header-actions">
            {!run && <ParamsToggle />}
            <button type="button" className="button button-small" onClick={closeCompare}>
              {t('chat.compare.back')}
            </button>
          </div>
        </div>
        {run ? (
          <CompareBoard run={run} />
        ) : compareId && runs.isPending ? (
          <p className="chat-loading muted" role="status">
            {t('app.loading')}
          </p>
        ) : (
          <CompareSetup settings={settings} />
        )}
      </section>
      {paramsOpen && !run && <ParametersPanel settings={settings} />}
    </>
  )
}
