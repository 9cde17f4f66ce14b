import type { InputHTMLAttributes, Ref } from 'react'
import { LabeledField } from './LabeledField'

export interface TextFieldProps extends Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'id' | 'aria-invalid' | 'aria-describedby'
> {
  label: string
  help?: string
  /** Shown under the field; marks the input invalid and becomes part of its description. */
  error?: string | null
  inputRef?: Ref<HTMLInputElement>
}

/** A labelled input whose help and error texts are its accessible description. */
export function TextField({ label, help, error, inputRef, className, ...input }: TextFieldProps) {
  return (
    <LabeledField label={label} error={error} help={help} className={className}>
      {(control) => <input {...input} {...control} ref={inputRef} className="input" />}
    </LabeledField>
  )
}
