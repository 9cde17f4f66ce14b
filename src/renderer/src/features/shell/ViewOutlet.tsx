import { lazy, Suspense } from 'react'
import { ChatStreamSync } from '@renderer/features/chat/ChatStreamSync'
import { ChatView } from '@renderer/features/chat/ChatView'
import { VideoSync } from '@renderer/features/video/VideoSync'
import { loadAreaStrings } from '@renderer/i18n/area-strings'
import { useT } from '@renderer/i18n/use-t'
import { trackLoad } from '@renderer/lib/lazy-loads'
import { useUiStore } from '@renderer/store/ui'

// The canvas editor and gallery, the job board, the dashboard with its charts, and settings (whose
// names dialog and connection test bring zod's schemas, about 100 KB and a tenth of the start-up's
// script time) stay out of the entry chunk (PERFORMANCE T1).
// Each comes with the areas' English strings (one small chunk, fetched beside the view's own), so
// its first render already has them.
const withAreaStrings = <T,>(view: Promise<T>): Promise<T> =>
  trackLoad(Promise.all([view, loadAreaStrings()]).then(([m]) => m))
const ImagesView = lazy(() => withAreaStrings(import('@renderer/features/images/ImagesView')))
const VideoView = lazy(() => withAreaStrings(import('@renderer/features/video/VideoView')))
const BalanceView = lazy(() => withAreaStrings(import('@renderer/features/balance/BalanceView')))
const SettingsView = lazy(() =>
  withAreaStrings(import('@renderer/features/settings/SettingsView').then((m) => ({ default: m.SettingsView })))
)
const PromptsView = lazy(() => withAreaStrings(import('@renderer/features/prompts/PromptsView')))

/** The main landmark: the current area, titled by the banner's h1. */
export function ViewOutlet() {
  const { t } = useT()
  const view = useUiStore((s) => s.view)
  return (
    <main id="main-content" className="main" aria-labelledby="view-title" tabIndex={-1} data-view={view}>
      {/* Streams keep folding into the live store while another area is shown. */}
      <ChatStreamSync />
      {/* Video tasks finish while other areas are open: their updates and notifications are app-wide. */}
      <VideoSync />
      {view === 'settings' ? (
        <Suspense fallback={<p className="view-loading">{t('app.loading')}</p>}>
          <SettingsView />
        </Suspense>
      ) : view === 'chat' ? (
        <ChatView />
      ) : view === 'images' ? (
        <Suspense fallback={<p className="view-loading">{t('app.loading')}</p>}>
          <ImagesView />
        </Suspense>
      ) : view === 'video' ? (
        <Suspense fallback={<p className="view-loading">{t('app.loading')}</p>}>
          <VideoView />
        </Suspense>
      ) : view === 'prompts' ? (
        <Suspense fallback={<p className="view-loading">{t('app.loading')}</p>}>
          <PromptsView />
        </Suspense>
      ) : (
        <Suspense fallback={<p className="view-loading">{t('app.loading')}</p>}>
          <BalanceView />
        </Suspense>
      )}
    </main>
  )
}
