import i18next, { type i18n as I18n } from 'i18next'
import { initReactI18next } from 'react-i18next'
import type { AppSettings } from '@shared/domain/settings'
import { followAreaStrings } from './area-strings'
import { en, type AllMessages } from './en'

export type UiLanguage = 'en' | 'zh'

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation'
    resources: { translation: AllMessages }
  }
}

/** The language shown for a setting: 'system' follows the browser's (the OS's) preferred language. */
export function resolveLanguage(setting: AppSettings['language'], systemLanguage: string | undefined): UiLanguage {
  if (setting === 'en' || setting === 'zh') return setting
  return systemLanguage?.toLowerCase().startsWith('zh') ? 'zh' : 'en'
}

/** BCP 47 tag for `<html lang>` and Intl formatting. */
export function languageTag(lang: UiLanguage): string {
  return lang === 'zh' ? 'zh-CN' : 'en'
}

export function systemLanguage(): string | undefined {
  return typeof navigator === 'undefined' ? undefined : navigator.language
}

/**
 * A fresh, synchronously initialised i18next instance. Synchronous so the first render already has
 * its strings (no flash of keys); a new instance per app (and per test) so language never leaks.
 */
export function createI18n(lang: UiLanguage = resolveLanguage('system', systemLanguage())): I18n {
  const instance = i18next.createInstance()
  void instance.use(initReactI18next).init({
    // Chinese arrives through ensureLanguage (a lazy chunk): only one language is on the start-up path,
    // and of English only what the start screens show; the areas' part comes with their views (T1).
    resources: { en: { translation: en } },
    lng: lang,
    fallbackLng: 'en',
    supportedLngs: ['en', 'zh'],
    initAsync: false,
    // React escapes text itself.
    interpolation: { escapeValue: false },
    returnNull: false,
    showSupportNotice: false
  })
  followAreaStrings(instance)
  return instance
}

/** Whether `lang`'s messages are loaded (English always is). */
export function hasLanguage(i18n: I18n, lang: UiLanguage): boolean {
  return lang === 'en' || i18n.hasResourceBundle(lang, 'translation')
}

/** Loads `lang`'s messages on first use; switch with changeLanguage afterwards. */
export async function ensureLanguage(i18n: I18n, lang: UiLanguage): Promise<void> {
  if (hasLanguage(i18n, lang)) return
  const { zh } = await import('./zh')
  i18n.addResourceBundle('zh', 'translation', zh)
}
