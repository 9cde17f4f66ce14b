import { useLayoutEffect } from 'react'
import { useProfileList } from '@renderer/lib/profiles/queries'

/**
 * `<html data-app-state>`: 'loading' until the first profile list arrives, then 'ready' for good
 * (end-to-end tests wait on it); 'error' when that first load failed.
 * A layout effect: the marker lands in the same commit (and paint) as the ready shell, not after
 * every passive effect of the tree has run (T1 measures this marker).
 */
export function useReadyMarker(): void {
  const { data, isError } = useProfileList()
  const loaded = data !== undefined
  useLayoutEffect(() => {
    const html = document.documentElement
    if (!loaded) html.dataset.appState = isError ? 'error' : 'loading'
    else if (html.dataset.appState !== 'ready') {
      html.dataset.appState = 'ready'
      performance.mark('studio:ready')
    }
  }, [loaded, isError])
}
