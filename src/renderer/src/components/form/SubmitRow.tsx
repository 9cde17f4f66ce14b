import type { ReactNode } from 'react'

/**
 * A form's send row: its submit button, marked busy while the request is out (a screen reader
 * says so; the button stays pressable, since each form decides what a second press does), and
 * whatever stands beside it, such as the phase a long send is in. `keys` names the form's submit
 * shortcut (its tooltip).
 */
export function SubmitRow({
  label,
  busy,
  primary = true,
  keys,
  children
}: {
  label: ReactNode
  busy: boolean
  primary?: boolean
  keys?: string
  children?: ReactNode
}) {
  return (
    <div className="form-actions">
      <button
        type="submit"
        className={primary ? 'button button-primary' : 'button'}
        aria-busy={busy || undefined}
        title={keys}
        aria-keyshortcuts={keys ? 'Control+Enter Meta+Enter' : undefined}
      >
        {label}
      </button>
      {children}
    </div>
  )
}
