import { FormAlert } from '@renderer/components/form/FormAlert'
import { Icon } from '@renderer/components/Icon'
import { useT } from '@renderer/i18n/use-t'
import { errorMessage } from '@renderer/lib/error-text'
import { useProfileList } from '@renderer/lib/profiles/queries'
import { useUiStore } from '@renderer/store/ui'
import { AppearanceSettings } from './AppearanceSettings'
import { LibrarySettings } from './LibrarySettings'
import { ProfileDialogs } from './ProfileDialogs'
import { ProfileList } from './ProfileList'
import { QueueSettings } from './QueueSettings'
import { ADD_PROFILE_BUTTON_ID } from './RemoveProfileDialog'

/** Profiles and keys, then appearance, the queue's caps, then the library's backups. */
export function SettingsView() {
  const { t } = useT()
  const { data: list, error } = useProfileList()
  const openProfileForm = useUiStore((s) => s.openProfileForm)
  const notice = useUiStore((s) => s.notice)

  return (
    <div className="settings">
      <section className="settings-section" aria-labelledby="settings-profiles">
        <div className="section-header">
          <h2 id="settings-profiles">{t('settings.profilesHeading')}</h2>
          <button
            type="button"
            id={ADD_PROFILE_BUTTON_ID}
            className="button button-primary"
            onClick={() => openProfileForm({ mode: 'add' })}
          >
            <Icon name="plus" size={16} />
            {t('profiles.add')}
          </button>
        </div>
        <p className="section-intro">{t('settings.profilesIntro')}</p>
        <p role="status" className="notice">
          {notice}
        </p>
        {list ? (
          <ProfileList list={list} />
        ) : error ? (
          <FormAlert title={t('settings.loadFailed')} detail={errorMessage(error)} />
        ) : (
          <p className="muted">{t('app.loading')}</p>
        )}
        {list && <ProfileDialogs list={list} />}
      </section>
      <section className="settings-section" aria-labelledby="settings-appearance">
        <h2 id="settings-appearance">{t('settings.appearanceHeading')}</h2>
        <AppearanceSettings />
      </section>
      <section className="settings-section" aria-labelledby="settings-queue">
        <h2 id="settings-queue">{t('settings.queueHeading')}</h2>
        <QueueSettings />
      </section>
      <section className="settings-section" aria-labelledby="settings-library">
        <h2 id="settings-library">{t('settings.libraryHeading')}</h2>
        <LibrarySettings />
      </section>
    </div>
  )
}
