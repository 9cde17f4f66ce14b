import { useT } from '@renderer/i18n/use-t'
import { errorMessage } from '@renderer/lib/error-text'
import { useChatUiStore } from '../chat-ui-store'
import { useOpenCompares } from './compare-queries'

/** Runs not settled yet (one cut off by a restart included), to open their board again. */
export function OpenRuns() {
  const { t, i18n } = useT()
  const runs = useOpenCompares()
  const openCompare = useChatUiStore((s) => s.openCompare)
  if (runs.isError) {
    return (
      <p role="alert" className="field-error">
        {t('chat.compare.listFailed')}: {errorMessage(runs.error)}
      </p>
    )
  }
  const list = runs.data?.compares ?? []
  return (
    <section className="chat-compare-open" aria-label={t('chat.compare.openRuns')}>
      <h3 className="field-label">{t('chat.compare.openRuns')}</h3>
      {list.length === 0 ? (
        <p className="muted">{runs.isPending ? t('app.loading') : t('chat.compare.noOpenRuns')}</p>
      ) : (
        <ul className="chat-compare-open-list">
          {list.map((run) => (
            <li key={run.id}>
              <button type="button" className="chat-compare-open-item" onClick={() => openCompare(run.id)}>
                <span className="chat-compare-open-prompt">{run.prompt}</span>
                <span className="muted">
                  {run.columns.map((c) => c.model).join(' · ')} —{' '}
                  {new Date(run.createdAt).toLocaleString(i18n.language)}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
