import { useEffect } from 'react'
import { useT } from '@renderer/i18n/use-t'
import { useUiStore } from '@renderer/store/ui'
import { useVideoUi, type Toast } from '../video-ui-store'
import { groupToasts } from './toast-groups'
import './toasts.css'

const TOAST_MS = 10_000
/** A summary names this many tasks and counts the rest. */
const SUMMARY_NAMES = 3

function ToastItem({ toast }: { toast: Toast }) {
  const { t } = useT()
  const dismiss = () => useVideoUi.getState().dismissToast(toast.key)
  useEffect(() => {
    const timer = setTimeout(dismiss, TOAST_MS)
    return () => clearTimeout(timer)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [toast.key])
  return (
    <li className="toast" data-state={toast.state} data-testid="video-toast">
      <p className="toast-title">{toast.title}</p>
      <p className="toast-body">{toast.body}</p>
      <div className="toast-actions">
        <button
          type="button"
          className="button button-small"
          onClick={() => {
            openCard(toast.taskId)
            dismiss()
          }}
        >
          {t('video.notify.show')}
        </button>
        <button type="button" className="button button-small" onClick={dismiss}>
          {t('video.notify.dismiss')}
        </button>
      </div>
    </li>
  )
}

/** Several tasks of one outcome as one toast: the count, the first few, Show (the board) and Dismiss all. */
function SummaryItem({ state, toasts }: { state: Toast['state']; toasts: Toast[] }) {
  const { t } = useT()
  const newest = toasts[toasts.length - 1].key
  const dismissAll = () => {
    const { dismissToast } = useVideoUi.getState()
    for (const toast of toasts) dismissToast(toast.key)
  }
  // The summary stays as long as a single toast would after its newest arrival.
  useEffect(() => {
    const timer = setTimeout(dismissAll, TOAST_MS)
    return () => clearTimeout(timer)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [newest])
  const rest = toasts.length - SUMMARY_NAMES
  return (
    <li className="toast toast-summary" data-state={state} data-testid="video-toast-summary">
      <p className="toast-title">
        {t(state === 'failed' ? 'video.notify.summaryFailed' : 'video.notify.summarySucceeded', {
          count: toasts.length
        })}
      </p>
      <ul className="toast-body toast-names">
        {toasts.slice(0, SUMMARY_NAMES).map((toast) => (
          <li key={toast.key}>{toast.body}</li>
        ))}
        {rest > 0 && <li>{t('video.notify.summaryMore', { count: rest })}</li>}
      </ul>
      <div className="toast-actions">
        <button
          type="button"
          className="button button-small"
          onClick={() => {
            useUiStore.getState().setView('video')
            dismissAll()
          }}
        >
          {t('video.notify.showBoard')}
        </button>
        <button type="button" className="button button-small" onClick={dismissAll}>
          {t('video.notify.dismissAll')}
        </button>
      </div>
    </li>
  )
}

/** Shows the Video area and asks the board to reveal and focus a card. */
export function openCard(taskId: string): void {
  useUiStore.getState().setView('video')
  useVideoUi.getState().requestFocus(taskId)
}

/** Finished and failed tasks, shown wherever the user is in the app; many at once as one summary. */
export function Toasts() {
  const { t } = useT()
  const toasts = useVideoUi((s) => s.toasts)
  return (
    // Not a live region: the outcome is announced once, by the app's polite region (JobAnnouncements),
    // wherever the user is; the toast is what the eye sees and what its buttons act on.
    <section className="toasts" aria-label={t('video.notify.region')}>
      <ul className="stack-list">
        {groupToasts(toasts).map((entry) =>
          entry.kind === 'one' ? (
            <ToastItem key={entry.toast.key} toast={entry.toast} />
          ) : (
            <SummaryItem key={`summary-${entry.state}`} state={entry.state} toasts={entry.toasts} />
          )
        )}
      </ul>
    </section>
  )
}
