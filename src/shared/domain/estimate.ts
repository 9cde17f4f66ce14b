/**
 * What changes the price of a job, as one comparable key: the estimator keeps the studio's measured
 * costs per profile, model and this key, and a form asks with the key of the request it would send.
 * Zod-free: the forms compute it on every keystroke. Applied alike by the host (when a job is
 * recorded, from the request it sent) and the form (from the request it would send).
 */

/**
 * Request fields that change what a job costs (count, size or resolution, duration, quality), and
 * `via`: the route a job took when one model name is served by several (a generation, a native
 * task, an edit; a video create or a remix), each priced on its own.
 */
export const PRICE_FIELDS = [
  'via',
  'n',
  'size',
  'resolution',
  'quality',
  'duration',
  'seconds',
  'width',
  'height',
  'enable_upsample'
] as const

const MAX_KEY = 400

function scalar(v: unknown): string | null {
  if (typeof v === 'string') return v.trim() ? v.trim().toLowerCase() : null
  if (typeof v === 'number' && Number.isFinite(v)) return String(v)
  if (typeof v === 'boolean') return v ? 'true' : null
  return null
}

/**
 * `n=2;size=1024x1024`: the price fields of a request (top level, and one level down, such as a
 * video family's `output_config`), sorted, absent and empty ones left out. A count of 1 is the
 * same key as no count (one job of one result).
 */
export function priceKey(params: Readonly<Record<string, unknown>> | undefined): string {
  if (!params) return ''
  const found = new Map<string, string>()
  const take = (obj: Readonly<Record<string, unknown>>) => {
    for (const f of PRICE_FIELDS) {
      const v = scalar(obj[f])
      if (v !== null && !found.has(f)) found.set(f, v)
    }
  }
  take(params)
  for (const v of Object.values(params))
    if (v && typeof v === 'object' && !Array.isArray(v)) take(v as Record<string, unknown>)
  if (found.get('n') === '1') found.delete('n')
  // `via` first: the estimator's fallback (same model, other fields) stays on the job's own route.
  const key = [...found.entries()]
    .sort(([a], [b]) => (a === 'via' ? -1 : b === 'via' ? 1 : a < b ? -1 : a > b ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join(';')
  return key.slice(0, MAX_KEY)
}

/** The route part of a price key (`via=native`), or '' when the key names none. */
export function viaOf(key: string): string {
  const first = key.split(';')[0]
  return first.startsWith('via=') ? first : ''
}

/** How an estimate was found: jobs with the same price fields, or any job of the model when none matched. */
export type EstimateBasis = 'params' | 'model' | 'none'
