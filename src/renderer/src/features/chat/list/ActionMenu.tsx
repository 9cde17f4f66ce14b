import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react'

export interface MenuAction {
  label: string
  onSelect: () => void
  danger?: boolean
}

/**
 * A menu button: Enter/Space/ArrowDown open it with focus on the first item, arrows move, Escape
 * and Tab close it, focus returns to the button; a click outside closes it.
 */
export function ActionMenu({
  label,
  actions,
  hint,
  glyph
}: {
  label: string
  actions: readonly MenuAction[]
  /** The button's tooltip (its name by default). */ hint?: string
  /** Drawn on the button instead of the ellipsis. */ glyph?: ReactNode
}) {
  const id = useId()
  const [open, setOpen] = useState(false)
  const button = useRef<HTMLButtonElement>(null)
  const menu = useRef<HTMLUListElement>(null)

  useEffect(() => {
    if (!open) return
    menu.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus()
    const onPointerDown = (e: PointerEvent) => {
      if (e.target instanceof Node && !menu.current?.contains(e.target) && !button.current?.contains(e.target))
        setOpen(false)
    }
    document.addEventListener('pointerdown', onPointerDown)
    return () => document.removeEventListener('pointerdown', onPointerDown)
  }, [open])

  const close = (refocus: boolean) => {
    setOpen(false)
    if (refocus) button.current?.focus()
  }
  const onMenuKeyDown = (e: KeyboardEvent<HTMLUListElement>) => {
    const items = Array.from(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])
    const i = items.indexOf(document.activeElement as HTMLElement)
    const move = (to: number) => items[(to + items.length) % items.length]?.focus()
    if (e.key === 'ArrowDown') move(i + 1)
    else if (e.key === 'ArrowUp') move(i - 1)
    else if (e.key === 'Home') move(0)
    else if (e.key === 'End') move(items.length - 1)
    else if (e.key === 'Escape') close(true)
    else if (e.key === 'Tab') return close(false)
    else return
    e.preventDefault()
    e.stopPropagation()
  }
  return (
    <div className="menu-anchor">
      <button
        ref={button}
        type="button"
        className="button button-small menu-button"
        aria-label={label}
        title={hint ?? label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        onClick={() => setOpen(!open)}
        onKeyDown={(e) => {
          if (e.key !== 'ArrowDown') return
          e.preventDefault()
          e.stopPropagation()
          setOpen(true)
        }}
      >
        {glyph ?? <span aria-hidden="true">⋯</span>}
      </button>
      {open && (
        <ul ref={menu} id={id} role="menu" aria-label={label} className="menu" onKeyDown={onMenuKeyDown}>
          {actions.map((action) => (
            <li key={action.label} role="none">
              <button
                type="button"
                role="menuitem"
                tabIndex={-1}
                className={action.danger ? 'menu-item menu-item-danger' : 'menu-item'}
                onClick={() => {
                  close(true)
                  action.onSelect()
                }}
              >
                {action.label}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
