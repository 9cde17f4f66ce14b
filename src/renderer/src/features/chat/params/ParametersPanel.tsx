import { useId } from 'react'
import { useT } from '@renderer/i18n/use-t'
import type { ConversationSettings } from '../settings/use-settings'
import { FIELDS, type FieldSpec } from './param-fields'
import { ParamField } from './ParamField'
import { ParamsKeyButton } from './ParamsKeyButton'
import { PresetsSection } from './PresetsSection'
import { problemText } from './problem-text'

export const PARAMETERS_PANEL_ID = 'chat-parameters'

const GROUPS = ['thinking', 'safety', 'tools', 'output'] as const

/**
 * The format's parameters under their request names, validated as typed, plus presets. A drawer
 * over the right edge of the chat area, closed until asked for, so the transcript keeps its width.
 */
export function ParametersPanel({ settings }: { settings: ConversationSettings }) {
  const { t } = useT()
  const headingId = useId()
  const { draft, fieldProblems } = settings
  const specs = FIELDS[draft.format]
  const field = (spec: FieldSpec) => {
    const problem = fieldProblems[spec.key]
    const disabled = spec.key === 'thinking.budget_tokens' && draft.fields['thinking.enabled'] !== true
    return (
      <ParamField
        key={spec.key}
        spec={spec}
        value={draft.fields[spec.key]}
        error={problem ? problemText(t, problem) : null}
        disabled={disabled}
        onChange={(value) => settings.setField(spec.key, value)}
      />
    )
  }
  return (
    <section id={PARAMETERS_PANEL_ID} className="chat-params" aria-labelledby={headingId}>
      <div className="chat-params-head">
        <h2 id={headingId} className="chat-panel-title">
          {t('chat.params.heading')}
        </h2>
        <ParamsKeyButton
          open={false}
          hint="chat.params.closeHint"
          className="button button-small icon-button"
          aria-label={t('chat.params.close')}
        >
          <span aria-hidden="true">×</span>
        </ParamsKeyButton>
      </div>
      <p className="field-help">{t('chat.params.intro')}</p>
      {settings.ready ? (
        <>
          <div className="chat-params-fields">
            {specs.filter((s) => !s.group).map(field)}
            {GROUPS.map((group) => {
              const inGroup = specs.filter((s) => s.group === group)
              if (inGroup.length === 0) return null
              return (
                <fieldset key={group} className="chat-param-group">
                  <legend className="field-label">{t(`chat.params.groups.${group}`)}</legend>
                  {inGroup.map(field)}
                </fieldset>
              )
            })}
          </div>
          <PresetsSection settings={settings} />
        </>
      ) : (
        <p className="muted">{t('app.loading')}</p>
      )}
    </section>
  )
}
