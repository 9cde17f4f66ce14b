/** The plan of a compare run before it is sent: the models picked, what each takes and drops, and the estimates. */
import { useId } from 'react'
import { estimateText, estimateTotal } from '@renderer/components/form/EstimateLine'
import { useT } from '@renderer/i18n/use-t'
import type { Preflight } from '@shared/domain/balance'
import { formatRaw } from '@shared/domain/balance-units'
import { COMPARE_MAX } from '@shared/domain/compare'

export interface PlanCandidate {
  model: string
  /** The family's name as the form shows it. */
  familyLabel: string
}

/** 2–4 models of the profile, each with its family; more than four cannot be ticked. */
export function ModelPicker(p: {
  candidates: readonly PlanCandidate[]
  picked: readonly string[]
  onChange: (picked: string[]) => void
}) {
  const { t } = useT()
  const id = useId()
  const full = p.picked.length >= COMPARE_MAX
  return (
    <fieldset className="compare-picker" aria-describedby={`${id}-count`}>
      <legend className="field-label">{t('compareRuns.pickLegend')}</legend>
      {p.candidates.map((c) => {
        const on = p.picked.includes(c.model)
        return (
          <label key={c.model} className="choice">
            <input
              type="checkbox"
              checked={on}
              disabled={!on && full}
              onChange={() => p.onChange(on ? p.picked.filter((m) => m !== c.model) : [...p.picked, c.model])}
            />
            <span className="choice-label">
              {c.model} <span className="compare-family">{c.familyLabel}</span>
            </span>
          </label>
        )
      })}
      <p id={`${id}-count`} className="field-help">
        {full ? t('compareRuns.tooMany') : t('compareRuns.picked', { count: p.picked.length })}
      </p>
    </fieldset>
  )
}

const Fields = ({ names }: { names: readonly string[] }) => (
  <>
    {names.map((n, i) => (
      <span key={n}>
        {i > 0 && ', '}
        <code>{n}</code>
      </span>
    ))}
  </>
)

export interface PlanRow {
  model: string
  familyLabel: string
  taken: readonly string[]
  dropped: readonly string[]
  /** Why this model cannot take the request, in the user's language; null when it can. */
  refusal: string | null
  preflight: Preflight | null | undefined
}

/** One line per picked model: its family, the filled fields it takes and drops, its estimate, or why it is refused. */
export function PlanTable({ rows }: { rows: readonly PlanRow[] }) {
  const { t, i18n } = useT()
  const estimate = (p: Preflight | null | undefined, model: string) => estimateText(t, i18n.language, p, model)
  return (
    <ul className="compare-plan" aria-label={t('compareRuns.title')}>
      {rows.map((r) => (
        <li
          key={r.model}
          className="compare-plan-row"
          data-testid="compare-plan-row"
          data-refused={r.refusal ? true : undefined}
        >
          <p className="compare-plan-model">
            <strong>{r.model}</strong> <span className="compare-family">{r.familyLabel}</span>
          </p>
          <p className="field-help">
            {t('compareRuns.takes')}: {r.taken.length ? <Fields names={r.taken} /> : t('compareRuns.nothingFilled')}
          </p>
          <p className="field-help" data-testid="compare-drops">
            {t('compareRuns.drops')}:{' '}
            {r.dropped.length ? <Fields names={r.dropped} /> : t('compareRuns.nothingDropped')}
          </p>
          <p className="field-help" data-testid="compare-estimate">
            {t('compareRuns.estimate')}: {estimate(r.preflight, r.model)}
          </p>
          {r.refusal && (
            <p className="field-error" role="alert">
              {t('compareRuns.refusedModel', { model: r.model, reason: r.refusal })}
            </p>
          )}
        </li>
      ))}
    </ul>
  )
}

/** The sum of the known estimates (and of their ranges), what is unknown, and the quota available. */
export function PlanTotal({ preflights }: { preflights: ReadonlyArray<Preflight | null | undefined> }) {
  const { t, i18n } = useT()
  const { text, total, known } = estimateTotal(t, i18n.language, preflights)
  const available = preflights.find((p) => p && p.available !== null && !p.unlimited)?.available ?? null
  return (
    <div className="compare-total" data-testid="compare-total">
      <p>{text}</p>
      {available !== null && (
        <p className="field-help">{t('compareRuns.available', { amount: formatRaw(available, i18n.language) })}</p>
      )}
      {available !== null && known > 0 && total > available && (
        <p className="field-error">{t('compareRuns.overBudget')}</p>
      )}
    </div>
  )
}
