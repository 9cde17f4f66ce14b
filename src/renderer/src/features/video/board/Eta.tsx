import { useQuery } from '@tanstack/react-query'
import { useT } from '@renderer/i18n/use-t'
import { durationStats, etaOf, type DurationStats } from '@shared/domain/eta'
import type { VideoTask } from '@shared/domain/video'
import { fetchAllTasks, videoKeys } from '../queries'
import type { TaskIndex } from '../task-index'
import { formatDuration, isFinal, startOf } from './card-text'

/** Per task index: each model's duration stats, computed once per index (cards only look them up). */
const statsByIndex = new WeakMap<TaskIndex, Map<string, DurationStats>>()

/** Each model's finished runs (succeeded tasks), oldest first by end, as durations from start to end. */
export function modelStats(index: TaskIndex): Map<string, DurationStats> {
  let out = statsByIndex.get(index)
  if (out) return out
  const runs = new Map<string, Array<[number, number]>>()
  for (const id of index.order) {
    const t = index.byId[id]
    if (!t || t.state !== 'succeeded' || t.completedAt === undefined) continue
    const list = runs.get(t.model) ?? []
    list.push([t.completedAt, t.completedAt - startOf(t)])
    runs.set(t.model, list)
  }
  out = new Map()
  for (const [model, list] of runs) {
    const stats = durationStats(list.sort((a, b) => a[0] - b[0]).map(([, d]) => d))
    if (stats) out.set(model, stats)
  }
  statsByIndex.set(index, out)
  return out
}

/**
 * When a running task should end, from its model's own finished runs (median and 75th percentile,
 * with their number), or "no estimate yet". A primitive is selected, so a card re-renders only when
 * its model's figures change.
 */
export function Eta({ task }: { task: VideoTask }) {
  const { t, i18n } = useT()
  const key = useQuery({
    queryKey: videoKeys.index(),
    queryFn: fetchAllTasks,
    staleTime: Infinity,
    select: (index) => {
      const s = modelStats(index).get(task.model)
      return s ? `${s.median}:${s.p75}:${s.runs}` : ''
    }
  }).data
  if (isFinal(task) || key === undefined) return null
  if (!key) {
    return (
      <p className="video-card-note" data-testid="eta" data-known={false}>
        {t('video.card.etaNone')}
      </p>
    )
  }
  const [median, p75, runs] = key.split(':').map(Number)
  const at = etaOf(startOf(task), { median, p75, runs })
  const time = (ms: number) => new Intl.DateTimeFormat(i18n.language, { hour: '2-digit', minute: '2-digit' }).format(ms)
  return (
    <p className="video-card-note" data-testid="eta" data-known={true} data-median={at.median} data-p75={at.p75}>
      {t('video.card.eta', {
        count: runs,
        median: time(at.median),
        p75: time(at.p75),
        typical: formatDuration(median)
      })}
    </p>
  )
}
