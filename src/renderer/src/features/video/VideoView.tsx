import { QueuePanel } from '@renderer/components/queue/QueuePanel'
import { Tabs } from '@renderer/components/Tabs'
import { useT } from '@renderer/i18n/use-t'
import { AssetsPanel } from './assets/AssetsPanel'
import { Board } from './board/Board'
import { VideoCompareBoard } from './compare/CompareBoard'
import { CreateForm } from './create/CreateForm'
import { useReceiveHandoff } from './create/use-receive-handoff'
import { useVideoUi } from './video-ui-store'
import './video.css'

const PANELS = ['create', 'assets'] as const

function SidePanel() {
  const { t } = useT()
  const panel = useVideoUi((s) => s.panel)
  const setPanel = useVideoUi((s) => s.setPanel)
  const label = (p: (typeof PANELS)[number]) => t(p === 'create' ? 'video.view.createTab' : 'video.view.assetsTab')
  return (
    <div className="video-side" role="region" aria-label={t('video.view.createLabel')}>
      <Tabs
        idPrefix="video"
        label={t('video.view.createLabel')}
        panels={PANELS}
        active={panel}
        onSelect={setPanel}
        labelOf={label}
        panelClassName="video-tab-panel"
      >
        {panel === 'create' ? <CreateForm /> : <AssetsPanel />}
      </Tabs>
      <QueuePanel kind="video" />
    </div>
  )
}

/**
 * The Video area: create (per family) or assets on the left, the job board on the right. Loaded
 * lazily; host events reach the board through VideoSync, which the shell mounts app-wide.
 */
export default function VideoView() {
  const notice = useVideoUi((s) => s.notice)
  useReceiveHandoff()
  return (
    <div className="video-view">
      <p role="status" className="notice video-notice">
        {notice}
      </p>
      <VideoCompareBoard />
      <div className="video-layout">
        <SidePanel />
        <Board />
      </div>
    </div>
  )
}
