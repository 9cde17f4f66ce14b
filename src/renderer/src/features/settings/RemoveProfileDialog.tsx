import { useId, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import type { ProfileView } from '@shared/domain/profiles'
import { Dialog } from '@renderer/components/Dialog'
import { useRemoveProfile } from '@renderer/features/profiles/mutations'
import { errorMessage, errorTitle } from '@renderer/lib/error-text'

export const ADD_PROFILE_BUTTON_ID = 'add-profile-button'

/** Confirms a delete. Focus starts on Cancel (the safe choice) and, once the profile is gone, lands on "Add profile". */
export function RemoveProfileDialog({ profile, onClose, onRemoved }: { profile: ProfileView; onClose: () => void; onRemoved: (name: string) => void }) {
  const { t } = useTranslation()
  const bodyId = useId()
  const cancelRef = useRef<HTMLButtonElement>(null)
  const remove = useRemoveProfile()
  const confirm = () => {
    if (remove.isPending) return
    remove.mutate(profile.id, { onSuccess: () => onRemoved(profile.name) })
  }
  return (
    <Dialog
      role="alertdialog"
      title={t('remove.title')}
      describedBy={bodyId}
      onClose={onClose}
      busy={remove.isPending}
      initialFocus={cancelRef}
      fallbackFocus={() => document.getElementById(ADD_PROFILE_BUTTON_ID)}
    >
      <p id={bodyId} className="dialog-body">
        {t('remove.body', { name: profile.name })}
      </p>
      {remove.error && (
        <div role="alert" className="form-alert">
          <p className="form-alert-title">{errorTitle(t, remove.error)}</p>
          <p className="form-alert-detail">{errorMessage(remove.error)}</p>
        </div>
      )}
      <div className="dialog-actions">
        <span className="dialog-actions-spacer" />
        <button type="button" ref={cancelRef} className="button" onClick={() => !remove.isPending && onClose()} aria-disabled={remove.isPending || undefined}>
          {t('remove.cancel')}
        </button>
        <button type="button" className="button button-danger-solid" onClick={confirm} aria-busy={remove.isPending || undefined}>
          {t('remove.confirm')}
        </button>
      </div>
    </Dialog>
  )
}
