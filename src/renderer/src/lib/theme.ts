import { useEffect, useSyncExternalStore } from 'react'
import type { AppSettings } from '@shared/domain/settings'

export type ResolvedTheme = 'light' | 'dark'

const DARK_QUERY = '(prefers-color-scheme: dark)'

export function resolveTheme(setting: AppSettings['theme'], systemPrefersDark: boolean): ResolvedTheme {
  if (setting === 'light' || setting === 'dark') return setting
  return systemPrefersDark ? 'dark' : 'light'
}

function darkMedia(): MediaQueryList | null {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(DARK_QUERY) : null
}

export function systemPrefersDark(): boolean {
  return darkMedia()?.matches ?? false
}

function subscribeToSystemTheme(onChange: () => void): () => void {
  const media = darkMedia()
  media?.addEventListener('change', onChange)
  return () => media?.removeEventListener('change', onChange)
}

/** The OS colour scheme, live: the app follows it while the setting is 'system'. */
export function useSystemPrefersDark(): boolean {
  return useSyncExternalStore(subscribeToSystemTheme, systemPrefersDark, () => false)
}

/** The styles key off `<html data-theme>`; `data-theme-setting` records the user's choice for tests. */
export function applyTheme(theme: ResolvedTheme, setting: AppSettings['theme']): void {
  const html = document.documentElement
  html.dataset.theme = theme
  html.dataset.themeSetting = setting
}

/** Keeps `<html data-theme>` equal to the setting, or to the OS while the setting is 'system'. */
export function useThemeSync(setting: AppSettings['theme']): void {
  const prefersDark = useSystemPrefersDark()
  useEffect(() => {
    applyTheme(resolveTheme(setting, prefersDark), setting)
  }, [setting, prefersDark])
}
