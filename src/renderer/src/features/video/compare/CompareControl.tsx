import { useMemo, useState } from 'react'
import { CompareRunControl, CompareRunPanel, planRows } from '@renderer/components/compare/CompareRun'
import { useT } from '@renderer/i18n/use-t'
import { useActiveNames } from '@renderer/lib/profiles/queries'
import type { VideoCreateRequest } from '@shared/domain/video'
import { useVideoDraft } from '../create/draft-store'
import { videoProblemText } from '../problems'
import { useVideoUi } from '../video-ui-store'
import { planVideo, videoCandidates, videoRefusal } from './plan'

/**
 * "Run on several models" beside the Create form: 2–4 video models of any family, what each takes
 * and drops of the filled form, estimates, then one create per model.
 */
export function VideoCompareControl() {
  return <CompareRunControl panel={(onStarted) => <Panel onStarted={onStarted} />} />
}

function Panel({ onStarted }: { onStarted: () => void }) {
  const { t } = useT()
  const names = useActiveNames()
  const family = useVideoUi((s) => s.family)
  const drafts = useVideoDraft((s) => s.drafts)
  const [picked, setPicked] = useState<string[]>([])
  const candidates = useMemo(() => videoCandidates(names), [names])
  const plan = planVideo(family, drafts, picked, names)
  // A cell the family cannot carry has no request; the send waits until every picked model has one.
  const requests = plan.cells.flatMap((c) => (c.request ? [c.request] : [])) as VideoCreateRequest[]
  return (
    <CompareRunPanel
      kind="video"
      candidates={candidates.map((c) => ({ model: c.model, familyLabel: t(`video.view.family.${c.family}`) }))}
      picked={picked}
      onPick={setPicked}
      plan={{
        formProblem: plan.formProblem ? (videoProblemText(t, plan.formProblem) ?? '') : null,
        rows: planRows(
          plan.cells,
          (c) => t(`video.view.family.${c.family}`),
          (c) => videoRefusal(t, c)
        ),
        start: { area: 'video', requests },
        complete: requests.length === picked.length
      }}
      onStarted={(count) => {
        useVideoUi.getState().setNotice(t('compareRuns.started', { count }))
        onStarted()
      }}
    />
  )
}
