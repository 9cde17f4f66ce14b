import { useId, useRef, type ReactNode } from 'react'
import { useT } from '@renderer/i18n/use-t'
import { errorMessage, errorTitle } from '@renderer/lib/error-text'
import { Dialog } from './Dialog'
import { FormAlert } from './form/FormAlert'

export interface ConfirmDialogProps {
  title: string
  body: ReactNode
  cancelLabel: string
  confirmLabel: string
  busy: boolean
  /** The failure of the confirmed action, shown inside the dialog (which stays open). */
  error: unknown
  onConfirm: () => void
  onClose: () => void
  /** Where focus goes when the opener is gone (the deleted thing's own button). */
  fallbackFocus: () => HTMLElement | null
}

/**
 * A destructive confirmation (an alertdialog): focus starts on Cancel, the safe choice; Cancel and
 * Escape do nothing while the action runs; a failure is shown in place.
 */
export function ConfirmDialog(p: ConfirmDialogProps) {
  const { t } = useT()
  const bodyId = useId()
  const cancelRef = useRef<HTMLButtonElement>(null)
  return (
    <Dialog
      role="alertdialog"
      title={p.title}
      describedBy={bodyId}
      onClose={p.onClose}
      busy={p.busy}
      initialFocus={cancelRef}
      fallbackFocus={p.fallbackFocus}
    >
      <div id={bodyId} className="dialog-body">
        {p.body}
      </div>
      {p.error != null && <FormAlert title={errorTitle(t, p.error)} detail={errorMessage(p.error)} />}
      <div className="dialog-actions">
        <span className="dialog-actions-spacer" />
        <button
          type="button"
          ref={cancelRef}
          className="button"
          onClick={() => !p.busy && p.onClose()}
          aria-disabled={p.busy || undefined}
        >
          {p.cancelLabel}
        </button>
        <button
          type="button"
          className="button button-danger-solid"
          onClick={() => !p.busy && p.onConfirm()}
          aria-busy={p.busy || undefined}
        >
          {p.confirmLabel}
        </button>
      </div>
    </Dialog>
  )
}
