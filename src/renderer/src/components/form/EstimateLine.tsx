import { useT } from '@renderer/i18n/use-t'
import { useJobCost } from '@renderer/lib/balance/estimate'
import type { Preflight } from '@shared/domain/balance'
import { formatRaw } from '@shared/domain/balance-units'

type T = ReturnType<typeof useT>['t']

/** "about X (range A–B, from N jobs)", "no estimate yet: no history for this model", or that it is still asked. */
export function estimateText(t: T, locale: string, p: Preflight | null | undefined, model: string): string {
  if (!model.trim()) return t('balance.estimate.noModel')
  if (p === undefined) return t('balance.estimate.loading')
  if (!p || p.expectedCost === null) return t('balance.estimate.none')
  const values = {
    amount: formatRaw(p.expectedCost, locale),
    low: formatRaw(p.low ?? p.expectedCost, locale),
    high: formatRaw(p.high ?? p.expectedCost, locale),
    count: p.basedOn
  }
  return t(p.basis === 'model' ? 'balance.estimate.aboutModel' : 'balance.estimate.about', values)
}

/**
 * The expected cost of the job a form would send, shown before its submit button: from this
 * studio's own measured costs of the model (and price fields) on the profile.
 */
export function EstimateLine({
  preflight,
  model,
  testId = 'estimate'
}: {
  preflight: Preflight | null | undefined
  model: string
  testId?: string
}) {
  const { t, i18n } = useT()
  const known = !!preflight && preflight.expectedCost !== null
  return (
    <p
      className="field-help estimate-line"
      data-testid={testId}
      data-known={known || undefined}
      data-raw={known ? (preflight.expectedCost ?? undefined) : undefined}
    >
      <span className="estimate-label">{t('balance.estimate.label')}</span>{' '}
      {estimateText(t, i18n.language, preflight, model)}
    </p>
  )
}

/** On a finished job's card: what it cost as measured (and what it was expected to cost). */
export function MeasuredCost({ jobRef, ended, charged }: { jobRef: string; ended: boolean; charged: boolean }) {
  const { t, i18n } = useT()
  const c = useJobCost(jobRef, ended && charged)
  if (!ended || !charged || c === undefined || c === null) return null
  const fmt = (v: number) => formatRaw(v, i18n.language)
  const text =
    c.cost !== null
      ? c.estimate !== null
        ? t('balance.estimate.measuredVsEstimate', { amount: fmt(c.cost), estimate: fmt(c.estimate) })
        : t('balance.estimate.measured', { amount: fmt(c.cost) })
      : c.basis === 'unpriced'
        ? t('balance.estimate.unpriced')
        : t('balance.estimate.measuring')
  return (
    <p className="field-help job-cost" data-testid="job-cost" data-raw={c.cost ?? undefined}>
      {text}
      {c.basis === 'mixed' || c.basis === 'shared' ? ` · ${t('balance.estimate.shared')}` : ''}
    </p>
  )
}

/** The sum of several estimates (and of their ranges), and how many have none. */
export function estimateTotal(
  t: T,
  locale: string,
  preflights: ReadonlyArray<Preflight | null | undefined>
): { text: string; total: number; known: number } {
  const known = preflights.flatMap((p) => (p && p.expectedCost !== null ? [p] : []))
  const unknown = preflights.length - known.length
  const sum = (pick: (p: Preflight) => number) => known.reduce((a, p) => a + pick(p), 0)
  const total = sum((p) => p.expectedCost ?? 0)
  const values = {
    amount: formatRaw(total, locale),
    low: formatRaw(
      sum((p) => p.low ?? p.expectedCost ?? 0),
      locale
    ),
    high: formatRaw(
      sum((p) => p.high ?? p.expectedCost ?? 0),
      locale
    ),
    unknown
  }
  const text =
    known.length === 0
      ? t('balance.estimate.totalNone')
      : unknown
        ? t('balance.estimate.totalPartial', values)
        : t('balance.estimate.total', values)
  return { text, total, known: known.length }
}

/** A run's estimated total (chat compare; the image and video plans add the quota available). */
export function EstimateTotal({ preflights }: { preflights: ReadonlyArray<Preflight | null | undefined> }) {
  const { t, i18n } = useT()
  return (
    <div className="compare-total" data-testid="compare-total">
      <p>{estimateTotal(t, i18n.language, preflights).text}</p>
    </div>
  )
}
