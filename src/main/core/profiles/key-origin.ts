import { StudioError } from '@shared/errors'

/**
 * The one rule for where a saved key may go: only to the origin (scheme, host, port) the profile
 * had when the key was saved. Every path that uses a saved key (gateway calls, connection tests,
 * edits, a change of where the key is kept) asks here, so a caller that can reach the bridge can
 * use a key but never point it at a server of its choosing.
 */
export function originOf(baseUrl: string): string {
  try {
    return new URL(baseUrl).origin
  } catch {
    return ''
  }
}

export function sameOrigin(a: string, b: string): boolean {
  const oa = originOf(a)
  return oa !== '' && oa !== 'null' && oa === originOf(b)
}

/** Refuses, before any request, to send the key saved for `saved` to `target`. */
export function requireSameOrigin(saved: string, target: string): void {
  if (sameOrigin(saved, target)) return
  throw new StudioError(
    'KEY_MISSING',
    `The address now points to another server (${originOf(target) || target}); enter the API key again. A saved key is only sent to the server it was saved for (${originOf(saved)}).`,
    { field: 'key', details: { reason: 'origin-changed' } }
  )
}

/** Writing a saved key to an unprotected file is a downgrade only the person typing the key may choose. */
export function requireTypedKeyForFile(): never {
  throw new StudioError('KEY_MISSING', 'To store the key in an unprotected file, enter it again.', {
    field: 'key',
    details: { reason: 'retype-for-file' }
  })
}
