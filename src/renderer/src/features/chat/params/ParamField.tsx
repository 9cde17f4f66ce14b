import { useId } from 'react'
import { useT } from '@renderer/i18n/use-t'
import { SAFETY_THRESHOLDS } from '@shared/domain/chat-limits'
import type { DraftValue } from './param-draft'
import { SAFETY_KEY_PREFIX, type FieldSpec } from './param-fields'
import { StopsField } from './StopsField'

export interface ParamFieldProps {
  spec: FieldSpec
  value: DraftValue | undefined
  error: string | null
  disabled?: boolean
  onChange: (value: DraftValue) => void
}

function useHelp(spec: FieldSpec): string {
  const { t } = useT()
  if (spec.key === 'thinkingConfig.thinkingBudget') return t('chat.params.dynamicBudget')
  if (spec.key === 'thinking.budget_tokens') return t('chat.params.budgetNeedsThinking')
  if (spec.defaultValue !== undefined) return t('chat.params.defaultValue', { value: spec.defaultValue })
  if (spec.kind === 'json' && spec.json) return t(`chat.params.jsonHelp.${spec.json}`)
  if (spec.kind === 'integer') return t('chat.params.integerRange', { min: spec.min, max: spec.max })
  if (spec.kind === 'number') return t('chat.params.range', { min: spec.min, max: spec.max })
  return ''
}

/** One parameter, labelled with its exact request name; its problem is shown at the field. */
export function ParamField({ spec, value, error, disabled, onChange }: ParamFieldProps) {
  const { t } = useT()
  const id = useId()
  const help = useHelp(spec)
  const describedBy = [error ? `${id}-error` : null, help ? `${id}-help` : null].filter(Boolean).join(' ') || undefined
  const label = spec.kind === 'threshold' ? spec.key.slice(SAFETY_KEY_PREFIX.length) : spec.key
  const text = typeof value === 'string' ? value : ''

  if (spec.kind === 'stops') {
    return (
      <StopsField
        name={spec.key}
        values={Array.isArray(value) ? value : []}
        max={spec.maxItems ?? 4}
        error={error}
        onChange={onChange}
      />
    )
  }
  if (spec.kind === 'boolean') {
    return (
      <div className="chat-param chat-param-check">
        <input
          id={id}
          type="checkbox"
          checked={value === true}
          disabled={disabled}
          onChange={(e) => onChange(e.target.checked)}
        />
        <label htmlFor={id} className="chat-param-name">
          {label}
        </label>
      </div>
    )
  }
  const common = {
    id,
    disabled,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy
  }
  return (
    <div className="field chat-param">
      <label htmlFor={id} className="field-label chat-param-name">
        {label}
      </label>
      {spec.kind === 'json' ? (
        <textarea
          {...common}
          className="input textarea chat-json"
          rows={4}
          spellCheck={false}
          value={text}
          onChange={(e) => onChange(e.target.value)}
        />
      ) : spec.kind === 'threshold' ? (
        <select {...common} className="select" value={text} onChange={(e) => onChange(e.target.value)}>
          <option value="">{t('chat.params.notSent')}</option>
          {SAFETY_THRESHOLDS.map((threshold) => (
            <option key={threshold} value={threshold}>
              {threshold}
            </option>
          ))}
        </select>
      ) : (
        <input
          {...common}
          className="input"
          type={spec.kind === 'text' ? 'text' : 'number'}
          inputMode={spec.kind === 'integer' ? 'numeric' : spec.kind === 'number' ? 'decimal' : undefined}
          step={spec.kind === 'integer' ? 1 : spec.kind === 'number' ? 'any' : undefined}
          min={spec.min}
          max={spec.max}
          placeholder={spec.defaultValue}
          value={text}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
      {help && (
        <p id={`${id}-help`} className="field-help">
          {help}
        </p>
      )}
    </div>
  )
}
