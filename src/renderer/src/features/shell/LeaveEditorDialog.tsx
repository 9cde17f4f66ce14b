import { ConfirmDialog } from '@renderer/components/ConfirmDialog'
import { useT } from '@renderer/i18n/use-t'
import { cancelLeave, confirmLeave, useLeaveEditor } from './navigation'

/** Asks before navigation discards a painted mask that was never sent. */
export function LeaveEditorDialog() {
  const { t } = useT()
  const pending = useLeaveEditor((s) => s.pending)
  if (!pending) return null
  return (
    <ConfirmDialog
      title={t('nav.leaveEditor.title')}
      body={<p>{t('nav.leaveEditor.body', { area: t(`nav.${pending}`) })}</p>}
      cancelLabel={t('nav.leaveEditor.stay')}
      confirmLabel={t('nav.leaveEditor.leave')}
      busy={false}
      error={null}
      onConfirm={() => void confirmLeave()}
      onClose={cancelLeave}
      fallbackFocus={() => document.getElementById('main-content')}
    />
  )
}
