import { useId } from 'react'
import { useT } from '@renderer/i18n/use-t'
import { errorMessage } from '@renderer/lib/error-text'
import { useSelectProfile } from '@renderer/lib/profiles/mutations'
import { useProfileList } from '@renderer/lib/profiles/queries'

/** The active profile's name as a native select (keyboard and screen-reader friendly), with its Synthetic badge. */
export function ProfileSwitcher() {
  const { t } = useT()
  const id = useId()
  const { data, error } = useProfileList()
  const selectProfile = useSelectProfile()
  if (!data) return <span className="header-placeholder">{error ? t('settings.loadFailed') : t('app.loading')}</span>
  const active = data.profiles.find((p) => p.id === data.activeId)
  const hintId = `${id}-synthetic`
  return (
    <div className="profile-switcher">
      <label htmlFor={id} className="header-caption">
        {t('header.activeProfile')}
      </label>
      <div className="profile-switcher-row">
        <select
          id={id}
          className="select select-profile"
          value={data.activeId}
          disabled={selectProfile.isPending}
          aria-describedby={active?.synthetic ? hintId : undefined}
          onChange={(e) => selectProfile.mutate(e.target.value)}
        >
          {data.profiles.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </select>
        {active?.synthetic && (
          <>
            <span className="badge badge-synthetic" data-testid="synthetic-badge">
              {t('header.synthetic')}
            </span>
            <span id={hintId} className="sr-only">
              {t('header.syntheticHint')}
            </span>
          </>
        )}
      </div>
      {selectProfile.error && (
        <p role="alert" className="header-error">
          {t('header.switchFailed')}: {errorMessage(selectProfile.error)}
        </p>
      )}
    </div>
  )
}
