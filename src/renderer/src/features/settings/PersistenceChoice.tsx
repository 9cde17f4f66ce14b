import { useId } from 'react'
import { Icon } from '@renderer/components/Icon'
import { useT } from '@renderer/i18n/use-t'

export type ChosenPersistence = 'session' | 'file'

/**
 * Shown only when the system has no keychain: the key is kept for this session unless the user
 * explicitly accepts an unencrypted file, with the risk spelled out next to that option.
 */
export function PersistenceChoice({
  value,
  onChange
}: {
  value: ChosenPersistence
  onChange: (v: ChosenPersistence) => void
}) {
  const { t } = useT()
  const id = useId()
  const sessionHelpId = `${id}-session-help`
  const fileWarningId = `${id}-file-warning`
  return (
    <fieldset className="choice-group">
      <legend className="field-label">{t('form.persistenceLegend')}</legend>
      <p className="field-help">{t('form.persistenceIntro')}</p>
      {/* Each radio is named by its label only; the help or warning is its description. */}
      <div className="choice">
        <input
          id={`${id}-session`}
          type="radio"
          name={`${id}-persistence`}
          value="session"
          checked={value === 'session'}
          onChange={() => onChange('session')}
          aria-describedby={sessionHelpId}
        />
        <div>
          <label htmlFor={`${id}-session`} className="choice-label">
            {t('form.persistenceSession')}
          </label>
          <span id={sessionHelpId} className="field-help">
            {t('form.persistenceSessionHelp')}
          </span>
        </div>
      </div>
      <div className="choice">
        <input
          id={`${id}-file`}
          type="radio"
          name={`${id}-persistence`}
          value="file"
          checked={value === 'file'}
          onChange={() => onChange('file')}
          aria-describedby={fileWarningId}
        />
        <div>
          <label htmlFor={`${id}-file`} className="choice-label">
            {t('form.persistenceFile')}
          </label>
          <span id={fileWarningId} className={value === 'file' ? 'warning warning-strong' : 'warning'}>
            <Icon name="warning" size={16} />
            {t('form.persistenceFileWarning')}
          </span>
        </div>
      </div>
    </fieldset>
  )
}
