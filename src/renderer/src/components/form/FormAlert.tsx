import type { ReactNode } from 'react'

/**
 * A failure shown where it happened: what failed (title) and why (detail), announced at once.
 * `role="group"` (with the title as its name) is for failures that are state, not news: a job
 * card's last error, listed again on every render of a board.
 */
export function FormAlert({
  title,
  detail,
  role = 'alert'
}: {
  title: ReactNode
  detail: ReactNode
  role?: 'alert' | 'group'
}) {
  return (
    <div
      className="form-alert"
      role={role}
      aria-label={role === 'group' && typeof title === 'string' ? title : undefined}
    >
      <p className="form-alert-title">{title}</p>
      <p className="form-alert-detail">{detail}</p>
    </div>
  )
}
