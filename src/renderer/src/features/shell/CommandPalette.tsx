import { lazy, Suspense, useEffect, useState } from 'react'
import { trackLoad } from '@renderer/lib/lazy-loads'
import { isModalOpen, useUiStore } from '@renderer/store/ui'

const loadDialog = () => trackLoad(import('./PaletteDialog'))
const PaletteDialog = lazy(() => loadDialog().then((m) => ({ default: m.PaletteDialog })))

/** Ctrl/Cmd+K opens the palette (not while another dialog is open). */
export function isPaletteShortcut(e: { key: string; ctrlKey: boolean; metaKey: boolean; shiftKey: boolean; altKey: boolean }): boolean {
  return (e.ctrlKey || e.metaKey) && !e.shiftKey && !e.altKey && e.key.toLowerCase() === 'k'
}

/** The command palette: areas, actions, recent conversations, profiles and saved prompts, keyboard first. */
export function CommandPalette() {
  const [open, setOpen] = useState(false)
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!isPaletteShortcut(e) || e.defaultPrevented) return
      if (isModalOpen(useUiStore.getState()) || document.querySelector('[aria-modal="true"]')) return
      e.preventDefault()
      setOpen(true)
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [])
  // Fetched once the start is over, so Ctrl+K followed at once by typing finds the dialog there.
  useEffect(() => {
    if (typeof requestIdleCallback !== 'function') {
      const timer = setTimeout(() => void loadDialog(), 2000)
      return () => clearTimeout(timer)
    }
    const id = requestIdleCallback(() => void loadDialog(), { timeout: 5000 })
    return () => cancelIdleCallback(id)
  }, [])
  return open ? (
    <Suspense fallback={null}>
      <PaletteDialog onClose={() => setOpen(false)} />
    </Suspense>
  ) : null
}

