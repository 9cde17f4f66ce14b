/** A labelled select; its help and error texts are the control's accessible description. */
import type { ReactNode } from 'react'
import { LabeledField } from './LabeledField'

export interface SelectOption {
  value: string
  label: string
  /** The language of the label, where it differs from the page's (a language named in itself). */
  lang?: string
}

export function SelectField(p: {
  label: string
  value: string
  onChange: (value: string) => void
  options: readonly SelectOption[]
  help?: ReactNode
  error?: string | null
  disabled?: boolean
  className?: string
}) {
  return (
    <LabeledField label={p.label} error={p.error} help={p.help} className={p.className}>
      {(control) => (
        <select
          {...control}
          className="select"
          value={p.value}
          disabled={p.disabled}
          onChange={(e) => p.onChange(e.target.value)}
        >
          {p.options.map((o) => (
            <option key={o.value} value={o.value} lang={o.lang}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </LabeledField>
  )
}
