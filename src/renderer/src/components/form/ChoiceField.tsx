/** A select over a closed list of values, led by a blank entry (the request leaves the field out). */
import type { ReactNode } from 'react'
import { SelectField, type SelectOption } from './SelectField'

export function ChoiceField<V extends string>(p: {
  label: string
  value: V | ''
  onChange: (value: V | '') => void
  choices: readonly V[]
  /** The blank entry's label ("Default", "Not sent"); without it there is no blank entry. */
  blank?: string
  /** How a value is shown; the value itself by default. */
  labelOf?: (value: V) => string
  /** The language of a value's label, where it differs from the page's. */
  langOf?: (value: V) => string | undefined
  /** Entries after the values, such as "Custom…". */
  extra?: readonly SelectOption[]
  help?: ReactNode
  error?: string | null
  disabled?: boolean
  className?: string
}) {
  const options: SelectOption[] = [
    ...(p.blank === undefined ? [] : [{ value: '', label: p.blank }]),
    ...p.choices.map((v) => ({ value: v, label: p.labelOf ? p.labelOf(v) : v, lang: p.langOf?.(v) })),
    ...(p.extra ?? [])
  ]
  // Only the listed values (and '') are offered, so the select never answers with another string.
  const onChange = (v: string) => p.onChange(v as V | '')
  return (
    <SelectField
      label={p.label}
      value={p.value}
      onChange={onChange}
      options={options}
      help={p.help}
      error={p.error}
      disabled={p.disabled}
      className={p.className}
    />
  )
}
