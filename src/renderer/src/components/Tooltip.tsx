import { useId, useState, type KeyboardEvent, type ReactNode } from 'react'

/** Keyboard focus shows the tooltip; a mouse click (which also focuses) must not leave it stuck open. */
function showsFocusRing(el: EventTarget): boolean {
  if (!(el instanceof Element)) return false
  try {
    return el.matches(':focus-visible')
  } catch {
    return true
  }
}

export interface TooltipProps {
  /** What the tooltip says; also the trigger's accessible description. */
  content: ReactNode
  /** Renders the trigger; spread `describedBy` into its `aria-describedby`. */
  children: (describedBy: string) => ReactNode
  placement?: 'right' | 'bottom' | 'bottom-end'
}

/**
 * A tooltip that shows on hover and on keyboard focus (unlike `title`), hides on Escape, and is
 * always the trigger's accessible description, so screen readers hear it without hovering.
 */
export function Tooltip({ content, children, placement = 'bottom' }: TooltipProps) {
  const id = useId()
  const [open, setOpen] = useState(false)
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape' && open) {
      // Only this tooltip closes; an enclosing dialog stays open.
      e.stopPropagation()
      setOpen(false)
    }
  }
  return (
    <span
      className="tooltip-anchor"
      onMouseEnter={() => setOpen(true)}
      onMouseLeave={() => setOpen(false)}
      onFocus={(e) => showsFocusRing(e.target) && setOpen(true)}
      onBlur={() => setOpen(false)}
      onKeyDown={onKeyDown}
    >
      {children(id)}
      <span role="tooltip" id={id} className={`tooltip tooltip-${placement}`} data-open={open ? 'true' : 'false'}>
        {content}
      </span>
    </span>
  )
}
