import '@renderer/components/compare/compare.css'
import { useMemo, useState } from 'react'
import { ModelPicker, PlanTable, PlanTotal } from '@renderer/components/compare/ComparePlan'
import { FormAlert } from '@renderer/components/form/FormAlert'
import { hostProblem } from '@renderer/components/form/host-errors'
import { useT } from '@renderer/i18n/use-t'
import { usePreflights, useStartCompare } from '@renderer/lib/compare/runs'
import { errorTitle } from '@renderer/lib/error-text'
import { useActiveNames } from '@renderer/lib/profiles/queries'
import { COMPARE_MIN } from '@shared/domain/compare'
import { useGenerateDraft } from '../generate/draft-store'
import { useImagesUi } from '../images-ui-store'
import { problemText } from '../problems'
import { familyLabelKey, imageCandidates, planImages, refusalText } from './plan'

/**
 * "Run on several models" beside the Generate form: pick 2–4 of the profile's image models, see per
 * model what of the filled form its family takes and drops and its estimate, then send one create
 * per model. The form itself stays as it is.
 */
export function CompareControl() {
  const { t } = useT()
  const [open, setOpen] = useState(false)
  return (
    <div className="compare-control">
      <button type="button" className="button" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
        {open ? t('compareRuns.close') : t('compareRuns.open')}
      </button>
      {open && <ComparePanel onStarted={() => setOpen(false)} />}
    </div>
  )
}

function ComparePanel({ onStarted }: { onStarted: () => void }) {
  const { t } = useT()
  const names = useActiveNames()
  const draft = useGenerateDraft()
  const [picked, setPicked] = useState<string[]>([])
  const [tried, setTried] = useState(false)
  const candidates = useMemo(() => imageCandidates(names), [names])
  const plan = planImages(draft, picked, names)
  const preflights = usePreflights('image', picked)
  const requests = plan.cells.map((c) => c.request)
  const start = useStartCompare(JSON.stringify(requests))
  const refused = plan.cells.some((c) => c.problems.length > 0)

  const send = () => {
    setTried(true)
    if (picked.length < COMPARE_MIN || refused || plan.formProblem) return
    start.mutate(
      { area: 'images', requests },
      {
        onSuccess: () => {
          useImagesUi.getState().setNotice(t('compareRuns.started', { count: requests.length }))
          onStarted()
        }
      }
    )
  }

  const host = start.error ? hostProblem(start.error) : null
  return (
    <section className="compare-panel" aria-label={t('compareRuns.title')}>
      <p className="field-help">{t('compareRuns.intro')}</p>
      {candidates.length < COMPARE_MIN ? (
        <p className="field-help">{t('compareRuns.noModels')}</p>
      ) : (
        <ModelPicker candidates={candidates.map((c) => ({ model: c.model, familyLabel: t(familyLabelKey(c.family)) }))} picked={picked} onChange={setPicked} />
      )}
      {plan.formProblem && <p className="field-error">{t('compareRuns.fixForm', { reason: problemText(t, plan.formProblem) ?? '' })}</p>}
      {plan.cells.length > 0 && (
        <>
          <PlanTable
            rows={plan.cells.map((c, i) => ({
              model: c.model,
              familyLabel: t(familyLabelKey(c.family)),
              taken: c.taken,
              dropped: c.dropped,
              refusal: refusalText(t, c),
              preflight: preflights[i]
            }))}
          />
          <PlanTotal preflights={preflights} />
        </>
      )}
      {tried && picked.length < COMPARE_MIN && (
        <p className="field-error" role="alert">
          {t('compareRuns.tooFew')}
        </p>
      )}
      {tried && refused && <FormAlert title={t('compareRuns.refusedTitle')} detail={plan.cells.flatMap((c) => (c.problems.length ? [t('compareRuns.refusedModel', { model: c.model, reason: refusalText(t, c) ?? '' })] : [])).join(' ')} />}
      {host && <FormAlert title={`${t('compareRuns.failedToStart')}: ${errorTitle(t, host.error)}`} detail={host.message} />}
      <div className="form-actions">
        <button type="button" className="button button-primary" onClick={send} aria-busy={start.isPending || undefined} disabled={start.isPending}>
          {start.isPending ? t('compareRuns.sending') : t('compareRuns.send', { count: picked.length })}
        </button>
      </div>
    </section>
  )
}
