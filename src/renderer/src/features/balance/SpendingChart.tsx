import { useId, useMemo, useState } from 'react'
import { useT } from '@renderer/i18n/use-t'
import type { Spending } from '@shared/domain/balance'
import { DAY_MS } from '@shared/domain/balance-forecast'
import { formatAmount, quotaInUnit } from '@shared/domain/balance-units'
import type { DisplayUnit } from '@shared/domain/profiles'
import { CanvasChart } from './chart/CanvasChart'
import type { ChartSpec } from './chart/draw'

const ALL = ''

/** Known costs per day for one model (or all of them), oldest first. */
export function dailySpending(byDay: Spending['byDay'], model: string): Array<{ day: number; cost: number }> {
  const sums = new Map<number, number>()
  for (const d of byDay) if (model === ALL || d.model === model) sums.set(d.day, (sums.get(d.day) ?? 0) + d.cost)
  return [...sums.entries()].sort((a, b) => a[0] - b[0]).map(([day, cost]) => ({ day, cost }))
}

/**
 * Spending over time: one bar per day of known costs, for every model together or the one chosen
 * (the models ordered by what they cost in the window, as the table below lists them).
 */
export function SpendingChart({
  spending,
  unit,
  quotaPerUsd,
  formatX,
  formatY
}: {
  spending: Spending | undefined
  unit: DisplayUnit
  quotaPerUsd: number
  formatX: ChartSpec['formatX']
  formatY: ChartSpec['formatY']
}) {
  const { t, i18n } = useT()
  const id = useId()
  const [model, setModel] = useState(ALL)
  const models = useMemo(
    () => [...new Set((spending?.byModel ?? []).filter((r) => r.costed > 0).map((r) => r.model))],
    [spending]
  )
  const chosen = models.includes(model) ? model : ALL
  const days = useMemo(() => dailySpending(spending?.byDay ?? [], chosen), [spending, chosen])
  const spec = useMemo<ChartSpec>(
    () => ({
      kind: 'bar',
      xs: Float64Array.from(days.map((d) => d.day)),
      ys: Float64Array.from(days.map((d) => quotaInUnit(d.cost, unit, quotaPerUsd))),
      formatX,
      formatY,
      barSpanMs: DAY_MS
    }),
    [days, unit, quotaPerUsd, formatX, formatY]
  )
  const dayFmt = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' })
  const label =
    chosen === ALL ? t('balance.trends.spendingOverTimeAll') : t('balance.trends.spendingOverTimeOf', { model: chosen })
  return (
    <>
      <h3 className="balance-subtitle">{t('balance.trends.spendingOverTime')}</h3>
      <label className="field field-inline" htmlFor={`${id}-model`}>
        <span className="field-label">{t('balance.trends.spendingModel')}</span>
        <select id={`${id}-model`} className="input" value={chosen} onChange={(e) => setModel(e.target.value)}>
          <option value={ALL}>{t('balance.trends.allModels')}</option>
          {models.map((m) => (
            <option key={m} value={m}>
              {m}
            </option>
          ))}
        </select>
      </label>
      {days.length === 0 ? (
        <p className="balance-muted" data-testid="spending-chart-empty">
          {t('balance.trends.spendingOverTimeEmpty')}
        </p>
      ) : (
        <CanvasChart
          spec={spec}
          label={label}
          readout={(i) =>
            t('balance.trends.readout', {
              time: dayFmt.format(days[i].day),
              value: formatAmount(quotaInUnit(days[i].cost, unit, quotaPerUsd), unit, i18n.language)
            })
          }
          height={140}
          testId="spending-chart"
        />
      )}
    </>
  )
}
