import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react'
import { trackLoad } from '@renderer/lib/lazy-loads'
import { isModalOpen, useUiStore } from '@renderer/store/ui'

const PRELOAD_AFTER_MS = 3000
const loadDialog = () => trackLoad(import('./PaletteDialog'))
const PaletteDialog = lazy(() => loadDialog().then((m) => ({ default: m.PaletteDialog })))

/** Ctrl/Cmd+K opens the palette (not while another dialog is open). */
export function isPaletteShortcut(e: {
  key: string
  ctrlKey: boolean
  metaKey: boolean
  shiftKey: boolean
  altKey: boolean
}): boolean {
  return (e.ctrlKey || e.metaKey) && !e.shiftKey && !e.altKey && e.key.toLowerCase() === 'k'
}

/**
 * Keys typed after Ctrl+K, kept for the palette's search until its chunk has arrived (Ctrl+K in the
 * first seconds), instead of landing in the field that has focus (Enter there would send a message).
 * Installed synchronously with the shortcut and removed only when the dialog takes the text, in its
 * layout effect, so no key falls between the two however React schedules the lazy render. Focus is
 * left where it is, so closing the palette returns to it.
 */
function typeAhead(onEscape: () => void) {
  let typed = ''
  const onKey = (e: KeyboardEvent) => {
    if (e.ctrlKey || e.metaKey || e.altKey) return
    if (e.key.length === 1) typed += e.key
    else if (e.key === 'Backspace') typed = typed.slice(0, -1)
    else if (e.key === 'Escape') onEscape()
    else if (e.key !== 'Enter') return
    e.preventDefault()
    e.stopPropagation()
  }
  window.addEventListener('keydown', onKey, true)
  return {
    /** Stops capturing and gives what was typed. */
    take: (): string => {
      window.removeEventListener('keydown', onKey, true)
      return typed
    }
  }
}

/** The command palette: areas, actions, recent conversations, profiles and saved prompts, keyboard first. */
export function CommandPalette() {
  const [open, setOpen] = useState(false)
  const pending = useRef<ReturnType<typeof typeAhead> | null>(null)
  const close = useCallback(() => {
    pending.current?.take()
    pending.current = null
    setOpen(false)
  }, [])
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!isPaletteShortcut(e) || e.defaultPrevented) return
      if (isModalOpen(useUiStore.getState()) || document.querySelector('[aria-modal="true"]')) return
      e.preventDefault()
      pending.current?.take()
      pending.current = typeAhead(close)
      setOpen(true)
    }
    window.addEventListener('keydown', onKey)
    return () => {
      window.removeEventListener('keydown', onKey)
      pending.current?.take()
    }
  }, [close])
  // Fetched before it is needed but never during the start (T1-lazy): when Ctrl or Cmd goes down,
  // or in idle time a few seconds in, so Ctrl+K followed at once by typing finds the dialog there.
  useEffect(() => {
    const onModifier = (e: KeyboardEvent) => {
      if (e.key === 'Control' || e.key === 'Meta') void loadDialog()
    }
    window.addEventListener('keydown', onModifier)
    let idle = 0
    const timer = setTimeout(() => {
      if (typeof requestIdleCallback === 'function')
        idle = requestIdleCallback(() => void loadDialog(), { timeout: 5000 })
      else void loadDialog()
    }, PRELOAD_AFTER_MS)
    return () => {
      window.removeEventListener('keydown', onModifier)
      clearTimeout(timer)
      if (idle) cancelIdleCallback(idle)
    }
  }, [])
  const takeTypedAhead = useCallback(() => {
    const typed = pending.current?.take() ?? ''
    pending.current = null
    return typed
  }, [])
  return open ? (
    <Suspense fallback={null}>
      <PaletteDialog onClose={close} takeTypedAhead={takeTypedAhead} />
    </Suspense>
  ) : null
}
