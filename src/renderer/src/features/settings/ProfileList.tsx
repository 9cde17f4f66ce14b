import { useTranslation } from 'react-i18next'
import type { ProfileList as ProfileListData } from '@shared/domain/profiles'
import { useSelectProfile } from '@renderer/features/profiles/mutations'
import { errorMessage, errorTitle } from '@renderer/lib/error-text'
import { ProfileListItem } from './ProfileListItem'

/** All profiles, the built-in Sandbox first, the active one marked. */
export function ProfileList({ list }: { list: ProfileListData }) {
  const { t } = useTranslation()
  const selectProfile = useSelectProfile()
  return (
    <>
      {selectProfile.error && (
        <div role="alert" className="form-alert">
          <p className="form-alert-title">{errorTitle(t, selectProfile.error)}</p>
          <p className="form-alert-detail">{errorMessage(selectProfile.error)}</p>
        </div>
      )}
      <ul className="profile-list" aria-label={t('profiles.listLabel')}>
        {list.profiles.map((p) => (
          <ProfileListItem key={p.id} profile={p} active={p.id === list.activeId} onUse={(id) => selectProfile.mutate(id)} usePending={selectProfile.isPending} />
        ))}
      </ul>
    </>
  )
}
