import { shell } from 'electron'

/**
 * Hosts the studio may open in the user's browser (gateway dashboard, docs). Empty until a feature
 * needs one: handing a URL to the OS is how a compromised page would reach `file:`, `smb:` or
 * `ms-msdt:` handlers, so nothing opens unless it is listed here.
 */
export const EXTERNAL_HOSTS: readonly string[] = Object.freeze([])

/** Whether `url` is an https link to an allow-listed host, without credentials or an odd port. */
export function isSafeExternalUrl(url: unknown, hosts: readonly string[] = EXTERNAL_HOSTS): boolean {
  if (typeof url !== 'string') return false
  let u: URL
  try {
    u = new URL(url)
  } catch {
    return false
  }
  if (u.protocol !== 'https:' || u.username !== '' || u.password !== '' || u.port !== '') return false
  // URL gives IDN hosts in punycode, so a lookalike (Cyrillic 'а') never equals an ASCII entry.
  return hosts.includes(u.hostname)
}

/** The only way the studio opens anything outside itself. Resolves false when the URL was refused. */
export async function openExternalSafe(url: unknown, hosts: readonly string[] = EXTERNAL_HOSTS): Promise<boolean> {
  if (!isSafeExternalUrl(url, hosts)) return false
  // SECURITY: the studio's one openExternal: https only, allow-listed host, no credentials (isSafeExternalUrl).
  // Re-serialised so the OS receives exactly the URL that was checked.
  await shell.openExternal(new URL(url as string).href) /* eng-disable OPEN_EXTERNAL_JS_CHECK */
  return true
}
