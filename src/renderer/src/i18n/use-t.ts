import type { i18n as I18n, TFunction } from 'i18next'
import { useContext, useSyncExternalStore } from 'react'
import { getI18n, I18nContext } from 'react-i18next'

/**
 * The hook components use for their strings, in place of react-i18next's `useTranslation`.
 *
 * i18next stays the library (resources, plurals, interpolation, fallback, language change). What is
 * written here is the per-render path, for speed: `useTranslation` merges its options, checks the
 * namespaces and builds its snapshot on every render, and each `t()` of its fixed T copies all of
 * i18next's options before resolving the key. A streaming chat message re-renders its status, actions
 * and code blocks on every update (~60 a second), so that path ran ~10 lookups per update, and V8 kept
 * the optimised code of the whole lookup chain after the conversation was closed (M1). Here a key
 * without options is resolved once per language and then read from a map; a key with options
 * (interpolation, count) goes to i18next each time, unchanged.
 */

type T = TFunction<'translation'>

interface Translator {
  t: T
  i18n: I18n
}

interface Entry {
  translator: Translator
  listeners: Set<() => void>
  /** One function per instance, so React does not subscribe again on every render. */
  subscribe: (onChange: () => void) => () => void
  snapshot: () => Translator
}

const entries = new WeakMap<I18n, Entry>()

function makeTranslator(i18n: I18n): Translator {
  const lng = i18n.language
  const plain = new Map<string, string>()
  const t = ((key: string, options?: unknown) => {
    if (options !== undefined || typeof key !== 'string')
      return (i18n.t as (k: unknown, o?: unknown) => string)(
        key,
        options === undefined ? { lng } : { lng, ...(options as object) }
      )
    let text = plain.get(key)
    if (text === undefined) {
      text = (i18n.t as (k: string, o: object) => string)(key, { lng })
      plain.set(key, text)
    }
    return text
  }) as unknown as T
  return { t, i18n }
}

function entryOf(i18n: I18n): Entry {
  let entry = entries.get(i18n)
  if (!entry) {
    const listeners = new Set<() => void>()
    const created: Entry = {
      translator: makeTranslator(i18n),
      listeners,
      subscribe: (onChange) => {
        listeners.add(onChange)
        return () => listeners.delete(onChange)
      },
      snapshot: () => created.translator
    }
    // A new language, or messages added or removed (Chinese arrives as a lazy chunk): a new translator,
    // so every component using it renders again with the new strings.
    const renew = () => {
      created.translator = makeTranslator(i18n)
      for (const listener of created.listeners) listener()
    }
    i18n.on('languageChanged', renew)
    i18n.store?.on('added', renew)
    i18n.store?.on('removed', renew)
    entries.set(i18n, created)
    entry = created
  }
  return entry
}

function instanceFrom(context: { i18n?: I18n } | undefined): I18n {
  const i18n = context?.i18n ?? getI18n()
  if (!i18n)
    throw new Error('useT: no i18next instance (wrap the tree in I18nextProvider or init with initReactI18next)')
  return i18n
}

/** `{ t, i18n }` for the instance of the nearest I18nextProvider (else the one initialised with initReactI18next). */
export function useT(): Translator {
  const entry = entryOf(instanceFrom(useContext(I18nContext)))
  return useSyncExternalStore(entry.subscribe, entry.snapshot)
}
