import { useT } from '@renderer/i18n/use-t'
import { keyStatusKey, maskedLast4 } from '@renderer/lib/profiles/key-status'
import { useUiStore } from '@renderer/store/ui'
import type { ProfileView } from '@shared/domain/profiles'
import { TestConnectionResult } from './TestConnection'
import { useConnectionTest } from './use-connection-test'

export interface ProfileListItemProps {
  profile: ProfileView
  active: boolean
  onUse: (id: string) => void
  usePending: boolean
}

/** One profile: what it is, where its key is kept, and what can be done with it. */
export function ProfileListItem({ profile, active, onUse, usePending }: ProfileListItemProps) {
  const { t } = useT()
  const openProfileForm = useUiStore((s) => s.openProfileForm)
  const askRemove = useUiStore((s) => s.askRemove)
  const openNames = useUiStore((s) => s.openNames)
  const test = useConnectionTest()
  const masked = maskedLast4(profile.key)
  const name = profile.name

  return (
    <li
      className="profile-item"
      data-profile-id={profile.id}
      data-active={active ? 'true' : 'false'}
      aria-current={active ? 'true' : undefined}
    >
      <div className="profile-item-main">
        <div className="profile-item-title">
          <span className="profile-item-name">{name}</span>
          {active && <span className="badge badge-active">{t('profiles.active')}</span>}
        </div>
        {profile.kind === 'sandbox' ? (
          <p className="profile-item-meta">{t('profiles.builtInSynthetic')}</p>
        ) : (
          <>
            <p className="profile-item-meta profile-item-url">{profile.baseUrl}</p>
            {profile.kind === 'env' && <p className="profile-item-meta">{t('profiles.fromEnvironment')}</p>}
            <p className="profile-item-key" data-key-status={keyStatusKey(profile.key).slice('keyStatus.'.length)}>
              <span>{t(keyStatusKey(profile.key))}</span>
              {masked && (
                <>
                  <span className="profile-item-last4" aria-hidden="true">
                    {masked}
                  </span>
                  <span className="sr-only">{t('profiles.keyLast4', { last4: profile.key.last4 })}</span>
                </>
              )}
            </p>
          </>
        )}
      </div>
      <div className="profile-item-actions">
        {!active && (
          <button
            type="button"
            className="button button-small"
            aria-label={t('profiles.useNamed', { name })}
            disabled={usePending}
            onClick={() => onUse(profile.id)}
          >
            {t('profiles.use')}
          </button>
        )}
        <button
          type="button"
          className="button button-small"
          aria-label={t('profiles.testNamed', { name })}
          aria-busy={test.state.status === 'testing' || undefined}
          onClick={() => void test.run({ id: profile.id })}
        >
          {t('profiles.test')}
        </button>
        <button
          type="button"
          className="button button-small"
          aria-label={t('names.openNamed', { name })}
          onClick={() => openNames(profile.id)}
        >
          {t('names.open')}
        </button>
        {!profile.readOnly && (
          <>
            <button
              type="button"
              className="button button-small"
              aria-label={t('profiles.editNamed', { name })}
              onClick={() => openProfileForm({ mode: 'edit', profileId: profile.id })}
            >
              {t('profiles.edit')}
            </button>
            <button
              type="button"
              className="button button-small button-danger"
              aria-label={t('profiles.removeNamed', { name })}
              onClick={() => askRemove(profile.id)}
            >
              {t('profiles.remove')}
            </button>
          </>
        )}
      </div>
      <div className="profile-item-result">
        <TestConnectionResult state={test.state} />
      </div>
    </li>
  )
}
