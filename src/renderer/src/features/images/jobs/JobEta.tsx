import { useQuery } from '@tanstack/react-query'
import { useT } from '@renderer/i18n/use-t'
import { studio } from '@renderer/lib/studio'

/** A model's run durations change only when a run ends: asked once a minute at most, per model. */
const STATS_FRESH_MS = 60_000

/**
 * When a running image job should end, from its model's own finished runs here (median and 75th
 * percentile after its start, with their number), or "no estimate yet". A job saved before its model
 * was kept says nothing.
 */
export function JobEta({ model, startedAt }: { model: string | undefined; startedAt: number }) {
  const { t, i18n } = useT()
  const stats = useQuery({
    queryKey: ['run-stats', 'image', model],
    queryFn: async () => (await studio.queue.runStats({ kind: 'image', models: [model!] }))[0]?.stats ?? null,
    enabled: Boolean(model),
    staleTime: STATS_FRESH_MS
  })
  if (!model || stats.data === undefined) return null
  if (stats.data === null) {
    return (
      <p className="field-help" data-testid="job-eta">
        {t('images.queue.noEta')}
      </p>
    )
  }
  const time = new Intl.DateTimeFormat(i18n.language, { hour: '2-digit', minute: '2-digit' })
  // An overdue job is said to end "now" as of when the figures came (render stays pure).
  const now = stats.dataUpdatedAt
  return (
    <p className="field-help" data-testid="job-eta">
      {t('images.queue.eta', {
        median: time.format(Math.max(now, startedAt + stats.data.median)),
        p75: time.format(Math.max(now, startedAt + stats.data.p75)),
        count: stats.data.runs
      })}
    </p>
  )
}
