import { APP_ORIGIN, hasTrustedOrigin } from './origins'

/**
 * Whether a page may navigate (or be redirected) to `url`: only to our own origin. Everything else,
 * including `javascript:`, `file:`, `data:`, `blob:` and `about:` URLs, has no trusted origin and is
 * refused; lookalikes such as `app://bundle.evil` or `app://bundle@evil` differ in origin.
 */
export function isAllowedNavigation(url: unknown, trusted: readonly string[] = [APP_ORIGIN]): boolean {
  return hasTrustedOrigin(url, trusted)
}
