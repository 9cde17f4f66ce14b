import { useEffect, useId, useRef } from 'react'
import { LabeledField, type ControlWiring } from './LabeledField'

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
 * A model name input with the names offered as a datalist: a native `<input list>`, so keyboard use
 * and screen readers come with it. Any typed name is kept.
 */
export function ModelInput(p: {
  control: ControlWiring
  value: string
  onChange: (model: string) => void
  suggestions: readonly string[]
  placeholder?: string
  maxLength?: number
}) {
  const listId = `${useId()}-models`
  return (
    <>
      <input
        {...p.control}
        className="input"
        list={listId}
        value={p.value}
        maxLength={p.maxLength ?? MODEL_FIELD_MAX}
        placeholder={p.placeholder}
        autoComplete="off"
        spellCheck={false}
        onChange={(e) => p.onChange(e.target.value)}
      />
      <datalist id={listId}>
        {p.suggestions.map((m) => (
          <option key={m} value={m} />
        ))}
      </datalist>
    </>
  )
}

/** A model combobox: the profile's names for the family as suggestions, any typed name accepted. */
export function ModelField({
  label,
  value,
  onChange,
  suggestions,
  help,
  error,
  fillWhenBlank = true
}: ModelFieldProps) {
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
        <ModelInput control={control} value={value} onChange={(v) => onChange(v.trim())} suggestions={suggestions} />
      )}
    </LabeledField>
  )
}
