import { useEffect } from 'react'
import { isModalOpen, useUiStore } from '@renderer/store/ui'
import { navigate } from './navigation'
import { viewForShortcut } from './views'

/** Ctrl+1..5 (Cmd on macOS; either works everywhere) switch areas, except while a dialog is open. */
export function useViewShortcuts(): void {
  useEffect(() => {
    const onKeyDown = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey) || e.altKey || e.shiftKey || e.defaultPrevented) return
      const view = viewForShortcut(e.key)
      if (!view) return
      const state = useUiStore.getState()
      if (isModalOpen(state)) return
      e.preventDefault()
      void navigate(view)
    }
    window.addEventListener('keydown', onKeyDown)
    return () => window.removeEventListener('keydown', onKeyDown)
  }, [])
}
