import { useQuery } from '@tanstack/react-query'
import { useId } from 'react'
import { useT } from '@renderer/i18n/use-t'
import { errorMessage } from '@renderer/lib/error-text'
import { settingsQuery, useUpdateSettings } from '@renderer/lib/settings/queries'
import type { AppSettings } from '@shared/domain/settings'

/** Theme and language, saved by the host (so every window and the next launch agree). */
export function AppearanceSettings() {
  const { t } = useT()
  const themeId = useId()
  const languageId = useId()
  const { data: settings } = useQuery(settingsQuery())
  const update = useUpdateSettings()
  // While a change is on its way, show the choice just made rather than the old value.
  const pending = update.isPending ? update.variables : undefined
  const theme = pending?.theme ?? settings?.theme ?? 'system'
  const language = pending?.language ?? settings?.language ?? 'system'

  return (
    <div className="appearance">
      <div className="field field-inline">
        <label htmlFor={themeId} className="field-label">
          {t('appearance.theme')}
        </label>
        <select
          id={themeId}
          className="select"
          value={theme}
          disabled={!settings}
          onChange={(e) => update.mutate({ theme: e.target.value as AppSettings['theme'] })}
        >
          <option value="system">{t('appearance.system')}</option>
          <option value="light">{t('appearance.light')}</option>
          <option value="dark">{t('appearance.dark')}</option>
        </select>
      </div>
      <div className="field field-inline">
        <label htmlFor={languageId} className="field-label">
          {t('appearance.language')}
        </label>
        <select
          id={languageId}
          className="select"
          value={language}
          disabled={!settings}
          onChange={(e) => update.mutate({ language: e.target.value as AppSettings['language'] })}
        >
          <option value="system">{t('appearance.system')}</option>
          {/* Each language is named in itself, so it can be found whatever is showing now. */}
          <option value="en" lang="en">
            English
          </option>
          <option value="zh" lang="zh-CN">
            中文
          </option>
        </select>
      </div>
      {update.error && (
        <p role="alert" className="form-alert">
          {t('appearance.saveFailed')}: {errorMessage(update.error)}
        </p>
      )}
    </div>
  )
}
