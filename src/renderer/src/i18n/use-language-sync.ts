import type { i18n as I18n } from 'i18next'
import { useEffect, useSyncExternalStore } from 'react'
import type { AppSettings } from '@shared/domain/settings'
import { ensureLanguage, hasLanguage, languageTag, resolveLanguage, systemLanguage, type UiLanguage } from './index'

function subscribeToSystemLanguage(onChange: () => void): () => void {
  window.addEventListener('languagechange', onChange)
  return () => window.removeEventListener('languagechange', onChange)
}

/** Shows the language of the setting ('system' follows the OS, live) and marks `<html lang>`. */
export function useLanguageSync(i18n: I18n, setting: AppSettings['language']): void {
  const system = useSyncExternalStore(subscribeToSystemLanguage, systemLanguage, () => undefined)
  useEffect(() => {
    const lang = resolveLanguage(setting, system)
    const apply = (shown: UiLanguage) => {
      if (i18n.language !== shown) void i18n.changeLanguage(shown)
      document.documentElement.lang = languageTag(shown)
    }
    if (hasLanguage(i18n, lang)) return apply(lang)
    // Chinese is a lazy chunk: switch once it is in (English stays if it cannot be loaded).
    let current = true
    ensureLanguage(i18n, lang).then(
      () => current && apply(lang),
      () => current && apply('en')
    )
    return () => {
      current = false
    }
  }, [i18n, setting, system])
}
