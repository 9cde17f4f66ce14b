import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { Icon } from '@renderer/components/Icon'

export type ChosenPersistence = 'session' | 'file'

/**
 * Shown only when the system has no keychain: the key is kept for this session unless the user
 * explicitly accepts an unencrypted file, with the risk spelled out next to that option.
 */
export function PersistenceChoice({ value, onChange, disabled }: { value: ChosenPersistence; onChange: (v: ChosenPersistence) => void; disabled?: boolean }) {
  const { t } = useTranslation()
  const id = useId()
  const sessionHelpId = `${id}-session-help`
  const fileWarningId = `${id}-file-warning`
  return (
    <fieldset className="choice-group" disabled={disabled}>
      <legend className="field-label">{t('form.persistenceLegend')}</legend>
      <p className="field-help">{t('form.persistenceIntro')}</p>
      <label className="choice">
        <input
          type="radio"
          name={`${id}-persistence`}
          value="session"
          checked={value === 'session'}
          onChange={() => onChange('session')}
          aria-describedby={sessionHelpId}
        />
        <span>
          <span className="choice-label">{t('form.persistenceSession')}</span>
          <span id={sessionHelpId} className="field-help">
            {t('form.persistenceSessionHelp')}
          </span>
        </span>
      </label>
      <label className="choice">
        <input
          type="radio"
          name={`${id}-persistence`}
          value="file"
          checked={value === 'file'}
          onChange={() => onChange('file')}
          aria-describedby={fileWarningId}
        />
        <span>
          <span className="choice-label">{t('form.persistenceFile')}</span>
          <span id={fileWarningId} className={value === 'file' ? 'warning warning-strong' : 'warning'}>
            <Icon name="warning" size={16} />
            {t('form.persistenceFileWarning')}
          </span>
        </span>
      </label>
    </fieldset>
  )
}
