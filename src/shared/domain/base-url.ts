/**
 * Gateway base URL rules: https, or http only for a loopback host (the sandbox, local tests).
 * No credentials, query or fragment in the URL: the key travels only in the Authorization header.
 * Returns the normalised URL (no trailing slash) or a specific reason.
 */
export type BaseUrlCheck =
  | { ok: true; url: string; /** The API version segment removed from the end, e.g. "/v1". */ droppedVersion?: string }
  | { ok: false; reason: BaseUrlProblem; message: string }

export type BaseUrlProblem = 'empty' | 'malformed' | 'scheme' | 'insecure' | 'packagedHttp' | 'credentials' | 'query'

/**
 * Plain http: `loopback` (development builds, the browser host) allows it for this computer only;
 * `never` (packaged builds) refuses it everywhere. The built-in sandbox is not a saved address and
 * is not checked here.
 */
export type PlainHttpPolicy = 'loopback' | 'never'

export function isLoopbackHost(hostname: string): boolean {
  const h = hostname.replace(/^\[|\]$/g, '').toLowerCase()
  if (h === 'localhost' || h === '::1') return true
  const m = /^127\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(h)
  return m !== null && m.slice(1).every((p) => Number(p) <= 255)
}

const API_VERSION_TAIL = /\/v1(?:beta)?$/i

export function checkBaseUrl(input: string, plainHttp: PlainHttpPolicy = 'loopback'): BaseUrlCheck {
  const raw = input.trim()
  if (raw === '')
    return { ok: false, reason: 'empty', message: 'Enter the gateway address, for example https://api.example.com' }
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    return {
      ok: false,
      reason: 'malformed',
      message: 'This is not a web address. It should look like https://api.example.com'
    }
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    return { ok: false, reason: 'scheme', message: `The address must start with https:// (found ${url.protocol}//)` }
  }
  if (url.protocol === 'http:' && plainHttp === 'never') {
    return {
      ok: false,
      reason: 'packagedHttp',
      message:
        'This installed build of the studio accepts only https:// gateway addresses (plain http:// is for development builds)'
    }
  }
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) {
    return {
      ok: false,
      reason: 'insecure',
      message:
        'Plain http:// would send your key unencrypted; use https:// (http is allowed only for this computer: 127.0.0.1 or localhost)'
    }
  }
  if (url.username !== '' || url.password !== '') {
    return {
      ok: false,
      reason: 'credentials',
      message: 'Remove the user name or password from the address; the key is entered separately'
    }
  }
  if (url.search !== '' || url.hash !== '') {
    return { ok: false, reason: 'query', message: 'Remove the ?query or #fragment from the address' }
  }
  const trimmed = url.pathname.replace(/\/+$/, '')
  // Every route the studio builds already starts with its version ("/v1/...", "/v1beta/...") or lives
  // beside it ("/api/usage/token/"), so an address pasted with the version (the habit other clients
  // teach) would double it. A reverse-proxy prefix before the version is kept.
  const version = API_VERSION_TAIL.exec(trimmed)
  const path = version ? trimmed.slice(0, version.index) : trimmed
  const origin = `${url.protocol}//${url.host}${path}`
  return version ? { ok: true, url: origin, droppedVersion: version[0] } : { ok: true, url: origin }
}
