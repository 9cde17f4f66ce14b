import { useT } from '@renderer/i18n/use-t'
import { useActiveNames } from '@renderer/lib/profiles/queries'
import { studio } from '@renderer/lib/studio'
import { useHandoffReceiver } from '@renderer/lib/use-handoff-receiver'
import { useVideoUi } from '../video-ui-store'
import { useVideoDraft } from './draft-store'
import { placeFrame } from './place-frame'

/**
 * What other areas hand to Video: a gallery image into the Create form (as first frame, last frame
 * or reference; the family switches when the current model cannot take it, and the notice says
 * why), a finished video into the remix dialog, a video to show on the board.
 */
export function useReceiveHandoff(): void {
  const { t } = useT()
  const names = useActiveNames()
  useHandoffReceiver(['video-frame', 'video-remix', 'show-video'], (h) => {
    const ui = useVideoUi.getState()
    if (h.kind === 'show-video') return ui.requestFocus(h.taskId)
    if (h.kind === 'video-remix') {
      void studio.video.get({ id: h.taskId }).then(
        () => useVideoUi.getState().openDialog({ kind: 'remix', id: h.taskId }),
        () => useVideoUi.getState().setNotice(t('flows.receive.remixGone'))
      )
      return
    }
    const slot = t(`flows.receive.slot.${h.slot}`)
    const family = (f: Parameters<typeof ui.setFamily>[0]) => t(`video.view.family.${f}`)
    const placed = placeFrame(ui.family, useVideoDraft.getState().drafts, h, names)
    if (placed.kind === 'none') return ui.setNotice(t('flows.receive.noFamily', { slot }))
    ui.setPanel('create')
    if (placed.kind === 'full') {
      ui.setFamily(placed.family)
      return ui.setNotice(t('flows.receive.full', { model: placed.model }))
    }
    useVideoDraft.getState().replace(placed.family, placed.drafts[placed.family])
    ui.setFamily(placed.family)
    const from = placed.switchedFrom
    const told = from
      ? from.model
        ? t('flows.receive.switched', {
            model: from.model,
            slot,
            family: family(placed.family),
            suggestion: placed.model
          })
        : t('flows.receive.switchedFamily', { slot, family: family(placed.family), suggestion: placed.model })
      : t('flows.receive.placed', { name: h.label, slot, family: family(placed.family), model: placed.model })
    ui.setNotice(placed.needFirst ? `${told} ${t('flows.receive.needFirst')}` : told)
  })
}
