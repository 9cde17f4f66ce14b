import { useId, type InputHTMLAttributes, type Ref } from 'react'

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'aria-invalid' | 'aria-describedby'> {
  label: string
  help?: string
  /** Shown under the field; marks the input invalid and becomes part of its description. */
  error?: string | null
  inputRef?: Ref<HTMLInputElement>
}

/** A labelled input whose help and error texts are its accessible description. */
export function TextField({ label, help, error, inputRef, className, ...input }: TextFieldProps) {
  const id = useId()
  const helpId = `${id}-help`
  const errorId = `${id}-error`
  const describedBy = [error ? errorId : null, help ? helpId : null].filter(Boolean).join(' ') || undefined
  return (
    <div className={className ? `field ${className}` : 'field'}>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <input
        {...input}
        id={id}
        ref={inputRef}
        className="input"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
      />
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
      {help && (
        <p id={helpId} className="field-help">
          {help}
        </p>
      )}
    </div>
  )
}
