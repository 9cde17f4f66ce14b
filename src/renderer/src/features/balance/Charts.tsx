import { useQuery } from '@tanstack/react-query'
import { useMemo } from 'react'
import { useT } from '@renderer/i18n/use-t'
import type { Snapshot, Spending } from '@shared/domain/balance'
import { burnForecast, dailyUse, DAY_MS } from '@shared/domain/balance-forecast'
import { formatAmount, quotaInUnit } from '@shared/domain/balance-units'
import type { DisplayUnit } from '@shared/domain/profiles'
import { Amount } from './Amount'
import { BalanceTable } from './BalanceTable'
import { CanvasChart } from './chart/CanvasChart'
import type { ChartSpec } from './chart/draw'
import { historyQuery, spendingQuery } from './queries'
import { SpendingChart } from './SpendingChart'

/**
 * The trends (a lazily loaded chunk, PERFORMANCE T1/T3): available quota over time, use per day,
 * a burn-rate forecast and spending by model. Drawn by our own canvas code (chart/), see scale.ts.
 */
export interface ChartsProps {
  profileId: string
  unit: DisplayUnit
  quotaPerUsd: number
}

/** Compact axis numbers (5M, $1.2K); the chart asks for more fraction digits when ticks would read alike. */
export function axisFormatter(unit: DisplayUnit, locale: string): (v: number, fractionDigits?: number) => string {
  const formats = new Map<number, Intl.NumberFormat>()
  const formatOf = (digits: number) => {
    let f = formats.get(digits)
    if (!f) {
      f = new Intl.NumberFormat(locale, {
        notation: 'compact',
        maximumFractionDigits: digits,
        ...(unit.kind === 'quota' ? {} : { style: 'currency', currency: unit.kind === 'usd' ? 'USD' : 'CNY' })
      })
      formats.set(digits, f)
    }
    return f
  }
  return (v, fractionDigits = 1) => formatOf(fractionDigits).format(v)
}

export function timeFormatter(locale: string): (t: number, step: number) => string {
  const day = new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric' })
  const time = new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit' })
  return (t, step) => (step >= DAY_MS ? day.format(t) : time.format(t))
}

export function buildAvailableSpec(
  snaps: readonly Snapshot[],
  unit: DisplayUnit,
  quotaPerUsd: number,
  locale: string
): ChartSpec {
  const xs = new Float64Array(snaps.length)
  const ys = new Float64Array(snaps.length)
  snaps.forEach((s, i) => {
    xs[i] = s.at
    ys[i] = quotaInUnit(Math.max(0, s.available), unit, quotaPerUsd)
  })
  return { kind: 'line', xs, ys, formatX: timeFormatter(locale), formatY: axisFormatter(unit, locale) }
}

export default function Charts({ profileId, unit, quotaPerUsd }: ChartsProps) {
  const { t, i18n } = useT()
  const locale = i18n.language
  const history = useQuery(historyQuery(profileId))
  const spending = useQuery(spendingQuery(profileId))
  const snaps = useMemo(() => history.data?.snapshots ?? [], [history.data])
  const last = snaps.at(-1)
  const unlimited = last?.unlimited === true

  const available = useMemo(
    () => buildAvailableSpec(snaps, unit, quotaPerUsd, locale),
    [snaps, unit, quotaPerUsd, locale]
  )
  const daily = useMemo(() => dailyUse(snaps), [snaps])
  const dailySpec = useMemo<ChartSpec>(
    () => ({
      kind: 'bar',
      xs: Float64Array.from(daily.map((d) => d.day)),
      ys: Float64Array.from(daily.map((d) => quotaInUnit(d.used, unit, quotaPerUsd))),
      formatX: timeFormatter(locale),
      formatY: axisFormatter(unit, locale),
      barSpanMs: DAY_MS
    }),
    [daily, unit, quotaPerUsd, locale]
  )
  const forecast = useMemo(() => burnForecast(snaps), [snaps])
  const fmt = (raw: number) => formatAmount(quotaInUnit(raw, unit, quotaPerUsd), unit, locale)
  const when = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' })
  const dayFmt = new Intl.DateTimeFormat(locale, { dateStyle: 'medium' })

  let forecastText: string
  if (forecast.kind === 'unlimited') forecastText = t('balance.trends.unlimitedForecast')
  else if (forecast.kind === 'not-enough-history') forecastText = t('balance.trends.forecastNeedsHistory')
  else if (forecast.forecast.daysLeft === null) forecastText = t('balance.trends.forecastNoSpend')
  else if (forecast.forecast.daysLeft < 1) forecastText = t('balance.trends.forecastLessThanDay')
  else
    forecastText = t('balance.trends.forecast', {
      days: new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }).format(forecast.forecast.daysLeft)
    })

  return (
    <div className="balance-trends" data-testid="trends">
      <p className="balance-forecast" data-testid="forecast" data-kind={forecast.kind}>
        {forecastText}
        {forecast.kind === 'forecast' && forecast.forecast.perDay > 0 && (
          <span className="balance-muted"> {t('balance.trends.perDay', { value: fmt(forecast.forecast.perDay) })}</span>
        )}
      </p>
      <h3 className="balance-subtitle">{t('balance.trends.availableChart')}</h3>
      {snaps.length === 0 ? (
        <p className="balance-muted">{t('balance.trends.noHistory')}</p>
      ) : snaps.length === 1 ? (
        <p className="balance-muted">{t('balance.trends.oneSnapshot')}</p>
      ) : unlimited ? (
        <p className="balance-muted">{t('balance.key.unlimitedNote')}</p>
      ) : (
        <CanvasChart
          spec={available}
          label={`${t('balance.trends.availableChart')} (${t('balance.trends.points', { count: snaps.length })})`}
          readout={(i) =>
            t('balance.trends.readout', { time: when.format(snaps[i].at), value: fmt(Math.max(0, snaps[i].available)) })
          }
          testId="available-chart"
        />
      )}
      <h3 className="balance-subtitle">{t('balance.trends.dailyChart')}</h3>
      {daily.length === 0 || snaps.length < 2 ? (
        <p className="balance-muted">{t('balance.trends.noHistory')}</p>
      ) : (
        <CanvasChart
          spec={dailySpec}
          label={t('balance.trends.dailyChart')}
          readout={(i) => t('balance.trends.readout', { time: dayFmt.format(daily[i].day), value: fmt(daily[i].used) })}
          height={140}
          testId="daily-chart"
        />
      )}
      <SpendingChart
        spending={spending.data}
        unit={unit}
        quotaPerUsd={quotaPerUsd}
        formatX={dailySpec.formatX}
        formatY={dailySpec.formatY}
      />
      <SpendingTable spending={spending.data} unit={unit} quotaPerUsd={quotaPerUsd} />
    </div>
  )
}

function SpendingTable({
  spending,
  unit,
  quotaPerUsd
}: {
  spending: Spending | undefined
  unit: DisplayUnit
  quotaPerUsd: number
}) {
  const { t } = useT()
  const rows = spending?.byModel ?? []
  const max = Math.max(1, ...rows.map((r) => r.cost))
  return (
    <>
      <h3 className="balance-subtitle">{t('balance.trends.spendingHeading')}</h3>
      <p className="balance-muted">{t('balance.trends.spendingNote')}</p>
      <BalanceTable
        columns={[
          t('balance.trends.modelColumn'),
          t('balance.trends.kindColumn'),
          t('balance.trends.jobsColumn'),
          t('balance.trends.costColumn')
        ]}
        empty={rows.length === 0}
        emptyText={t('balance.trends.spendingEmpty')}
        testId="spending"
      >
        {rows.map((r) => (
          <tr key={`${r.kind}:${r.model}`} data-model={r.model}>
            <th scope="row">
              <code>{r.model}</code>
            </th>
            <td>{t(`balance.trends.kind.${r.kind}`)}</td>
            <td>{r.jobs}</td>
            <td>
              {r.costed === 0 ? (
                <span className="balance-muted">{t('balance.trends.costUnknown')}</span>
              ) : (
                <span className="balance-spend">
                  <span
                    className="balance-spend-bar"
                    style={{ width: `${(r.cost / max) * 100}%` }}
                    aria-hidden="true"
                  />
                  <Amount
                    raw={r.cost}
                    unit={unit}
                    source="quota"
                    quotaPerUsd={quotaPerUsd}
                    testId={`spend-${r.model}`}
                  />
                  {r.costed < r.jobs && (
                    <span className="balance-muted">
                      {' '}
                      ({t('balance.trends.shared', { costed: r.costed, jobs: r.jobs })})
                    </span>
                  )}
                </span>
              )}
            </td>
          </tr>
        ))}
      </BalanceTable>
    </>
  )
}
