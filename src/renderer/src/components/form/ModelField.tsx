import { useEffect, useId, useRef } from 'react'
import { LabeledField } from './LabeledField'

export interface ModelFieldProps {
  label: string
  value: string
  onChange: (model: string) => void
  /** The profile's names for this family: offered, never required (a gateway may route others). */
  suggestions: readonly string[]
  help?: string
  error?: string | null
  /** When the field is blank, take the first suggestion (a new form starts on the profile's first model). */
  fillWhenBlank?: boolean
}

export const MODEL_FIELD_MAX = 200

/**
 * A model combobox: the profile's names for the family as suggestions, any typed name accepted.
 * A native `<input list>`, so keyboard use and screen readers come with it.
 */
export function ModelField({ label, value, onChange, suggestions, help, error, fillWhenBlank = true }: ModelFieldProps) {
  const listId = `${useId()}-models`
  const first = suggestions[0]
  // Once per mount: a user who clears the field to type another name must not see it refilled.
  const filled = useRef(false)
  useEffect(() => {
    if (filled.current || first === undefined) return
    filled.current = true
    if (fillWhenBlank && value === '') onChange(first)
  }, [fillWhenBlank, value, first, onChange])
  return (
    <LabeledField label={label} error={error} help={help}>
      {(control) => (
        <>
          <input
            {...control}
            className="input"
            list={listId}
            value={value}
            maxLength={MODEL_FIELD_MAX}
            autoComplete="off"
            spellCheck={false}
            onChange={(e) => onChange(e.target.value.trim())}
          />
          <datalist id={listId}>
            {suggestions.map((m) => (
              <option key={m} value={m} />
            ))}
          </datalist>
        </>
      )}
    </LabeledField>
  )
}
