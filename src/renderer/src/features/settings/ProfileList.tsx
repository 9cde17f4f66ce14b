import { FormAlert } from '@renderer/components/form/FormAlert'
import { useT } from '@renderer/i18n/use-t'
import { errorMessage, errorTitle } from '@renderer/lib/error-text'
import { useSelectProfile } from '@renderer/lib/profiles/mutations'
import type { ProfileList as ProfileListData } from '@shared/domain/profiles'
import { ProfileListItem } from './ProfileListItem'

/** All profiles, the built-in Sandbox first, the active one marked. */
export function ProfileList({ list }: { list: ProfileListData }) {
  const { t } = useT()
  const selectProfile = useSelectProfile()
  return (
    <>
      {selectProfile.error && (
        <FormAlert title={errorTitle(t, selectProfile.error)} detail={errorMessage(selectProfile.error)} />
      )}
      <ul className="profile-list" aria-label={t('profiles.listLabel')}>
        {list.profiles.map((p) => (
          <ProfileListItem
            key={p.id}
            profile={p}
            active={p.id === list.activeId}
            onUse={(id) => selectProfile.mutate(id)}
            usePending={selectProfile.isPending}
          />
        ))}
      </ul>
    </>
  )
}
