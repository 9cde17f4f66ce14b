/** What a card says about its task, as pure functions (tested without a DOM). */
import { FINAL_VIDEO_STATES, type VideoTask } from '@shared/domain/video'

export function isFinal(t: Pick<VideoTask, 'state'>): boolean {
  return FINAL_VIDEO_STATES.includes(t.state)
}

/** 42 s → "0:42", 185 s → "3:05", 3725 s → "1:02:05": digits read the same in every language. */
export function formatDuration(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000))
  const h = Math.floor(total / 3600)
  const m = Math.floor((total % 3600) / 60)
  const s = total % 60
  const ss = String(s).padStart(2, '0')
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`
}

/** Start of the wait the user cares about: when the create went out (or was journaled). */
export function startOf(t: Pick<VideoTask, 'createdAt' | 'submittedAt'>): number {
  return t.submittedAt ?? t.createdAt
}

/** The parameters worth a glance, in a fixed order: "720P · 16:9 · 10 s · portrait". */
export function paramSummary(params: Record<string, unknown>): string {
  const parts: string[] = []
  const str = (k: string) => {
    const v = params[k]
    return typeof v === 'string' || typeof v === 'number' ? String(v) : undefined
  }
  const config = (params.output_config ?? (params.metadata as Record<string, unknown> | undefined)?.output_config) as
    Record<string, unknown> | undefined
  const size =
    str('size') ?? str('resolution') ?? (typeof config?.resolution === 'string' ? config.resolution : undefined)
  if (size) parts.push(size)
  const ratio = str('aspect_ratio') ?? (typeof config?.aspect_ratio === 'string' ? config.aspect_ratio : undefined)
  if (ratio) parts.push(ratio)
  const secs =
    str('duration') ?? str('seconds') ?? (typeof config?.duration === 'number' ? String(config.duration) : undefined)
  if (secs) parts.push(`${secs} s`)
  const orientation = str('orientation')
  if (orientation) parts.push(orientation)
  return parts.join(' · ')
}

/** One line per parameter for the details dialog; nested values as compact JSON, long ones cut. */
export function paramLines(params: Record<string, unknown>, max = 300): [string, string][] {
  return Object.entries(params)
    .filter(([, v]) => v !== undefined && v !== null && v !== '')
    .map(([k, v]) => {
      const text = typeof v === 'string' ? v : JSON.stringify(v)
      return [k, text.length > max ? `${text.slice(0, max)}… (${text.length.toLocaleString('en-US')})` : text]
    })
}

/** The returned model when it differs from the requested one (a billing suffix, a fallback). */
export function returnedDiffers(t: Pick<VideoTask, 'model' | 'returnedModel'>): boolean {
  return Boolean(t.returnedModel) && t.returnedModel !== t.model
}
