import { ConfirmDialog } from '@renderer/components/ConfirmDialog'
import { useT } from '@renderer/i18n/use-t'
import { useRemoveProfile } from '@renderer/lib/profiles/mutations'
import type { ProfileView } from '@shared/domain/profiles'

export const ADD_PROFILE_BUTTON_ID = 'add-profile-button'

/** Confirms a delete; once the profile is gone, focus lands on "Add profile". */
export function RemoveProfileDialog({
  profile,
  onClose,
  onRemoved
}: {
  profile: ProfileView
  onClose: () => void
  onRemoved: (name: string) => void
}) {
  const { t } = useT()
  const remove = useRemoveProfile()
  return (
    <ConfirmDialog
      title={t('remove.title')}
      body={<p>{t('remove.body', { name: profile.name })}</p>}
      cancelLabel={t('remove.cancel')}
      confirmLabel={t('remove.confirm')}
      busy={remove.isPending}
      error={remove.error}
      onConfirm={() => remove.mutate(profile.id, { onSuccess: () => onRemoved(profile.name) })}
      onClose={onClose}
      fallbackFocus={() => document.getElementById(ADD_PROFILE_BUTTON_ID)}
    />
  )
}
