import { useT } from '@renderer/i18n/use-t'
import { useUiStore } from '@renderer/store/ui'
import type { ProfileList } from '@shared/domain/profiles'
import { NamesDialog } from './names/NamesDialog'
import { ProfileForm } from './ProfileForm'
import { RemoveProfileDialog } from './RemoveProfileDialog'

/** The add/edit form and the delete confirmation, opened through the UI store. */
export function ProfileDialogs({ list }: { list: ProfileList }) {
  const { t } = useT()
  const formTarget = useUiStore((s) => s.profileForm)
  const removeTarget = useUiStore((s) => s.removeTarget)
  const closeProfileForm = useUiStore((s) => s.closeProfileForm)
  const closeRemove = useUiStore((s) => s.closeRemove)
  const namesTarget = useUiStore((s) => s.namesTarget)
  const closeNames = useUiStore((s) => s.closeNames)
  const naming = namesTarget ? list.profiles.find((p) => p.id === namesTarget) : undefined
  const setNotice = useUiStore((s) => s.setNotice)

  const editing = formTarget?.mode === 'edit' ? list.profiles.find((p) => p.id === formTarget.profileId) : undefined
  const removing = removeTarget ? list.profiles.find((p) => p.id === removeTarget) : undefined
  // A profile deleted meanwhile (another window, the host) has nothing left to edit.
  const showForm = formTarget?.mode === 'add' || (editing !== undefined && !editing.readOnly)

  return (
    <>
      {showForm && (
        <ProfileForm
          key={editing?.id ?? 'new'}
          profile={editing}
          keychainAvailable={list.keychainAvailable}
          onCancel={closeProfileForm}
          onSaved={(name) => {
            closeProfileForm()
            setNotice(t('profiles.saved', { name }))
          }}
        />
      )}
      {naming && (
        <NamesDialog
          key={naming.id}
          profile={naming}
          onClose={closeNames}
          onSaved={(name) => {
            closeNames()
            setNotice(t('names.saved', { name }))
          }}
        />
      )}
      {removing && !removing.readOnly && (
        <RemoveProfileDialog
          profile={removing}
          onClose={closeRemove}
          onRemoved={(name) => {
            closeRemove()
            setNotice(t('profiles.removed', { name }))
          }}
        />
      )}
    </>
  )
}
