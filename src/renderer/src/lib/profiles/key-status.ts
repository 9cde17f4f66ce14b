import type { KeyStatus } from '@shared/domain/profiles'

export type KeyStatusKey = `keyStatus.${'os' | 'session' | 'file' | 'none' | 'reentry'}`

/** The message key for what is known about a profile's key (never the key itself). */
export function keyStatusKey(key: KeyStatus): KeyStatusKey {
  if (key.needsReentry) return 'keyStatus.reentry'
  if (!key.configured || key.protection === 'none') return 'keyStatus.none'
  return `keyStatus.${key.protection}`
}

/** The masked tail shown next to the status: "••••abcd". */
export function maskedLast4(key: KeyStatus): string | null {
  return key.configured && key.last4 ? `••••${key.last4}` : null
}
