/** The board's filter (status group, model, text, dates) over the task index; pure and tested. */
import type { VideoState, VideoTask } from '@shared/domain/video'
import type { TaskIndex } from '../task-index'

export const STATUS_GROUPS = ['all', 'active', 'succeeded', 'failed', 'attention'] as const
export type StatusGroup = (typeof STATUS_GROUPS)[number]

const GROUP_STATES: Record<Exclude<StatusGroup, 'all'>, readonly VideoState[]> = {
  active: ['submitting', 'queued', 'running'],
  succeeded: ['succeeded'],
  failed: ['failed', 'cancelled'],
  // Everything that waits for the user or is not what it seems: never silently lumped with success.
  attention: ['outcome-unknown', 'lost', 'paused', 'unknown']
}

export interface BoardFilter {
  status: StatusGroup
  model: string
  query: string
  /** Local dates, YYYY-MM-DD, inclusive; '' for open. */
  from: string
  to: string
}

export const EMPTY_FILTER: BoardFilter = { status: 'all', model: '', query: '', from: '', to: '' }

export function isFilterEmpty(f: BoardFilter): boolean {
  return f.status === 'all' && !f.model && !f.query.trim() && !f.from && !f.to
}

export function stateGroup(state: VideoState): Exclude<StatusGroup, 'all'> {
  for (const g of ['active', 'succeeded', 'failed', 'attention'] as const) if (GROUP_STATES[g].includes(state)) return g
  return 'attention'
}

/** Start of a local day in ms; NaN for a malformed date. */
function dayStart(ymd: string): number {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(ymd)
  return m ? new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3])).getTime() : Number.NaN
}

function matchesText(t: VideoTask, q: string): boolean {
  return (
    t.prompt.toLowerCase().includes(q) ||
    t.model.toLowerCase().includes(q) ||
    (t.returnedModel ?? '').toLowerCase().includes(q) ||
    (t.taskId ?? '').toLowerCase().includes(q) ||
    (t.error?.message ?? '').toLowerCase().includes(q) ||
    (t.error?.code ?? '').toLowerCase().includes(q)
  )
}

/** What the host's full-text index found for the query, and when it was asked. */
export interface SearchHits {
  ids: ReadonlySet<string>
  at: number
  /** Each hit's place in the host's ranking (best first); the board shows matches in this order. */
  rank?: ReadonlyMap<string, number>
  /** Where each hit matched, with the matched runs, for its card. */
  excerpts?: ReadonlyMap<string, SearchExcerpt>
  /** The host found more than it answered (the best ones are shown). */
  more?: boolean
}

export interface SearchExcerpt {
  match: string
  marks: ReadonlyArray<readonly [number, number]>
}

/**
 * `hits`: the host's answer for the text query. A task changed since it was asked (a new one, a
 * new error) is matched here, so the board never waits on another search to show it.
 */
export function filterTasks(index: TaskIndex, f: BoardFilter, hits?: SearchHits): readonly string[] {
  if (isFilterEmpty(f)) return index.order
  const q = f.query.trim().toLowerCase()
  const from = f.from ? dayStart(f.from) : Number.NEGATIVE_INFINITY
  const to = f.to ? dayStart(f.to) + 86_400_000 : Number.POSITIVE_INFINITY
  const shown = index.order.filter((id) => {
    const t = index.byId[id]
    if (f.status !== 'all' && !GROUP_STATES[f.status].includes(t.state)) return false
    if (f.model && t.model !== f.model) return false
    if (t.createdAt < from || t.createdAt >= to) return false
    if (!q) return true
    return hits && t.updatedAt <= hits.at ? hits.ids.has(id) : matchesText(t, q)
  })
  const rank = q ? hits?.rank : undefined
  if (!rank) return shown
  // Best match first; a task matched here since the host answered follows, newest first (a stable sort).
  const place = (id: string) => rank.get(id) ?? rank.size
  return shown.sort((a, b) => place(a) - place(b))
}

/** The models on the board, for the model filter. */
export function modelsOf(index: TaskIndex): string[] {
  return [...new Set(index.order.map((id) => index.byId[id].model))].sort()
}
