/** A label, one control and the control's error and help texts, which are its accessible description. */
import { useId, type ReactNode } from 'react'

/** The ids of a control's error and help texts, for aria-describedby. */
export function describedBy(id: string, error?: string | null, help?: ReactNode): string | undefined {
  return [error ? `${id}-error` : null, help ? `${id}-help` : null].filter(Boolean).join(' ') || undefined
}

/** A control's error and help texts, with the ids describedBy names. */
export function Notes({
  id,
  error,
  help,
  helpClassName = 'field-help'
}: {
  id: string
  error?: string | null
  help?: ReactNode
  helpClassName?: string
}) {
  return (
    <>
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
      {help && (
        <div id={`${id}-help`} className={helpClassName}>
          {help}
        </div>
      )}
    </>
  )
}

/** What the control needs to be labelled and described: spread it onto the input, select or textarea. */
export interface ControlWiring {
  id: string
  'aria-invalid': true | undefined
  'aria-describedby': string | undefined
}

export function LabeledField(p: {
  label: ReactNode
  error?: string | null
  help?: ReactNode
  className?: string
  /** `sr-only` for a label or help that only screen readers need (the control's look says it). */
  labelClassName?: string
  helpClassName?: string
  /** Renders the control with its wiring. */
  children: (control: ControlWiring) => ReactNode
}) {
  const id = useId()
  return (
    <div className={p.className ? `field ${p.className}` : 'field'}>
      <label htmlFor={id} className={p.labelClassName ?? 'field-label'}>
        {p.label}
      </label>
      {p.children({
        id,
        'aria-invalid': p.error ? true : undefined,
        'aria-describedby': describedBy(id, p.error, p.help)
      })}
      <Notes id={id} error={p.error} help={p.help} helpClassName={p.helpClassName} />
    </div>
  )
}
