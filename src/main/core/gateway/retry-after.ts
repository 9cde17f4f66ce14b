/**
 * Parses a Retry-After header (delta-seconds or HTTP-date, RFC 9110 §10.2.3) into milliseconds.
 * Returns null for anything else; never throws.
 */
export function parseRetryAfter(value: string | null | undefined, nowMs: number = Date.now()): number | null {
  if (value == null) return null
  const v = value.trim()
  if (v === '') return null
  if (/^\d+(\.\d+)?$/.test(v)) {
    const s = Number(v)
    return Number.isFinite(s) ? Math.round(s * 1000) : null
  }
  // Only accept something that looks like an HTTP-date; Date.parse is too lenient on its own.
  if (!/^[A-Za-z]{3},? /.test(v) && !/GMT$/.test(v)) return null
  const t = Date.parse(v)
  if (Number.isNaN(t)) return null
  return Math.max(0, t - nowMs)
}
