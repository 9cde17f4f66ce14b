import type { MouseEvent } from 'react'
import { LiveRegions } from '@renderer/components/LiveRegions'
import { useT } from '@renderer/i18n/use-t'
import { CommandPalette } from './CommandPalette'
import { Header } from './Header'
import { JobAnnouncements } from './JobAnnouncements'
import { LeaveEditorDialog } from './LeaveEditorDialog'
import { Nav } from './Nav'
import { useToastsStayBehind } from './navigation'
import { PromptsBridge } from './PromptsBridge'
import { StoreNotices } from './StoreNotices'
import { useReadyMarker } from './use-ready-marker'
import { useViewShortcuts } from './use-view-shortcuts'
import { ViewOutlet } from './ViewOutlet'

/** The window: navigation on the left, the banner and the current area on the right. */
export function AppShell() {
  const { t } = useT()
  useViewShortcuts()
  useReadyMarker()
  useToastsStayBehind()
  // Focus moves without changing the URL: the Electron shell refuses navigation of any kind.
  const skipToContent = (e: MouseEvent<HTMLAnchorElement>) => {
    e.preventDefault()
    document.getElementById('main-content')?.focus()
  }
  return (
    <div className="app-shell">
      <a href="#main-content" className="skip-link" onClick={skipToContent}>
        {t('app.skipToContent')}
      </a>
      <Nav />
      <div className="app-body">
        <Header />
        <StoreNotices />
        <ViewOutlet />
      </div>
      <PromptsBridge />
      <CommandPalette />
      <LiveRegions />
      <JobAnnouncements />
      <LeaveEditorDialog />
    </div>
  )
}
