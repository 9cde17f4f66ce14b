/**
 * "Run on several models" beside a create form, the same for every area: the toggle, the model picker,
 * the plan with its estimates, the refusals and the one send. The area says what its form sends to
 * each picked model; this file knows nothing of families or fields.
 */
import './compare.css'
import { useState, type ReactNode } from 'react'
import { FormAlert } from '@renderer/components/form/FormAlert'
import { hostProblem } from '@renderer/components/form/host-errors'
import { useT } from '@renderer/i18n/use-t'
import { usePreflights, useStartCompare } from '@renderer/lib/compare/runs'
import { errorTitle } from '@renderer/lib/error-text'
import { COMPARE_MIN, type CompareStart } from '@shared/domain/compare'
import { ModelPicker, PlanTable, PlanTotal, type PlanCandidate, type PlanRow } from './ComparePlan'

/** The button that opens the panel; the panel closes itself once its run has started. */
export function CompareRunControl({ panel }: { panel: (onStarted: () => void) => ReactNode }) {
  const { t } = useT()
  const [open, setOpen] = useState(false)
  return (
    <div className="compare-control">
      <button type="button" className="button" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
        {open ? t('compareRuns.close') : t('compareRuns.open')}
      </button>
      {open && panel(() => setOpen(false))}
    </div>
  )
}

export interface CompareRunPlan {
  /** What the area's own form refuses, in the user's language; nothing is planned while it does. */
  formProblem: string | null
  /** One row per picked model the plan covers (its estimate is added here). */
  rows: ReadonlyArray<Omit<PlanRow, 'preflight'>>
  /** What is sent, one request per model; `complete` is false while some picked model has none. */
  start: Omit<CompareStart, 'runId'>
  complete: boolean
}

/** The plan's rows from an area's cells: a cell with a problem is refused (with its reason, when the area can word it). */
export function planRows<
  C extends { model: string; taken: readonly string[]; dropped: readonly string[]; problems: readonly unknown[] }
>(cells: readonly C[], familyLabel: (cell: C) => string, refusal: (cell: C) => string | null): CompareRunPlan['rows'] {
  return cells.map((c) => ({
    model: c.model,
    familyLabel: familyLabel(c),
    taken: c.taken,
    dropped: c.dropped,
    refusal: c.problems.length ? (refusal(c) ?? '') : null
  }))
}

export function CompareRunPanel(p: {
  kind: 'image' | 'video'
  candidates: readonly PlanCandidate[]
  picked: readonly string[]
  onPick: (picked: string[]) => void
  plan: CompareRunPlan
  /** Called once the host has the run, with the number of models it runs on. */
  onStarted: (count: number) => void
}) {
  const { t } = useT()
  const { plan, picked } = p
  const [tried, setTried] = useState(false)
  const preflights = usePreflights(p.kind, picked)
  const requests = plan.start.requests
  const start = useStartCompare(JSON.stringify(requests))
  const refusals = plan.rows.filter((r) => r.refusal !== null)

  const send = () => {
    setTried(true)
    if (picked.length < COMPARE_MIN || refusals.length > 0 || plan.formProblem || !plan.complete) return
    start.mutate(plan.start, { onSuccess: () => p.onStarted(requests.length) })
  }

  const host = start.error ? hostProblem(start.error) : null
  return (
    <section className="compare-panel" aria-label={t('compareRuns.title')}>
      <p className="field-help">{t('compareRuns.intro')}</p>
      {p.candidates.length < COMPARE_MIN ? (
        <p className="field-help">{t('compareRuns.noModels')}</p>
      ) : (
        <ModelPicker candidates={p.candidates} picked={picked} onChange={p.onPick} />
      )}
      {plan.formProblem !== null && (
        <p className="field-error">{t('compareRuns.fixForm', { reason: plan.formProblem })}</p>
      )}
      {plan.rows.length > 0 && (
        <>
          <PlanTable rows={plan.rows.map((r, i) => ({ ...r, preflight: preflights[i] }))} />
          <PlanTotal preflights={preflights} />
        </>
      )}
      {tried && picked.length < COMPARE_MIN && (
        <p className="field-error" role="alert">
          {t('compareRuns.tooFew')}
        </p>
      )}
      {tried && refusals.length > 0 && (
        <FormAlert
          title={t('compareRuns.refusedTitle')}
          detail={refusals
            .map((r) => t('compareRuns.refusedModel', { model: r.model, reason: r.refusal ?? '' }))
            .join(' ')}
        />
      )}
      {host && (
        <FormAlert title={`${t('compareRuns.failedToStart')}: ${errorTitle(t, host.error)}`} detail={host.message} />
      )}
      <div className="form-actions">
        <button
          type="button"
          className="button button-primary"
          onClick={send}
          aria-busy={start.isPending || undefined}
          disabled={start.isPending}
        >
          {start.isPending ? t('compareRuns.sending') : t('compareRuns.send', { count: picked.length })}
        </button>
      </div>
    </section>
  )
}
