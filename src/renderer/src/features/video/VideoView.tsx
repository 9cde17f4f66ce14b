import type { KeyboardEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { AssetsPanel } from './assets/AssetsPanel'
import { Board } from './board/Board'
import { CreateForm } from './create/CreateForm'
import { useVideoUi } from './video-ui-store'
import './video.css'

const PANELS = ['create', 'assets'] as const

function SidePanel() {
  const { t } = useTranslation()
  const panel = useVideoUi((s) => s.panel)
  const setPanel = useVideoUi((s) => s.setPanel)
  const label = (p: (typeof PANELS)[number]) => t(p === 'create' ? 'video.view.createTab' : 'video.view.assetsTab')
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key !== 'ArrowRight' && e.key !== 'ArrowLeft') return
    e.preventDefault()
    const next = PANELS[(PANELS.indexOf(panel) + 1) % PANELS.length]
    setPanel(next)
    document.getElementById(`video-tab-${next}`)?.focus()
  }
  return (
    <div className="video-side" role="region" aria-label={t('video.view.createLabel')}>
      <div role="tablist" aria-label={t('video.view.createLabel')} className="video-tabs" onKeyDown={onKeyDown}>
        {PANELS.map((p) => (
          <button
            key={p}
            id={`video-tab-${p}`}
            type="button"
            role="tab"
            className="video-tab"
            aria-selected={panel === p}
            aria-controls={`video-panel-${p}`}
            tabIndex={panel === p ? 0 : -1}
            onClick={() => setPanel(p)}
          >
            {label(p)}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`video-panel-${panel}`} aria-labelledby={`video-tab-${panel}`} className="video-tab-panel">
        {panel === 'create' ? <CreateForm /> : <AssetsPanel />}
      </div>
    </div>
  )
}

/**
 * The Video area: create (per family) or assets on the left, the job board on the right. Loaded
 * lazily; host events reach the board through VideoSync, which the shell mounts app-wide.
 */
export default function VideoView() {
  const notice = useVideoUi((s) => s.notice)
  return (
    <div className="video-view">
      <p role="status" className="notice video-notice">
        {notice}
      </p>
      <div className="video-layout">
        <SidePanel />
        <Board />
      </div>
    </div>
  )
}
