import { useEffect, useSyncExternalStore } from 'react'
import type { i18n as I18n } from 'i18next'
import type { AppSettings } from '@shared/domain/settings'
import { languageTag, resolveLanguage, systemLanguage } from './index'

function subscribeToSystemLanguage(onChange: () => void): () => void {
  window.addEventListener('languagechange', onChange)
  return () => window.removeEventListener('languagechange', onChange)
}

/** Shows the language of the setting ('system' follows the OS, live) and marks `<html lang>`. */
export function useLanguageSync(i18n: I18n, setting: AppSettings['language']): void {
  const system = useSyncExternalStore(subscribeToSystemLanguage, systemLanguage, () => undefined)
  useEffect(() => {
    const lang = resolveLanguage(setting, system)
    if (i18n.language !== lang) void i18n.changeLanguage(lang)
    document.documentElement.lang = languageTag(lang)
  }, [i18n, setting, system])
}
