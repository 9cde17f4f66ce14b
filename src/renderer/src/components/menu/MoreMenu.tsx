import { useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react'
import { createPortal } from 'react-dom'
import { useT } from '@renderer/i18n/use-t'
import { IconButton } from '../IconButton'

export interface MenuItem {
  key: string
  label: string
  onSelect: () => void
  danger?: boolean
}

/**
 * An item's less frequent actions behind one "More" button: a menu (role=menu) that opens below
 * it, moves with the arrow keys, Home and End, and closes on Escape, Tab or a click elsewhere.
 * It is drawn over the page (portal), so a small card's clipping never cuts it off.
 */
export function MoreMenu({
  items,
  label,
  text,
  disabled,
  tabIndex,
  className
}: {
  items: readonly MenuItem[]
  label?: string
  /** A text trigger (a small button with these words) instead of the "More" icon. */
  text?: string
  disabled?: boolean
  tabIndex?: number
  className?: string
}) {
  const { t } = useT()
  const [open, setOpen] = useState(false)
  const [pos, setPos] = useState<{ top: number; right: number } | null>(null)
  // Inside an open dialog the menu must stay in its (non-inert) subtree.
  const [host, setHost] = useState<Element | null>(null)
  const trigger = useRef<HTMLButtonElement>(null)
  const menu = useRef<HTMLDivElement>(null)
  const id = useId()

  useLayoutEffect(() => {
    if (!open || !trigger.current) return
    const r = trigger.current.getBoundingClientRect()
    setPos({ top: r.bottom + 4, right: Math.max(4, window.innerWidth - r.right) })
    setHost(trigger.current.closest('.dialog-backdrop') ?? document.body)
  }, [open])
  // Near the bottom of the window the menu opens upwards, so every entry stays on screen.
  useLayoutEffect(() => {
    const m = menu.current
    if (!open || !host || !m || !trigger.current) return
    const r = trigger.current.getBoundingClientRect()
    const h = m.getBoundingClientRect().height
    if (r.bottom + 4 + h > window.innerHeight) setPos((p) => p && { ...p, top: Math.max(4, r.top - 4 - h) })
  }, [open, host])
  useEffect(() => {
    if (open && host) menu.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus()
  }, [open, host])
  useEffect(() => {
    if (!open) return
    const away = (e: PointerEvent) => {
      if (e.target instanceof Node && !menu.current?.contains(e.target) && !trigger.current?.contains(e.target))
        setOpen(false)
    }
    const scrolled = () => setOpen(false)
    document.addEventListener('pointerdown', away)
    window.addEventListener('resize', scrolled)
    return () => {
      document.removeEventListener('pointerdown', away)
      window.removeEventListener('resize', scrolled)
    }
  }, [open])

  const close = (refocus: boolean) => {
    setOpen(false)
    if (refocus) trigger.current?.focus()
  }
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const entries = Array.from(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])
    const at = entries.indexOf(document.activeElement as HTMLElement)
    const go = (i: number) => {
      e.preventDefault()
      entries[(i + entries.length) % entries.length]?.focus()
    }
    if (e.key === 'ArrowDown') go(at + 1)
    else if (e.key === 'ArrowUp') go(at - 1)
    else if (e.key === 'Home') go(0)
    else if (e.key === 'End') go(entries.length - 1)
    else if (e.key === 'Escape') {
      e.preventDefault()
      e.stopPropagation()
      close(true)
    } else if (e.key === 'Tab') close(false)
    // Keys meant for the menu stay out of the grid or dialog around it.
    e.stopPropagation()
  }

  const triggerProps = {
    tabIndex,
    disabled,
    'aria-haspopup': 'menu' as const,
    'aria-expanded': open,
    'aria-controls': open ? id : undefined,
    onClick: () => setOpen((o) => !o),
    onKeyDown: (e: KeyboardEvent<HTMLButtonElement>) => {
      if (e.key === 'ArrowDown' && !open) {
        e.preventDefault()
        e.stopPropagation()
        setOpen(true)
      }
    }
  }
  return (
    <>
      {text ? (
        <button ref={trigger} type="button" className={className ?? 'button button-small'} {...triggerProps}>
          {text}
        </button>
      ) : (
        <IconButton
          ref={trigger}
          icon="more"
          label={label ?? t('actions.more')}
          className={className}
          {...triggerProps}
        />
      )}
      {open &&
        host &&
        createPortal(
          <div
            ref={menu}
            id={id}
            role="menu"
            aria-label={label ?? t('actions.more')}
            className="more-menu"
            style={pos ? { top: pos.top, right: pos.right } : { visibility: 'hidden' }}
            onKeyDown={onKeyDown}
          >
            {items.map((it) => (
              <button
                key={it.key}
                type="button"
                role="menuitem"
                tabIndex={-1}
                className={it.danger ? 'more-menu-item more-menu-danger' : 'more-menu-item'}
                onClick={() => {
                  close(true)
                  it.onSelect()
                }}
              >
                {it.label}
              </button>
            ))}
          </div>,
          host
        )}
    </>
  )
}
