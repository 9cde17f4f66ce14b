import type { ReactNode } from 'react'

/**
 * A form's send row: its submit button, marked busy while the request is out (a screen reader
 * says so; the button stays pressable, since each form decides what a second press does), and
 * whatever stands beside it, such as the phase a long send is in.
 */
export function SubmitRow({ label, busy, primary = true, children }: { label: ReactNode; busy: boolean; primary?: boolean; children?: ReactNode }) {
  return (
    <div className="form-actions">
      <button type="submit" className={primary ? 'button button-primary' : 'button'} aria-busy={busy || undefined}>
        {label}
      </button>
      {children}
    </div>
  )
}
