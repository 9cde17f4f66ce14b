import type { i18n as I18n } from 'i18next'
import type { AreaMessages } from './areas.en'

let strings: AreaMessages | null = null
let loading: Promise<void> | null = null
/** Instances made before the areas' strings arrived; weakly held, so a test's instance can go. */
const waiting = new Set<WeakRef<I18n>>()

function addTo(i18n: I18n, messages: AreaMessages): void {
  // Not deep: the areas are top-level keys of their own, so a shallow merge is exact and the start
  // part's objects are left as they are.
  i18n.addResourceBundle('en', 'translation', messages, false, true)
}

/**
 * Called for every new instance (createI18n): one made after the areas' English strings arrived
 * gets them at once, one made before gets them when they arrive.
 */
export function followAreaStrings(i18n: I18n): void {
  if (strings) addTo(i18n, strings)
  else waiting.add(new WeakRef(i18n))
}

/**
 * Loads the English strings of the lazy areas (one chunk) and adds them to every instance; resolves
 * at once when they are in. The lazy views load it beside their own chunk (features/shell/ViewOutlet.tsx),
 * so an area's first render already has its strings. A failed load is tried again by the next call.
 */
export function loadAreaStrings(): Promise<void> {
  if (strings) return Promise.resolve()
  loading ??= import('./areas.en').then(
    ({ areasEn }) => {
      strings = areasEn
      for (const ref of waiting) {
        const i18n = ref.deref()
        if (i18n) addTo(i18n, areasEn)
      }
      waiting.clear()
    },
    (e: unknown) => {
      loading = null
      throw e
    }
  )
  return loading
}
