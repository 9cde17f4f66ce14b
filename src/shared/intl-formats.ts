/**
 * Intl formatters made once per locale and options. Building an Intl.NumberFormat or
 * DateTimeFormat loads and resolves locale data (several ms each on a slow machine; the header's
 * balance badge made six on the first render, about 50 ms of the start-up, T1), while using one is
 * cheap, so the same formatter is handed out again. Bounded: a long session that cycles through
 * many option sets starts a fresh cache instead of growing without end.
 */
const MAX_ENTRIES = 200

function cached<T>(make: (locale: string, options: object) => T): (locale: string, options?: object) => T {
  const entries = new Map<string, T>()
  return (locale, options = {}) => {
    const key = `${locale}\u0000${JSON.stringify(options)}`
    let hit = entries.get(key)
    if (hit === undefined) {
      if (entries.size >= MAX_ENTRIES) entries.clear()
      hit = make(locale, options)
      entries.set(key, hit)
    }
    return hit
  }
}

export const numberFormat: (locale: string, options?: Intl.NumberFormatOptions) => Intl.NumberFormat = cached(
  (locale, options) => new Intl.NumberFormat(locale, options)
)

export const dateTimeFormat: (locale: string, options?: Intl.DateTimeFormatOptions) => Intl.DateTimeFormat = cached(
  (locale, options) => new Intl.DateTimeFormat(locale, options)
)
