import { lazy, Suspense, useEffect, useState } from 'react'
import { trackLoad } from '@renderer/lib/lazy-loads'
import { isModalOpen, useUiStore } from '@renderer/store/ui'

const PRELOAD_AFTER_MS = 3000
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
  // Fetched before it is needed but never during the start (T1-lazy): when Ctrl or Cmd goes down,
  // or in idle time a few seconds in, so Ctrl+K followed at once by typing finds the dialog there.
  useEffect(() => {
    const onModifier = (e: KeyboardEvent) => {
      if (e.key === 'Control' || e.key === 'Meta') void loadDialog()
    }
    window.addEventListener('keydown', onModifier)
    let idle = 0
    const timer = setTimeout(() => {
      if (typeof requestIdleCallback === 'function') idle = requestIdleCallback(() => void loadDialog(), { timeout: 5000 })
      else void loadDialog()
    }, PRELOAD_AFTER_MS)
    return () => {
      window.removeEventListener('keydown', onModifier)
      clearTimeout(timer)
      if (idle) cancelIdleCallback(idle)
    }
  }, [])
  return open ? (
    <Suspense fallback={null}>
      <PaletteDialog onClose={() => setOpen(false)} />
    </Suspense>
  ) : null
}

