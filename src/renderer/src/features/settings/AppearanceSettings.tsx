import { useQuery } from '@tanstack/react-query'
import { ChoiceField } from '@renderer/components/form/ChoiceField'
import { useT } from '@renderer/i18n/use-t'
import { errorMessage } from '@renderer/lib/error-text'
import { settingsQuery, useUpdateSettings } from '@renderer/lib/settings/queries'
import type { AppSettings } from '@shared/domain/settings'

const THEMES = ['system', 'light', 'dark'] as const satisfies readonly AppSettings['theme'][]
const LANGUAGES = ['system', 'en', 'zh'] as const satisfies readonly AppSettings['language'][]
// Each language is named in itself, so it can be found whatever is showing now.
const LANGUAGE_NAMES = { en: { label: 'English', lang: 'en' }, zh: { label: '中文', lang: 'zh-CN' } } as const

/** Theme and language, saved by the host (so every window and the next launch agree). */
export function AppearanceSettings() {
  const { t } = useT()
  const { data: settings } = useQuery(settingsQuery())
  const update = useUpdateSettings()
  // While a change is on its way, show the choice just made rather than the old value.
  const pending = update.isPending ? update.variables : undefined
  const theme = pending?.theme ?? settings?.theme ?? 'system'
  const language = pending?.language ?? settings?.language ?? 'system'

  return (
    <div className="appearance">
      <ChoiceField
        className="field-inline"
        label={t('appearance.theme')}
        value={theme}
        disabled={!settings}
        onChange={(v) => v && update.mutate({ theme: v })}
        choices={THEMES}
        labelOf={(v) => t(`appearance.${v}`)}
      />
      <ChoiceField
        className="field-inline"
        label={t('appearance.language')}
        value={language}
        disabled={!settings}
        onChange={(v) => v && update.mutate({ language: v })}
        choices={LANGUAGES}
        labelOf={(v) => (v === 'system' ? t('appearance.system') : LANGUAGE_NAMES[v].label)}
        langOf={(v) => (v === 'system' ? undefined : LANGUAGE_NAMES[v].lang)}
      />
      {update.error && (
        <p role="alert" className="form-alert">
          {t('appearance.saveFailed')}: {errorMessage(update.error)}
        </p>
      )}
    </div>
  )
}
