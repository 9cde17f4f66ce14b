import type { KeyboardEvent, ReactNode } from 'react'

/**
 * The bottom of a long form: its cost estimate and main action. It sticks to the bottom of the
 * scroll pane, so the action stays in reach however tall the form grows.
 */
export function FormFooter({ children }: { children: ReactNode }) {
  return (
    <div className="form-footer" data-testid="form-footer">
      {children}
    </div>
  )
}

/** Ctrl+Enter (Cmd+Enter on a Mac) submits the form from any of its fields. */
export function submitOnModEnter(e: KeyboardEvent<HTMLFormElement>): void {
  if (e.key !== 'Enter' || !(e.ctrlKey || e.metaKey) || e.nativeEvent.isComposing) return
  e.preventDefault()
  e.currentTarget.requestSubmit()
}

/** How the submit shortcut is written on this platform, for tooltips. */
export function submitKeyName(): string {
  const mac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent)
  return mac ? '⌘+Enter' : 'Ctrl+Enter'
}
