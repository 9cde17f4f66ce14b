import { useEffect } from 'react'
import { useT } from '@renderer/i18n/use-t'
import { useUiStore } from '@renderer/store/ui'
import { useVideoUi, type Toast } from '../video-ui-store'
import './toasts.css'

const TOAST_MS = 10_000

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

/** Shows the Video area and asks the board to reveal and focus a card. */
export function openCard(taskId: string): void {
  useUiStore.getState().setView('video')
  useVideoUi.getState().requestFocus(taskId)
}

/** Finished and failed tasks, announced politely wherever the user is in the app. */
export function Toasts() {
  const { t } = useT()
  const toasts = useVideoUi((s) => s.toasts)
  return (
    <ul className="toasts" role="status" aria-live="polite" aria-label={t('video.notify.region')}>
      {toasts.map((toast) => (
        <ToastItem key={toast.key} toast={toast} />
      ))}
    </ul>
  )
}
