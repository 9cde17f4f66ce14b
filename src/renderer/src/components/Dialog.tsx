import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode, type RefObject } from 'react'
import { createPortal } from 'react-dom'

const FOCUSABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])'
].join(',')

function focusableIn(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((el) => !el.closest('[hidden]'))
}

/**
 * Hides everything outside the dialog from assistive technology and from pointer/keyboard
 * (`aria-hidden` + `inert` on the other children of <body>), so role queries and screen readers
 * see only the dialog. Returns the undo.
 */
function hideOutside(dialogRoot: HTMLElement): () => void {
  const changed: HTMLElement[] = []
  for (const el of Array.from(document.body.children)) {
    if (
      !(el instanceof HTMLElement) ||
      el === dialogRoot ||
      el.contains(dialogRoot) ||
      el.getAttribute('aria-hidden') === 'true'
    )
      continue
    el.setAttribute('aria-hidden', 'true')
    el.inert = true
    changed.push(el)
  }
  return () => {
    for (const el of changed) {
      el.removeAttribute('aria-hidden')
      el.inert = false
    }
  }
}

export interface DialogProps {
  title: string
  onClose: () => void
  children: ReactNode
  /** 'alertdialog' for confirmations that interrupt. */
  role?: 'dialog' | 'alertdialog'
  /** Id of the element that describes the dialog (for confirmations). */
  describedBy?: string
  /** Where focus goes on open; the first focusable element otherwise. */
  initialFocus?: RefObject<HTMLElement | null>
  /** Where focus goes on close when the opener no longer exists (e.g. its list item was deleted). */
  fallbackFocus?: () => HTMLElement | null
  /** While true, Escape does nothing (a save is in flight and its answer must be shown). */
  busy?: boolean
  className?: string
}

/**
 * A modal dialog: focus moves in on open, Tab cycles inside, Escape closes, and focus returns to
 * the element that opened it.
 */
export function Dialog({
  title,
  onClose,
  children,
  role = 'dialog',
  describedBy,
  initialFocus,
  fallbackFocus,
  busy = false,
  className
}: DialogProps) {
  const titleId = useId()
  const panelRef = useRef<HTMLDivElement>(null)
  const rootRef = useRef<HTMLDivElement>(null)
  // The latest props, read by the mount-time effect without re-running it.
  const latest = useRef({ fallbackFocus, initialFocus })
  useEffect(() => {
    latest.current = { fallbackFocus, initialFocus }
  })

  useEffect(() => {
    const panel = panelRef.current
    const root = rootRef.current
    if (!panel || !root) return
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null
    const showOutside = hideOutside(root)
    const first = latest.current.initialFocus?.current ?? focusableIn(panel)[0] ?? panel
    first.focus()
    // Focus that somehow lands outside (a click on the backdrop, a script) is brought back.
    const keepFocusInside = (e: FocusEvent) => {
      if (e.target instanceof Node && !root.contains(e.target)) (focusableIn(panel)[0] ?? panel).focus()
    }
    document.addEventListener('focusin', keepFocusInside)
    return () => {
      document.removeEventListener('focusin', keepFocusInside)
      showOutside()
      const target = opener?.isConnected ? opener : latest.current.fallbackFocus?.()
      target?.focus()
    }
  }, [])

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === 'Escape') {
      e.stopPropagation()
      if (!busy) onClose()
      return
    }
    if (e.key !== 'Tab' || !panelRef.current) return
    const items = focusableIn(panelRef.current)
    if (items.length === 0) {
      e.preventDefault()
      return
    }
    const firstItem = items[0]
    const lastItem = items[items.length - 1]
    if (e.shiftKey && (document.activeElement === firstItem || document.activeElement === panelRef.current)) {
      e.preventDefault()
      lastItem.focus()
    } else if (!e.shiftKey && document.activeElement === lastItem) {
      e.preventDefault()
      firstItem.focus()
    }
  }

  return createPortal(
    <div className="dialog-backdrop" ref={rootRef}>
      <div
        ref={panelRef}
        className={className ? `dialog ${className}` : 'dialog'}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={describedBy}
        tabIndex={-1}
        onKeyDown={onKeyDown}
      >
        <h2 id={titleId} className="dialog-title">
          {title}
        </h2>
        {children}
      </div>
    </div>,
    document.body
  )
}
