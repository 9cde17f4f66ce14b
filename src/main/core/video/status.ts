import { parseProgress, type VideoState } from '@shared/domain/video'

/**
 * Reading the gateway's task objects leniently: every status vocabulary of the spec and the wire
 * notes (processing, in_progress, pending, queued, submitted, success, SUCCESS, FAILURE, …) maps to
 * one state; anything unknown keeps polling and shows as unknown; odd field types never throw.
 */

const QUEUED = new Set(['queued', 'pending', 'submitted', 'not_start', 'not_started', 'waiting', 'in_queue'])
const RUNNING = new Set(['processing', 'in_progress', 'running', 'generating', 'started'])
const SUCCEEDED = new Set(['completed', 'success', 'succeeded', 'succeed', 'done', 'finished'])
const FAILED = new Set(['failed', 'failure', 'error', 'expired'])
const CANCELLED = new Set(['cancelled', 'canceled'])

export function normaliseStatus(raw: unknown): VideoState {
  if (typeof raw !== 'string') return 'unknown'
  const s = raw.trim().toLowerCase()
  if (QUEUED.has(s)) return 'queued'
  if (RUNNING.has(s)) return 'running'
  if (SUCCEEDED.has(s)) return 'succeeded'
  if (FAILED.has(s)) return 'failed'
  if (CANCELLED.has(s)) return 'cancelled'
  return 'unknown'
}

type Obj = Record<string, unknown>

function obj(v: unknown): Obj | undefined {
  return v && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : undefined
}

function str(v: unknown): string | undefined {
  return typeof v === 'string' && v.trim() !== '' ? v : undefined
}

/** Seconds, milliseconds (values above 1e12) or an ISO string, to ms; undefined for 0 or junk. */
export function toMs(v: unknown): number | undefined {
  if (typeof v === 'number' && Number.isFinite(v) && v > 0) return v > 1e12 ? Math.round(v) : Math.round(v * 1000)
  if (typeof v === 'string' && v.trim()) {
    if (/^\d+$/.test(v.trim())) return toMs(Number(v))
    const t = Date.parse(v)
    return Number.isNaN(t) ? undefined : t
  }
  return undefined
}

/** Result addresses in the spec's lookup order (plus vanilla's metadata.url); /content comes after. */
export const RESULT_FIELDS = ['output.url', 'video_url', 'url', 'detail.url', 'metadata.url'] as const

export interface ResultSource {
  field: string
  url: string
}

export function resultSources(body: unknown): ResultSource[] {
  const b = obj(body) ?? {}
  const pick: Record<(typeof RESULT_FIELDS)[number], unknown> = {
    'output.url': obj(b.output)?.url,
    video_url: b.video_url,
    url: b.url,
    'detail.url': obj(b.detail)?.url,
    'metadata.url': obj(b.metadata)?.url
  }
  const out: ResultSource[] = []
  const seen = new Set<string>()
  for (const field of RESULT_FIELDS) {
    const u = str(pick[field])
    if (u && /^https?:\/\//i.test(u) && !seen.has(u)) {
      seen.add(u)
      out.push({ field, url: u })
    }
  }
  return out
}

export interface TaskReading {
  /** The id in the answer (task_id, id or data.task_id), when any. */
  taskId?: string
  rawStatus: string | null
  state: VideoState
  progress: number | null
  model?: string
  completedAt?: number
  error?: { message: string; code?: string }
  sources: ResultSource[]
  remixedFrom?: string
}

/** Reads any of the task shapes (unified create 1/2, video object, query result, remix result). */
export function readTask(body: unknown): TaskReading {
  const b = obj(body) ?? {}
  const rawStatus = typeof b.status === 'string' ? b.status : null
  const state = normaliseStatus(rawStatus)
  const e = obj(b.error)
  const message = str(e?.message) ?? str(e?.Message)
  const code = e ? (typeof e.code === 'number' ? String(e.code) : str(e.code)) : undefined
  const reading: TaskReading = {
    rawStatus,
    state,
    progress: parseProgress(b.progress),
    sources: resultSources(b)
  }
  const id = str(b.task_id) ?? str(b.id) ?? str(obj(b.data)?.task_id)
  if (id) reading.taskId = id
  if (str(b.model)) reading.model = b.model as string
  if (state === 'succeeded' || state === 'failed' || state === 'cancelled') {
    const at = toMs(b.completed_at)
    if (at) reading.completedAt = at
  }
  if (message || (state === 'failed' && e))
    reading.error = { message: message ?? 'The task failed', ...(code ? { code } : {}) }
  if (str(b.remixed_from_video_id)) reading.remixedFrom = b.remixed_from_video_id as string
  return reading
}
