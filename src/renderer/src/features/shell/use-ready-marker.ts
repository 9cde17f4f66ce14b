import { useEffect } from 'react'
import { useProfileList } from '@renderer/features/profiles/queries'

/**
 * `<html data-app-state>`: 'loading' until the first profile list arrives, then 'ready' for good
 * (end-to-end tests wait on it); 'error' when that first load failed.
 */
export function useReadyMarker(): void {
  const { data, isError } = useProfileList()
  const loaded = data !== undefined
  useEffect(() => {
    const html = document.documentElement
    if (loaded) html.dataset.appState = 'ready'
    else html.dataset.appState = isError ? 'error' : 'loading'
  }, [loaded, isError])
}
