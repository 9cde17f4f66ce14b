import { useMemo, useState } from 'react'
import { CompareRunControl, CompareRunPanel, planRows } from '@renderer/components/compare/CompareRun'
import { useT } from '@renderer/i18n/use-t'
import { useActiveNames } from '@renderer/lib/profiles/queries'
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
  return <CompareRunControl panel={(onStarted) => <ComparePanel onStarted={onStarted} />} />
}

function ComparePanel({ onStarted }: { onStarted: () => void }) {
  const { t } = useT()
  const names = useActiveNames()
  const draft = useGenerateDraft()
  const [picked, setPicked] = useState<string[]>([])
  const candidates = useMemo(() => imageCandidates(names), [names])
  const plan = planImages(draft, picked, names)
  return (
    <CompareRunPanel
      kind="image"
      candidates={candidates.map((c) => ({ model: c.model, familyLabel: t(familyLabelKey(c.family)) }))}
      picked={picked}
      onPick={setPicked}
      plan={{
        formProblem: plan.formProblem ? (problemText(t, plan.formProblem) ?? '') : null,
        rows: planRows(
          plan.cells,
          (c) => t(familyLabelKey(c.family)),
          (c) => refusalText(t, c)
        ),
        start: { area: 'images', requests: plan.cells.map((c) => c.request) },
        complete: true
      }}
      onStarted={(count) => {
        useImagesUi.getState().setNotice(t('compareRuns.started', { count }))
        onStarted()
      }}
    />
  )
}
