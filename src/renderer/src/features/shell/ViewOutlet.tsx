import { lazy, Suspense } from 'react'
import { useTranslation } from 'react-i18next'
import { ChatView } from '@renderer/features/chat/ChatView'
import { ChatStreamSync } from '@renderer/features/chat/ChatStreamSync'
import { SettingsView } from '@renderer/features/settings/SettingsView'
import { useUiStore, type ViewId } from '@renderer/store/ui'
import { EmptyState } from './EmptyState'

type UnbuiltView = Exclude<ViewId, 'settings' | 'chat' | 'images' | 'balance'>

// The canvas editor and gallery stay out of the entry chunk (PERFORMANCE T1).
const ImagesView = lazy(() => import('@renderer/features/images/ImagesView'))
// The balance dashboard and its charts, likewise.
const BalanceView = lazy(() => import('@renderer/features/balance/BalanceView'))

const DESCRIPTION_KEYS = {
  video: 'empty.video'
} as const satisfies Record<UnbuiltView, `empty.${UnbuiltView}`>

/** The main landmark: the current area, titled by its h1. */
export function ViewOutlet() {
  const { t } = useTranslation()
  const view = useUiStore((s) => s.view)
  return (
    <main id="main-content" className="main" aria-labelledby="view-title" tabIndex={-1} data-view={view}>
      <h1 id="view-title" className="view-title">
        {t(`nav.${view}`)}
      </h1>
      {/* Streams keep folding into the live store while another area is shown. */}
      <ChatStreamSync />
      {view === 'settings' ? (
        <SettingsView />
      ) : view === 'chat' ? (
        <ChatView />
      ) : view === 'images' ? (
        <Suspense fallback={<p className="view-loading">{t('app.loading')}</p>}>
          <ImagesView />
        </Suspense>
      ) : view === 'balance' ? (
        <Suspense fallback={<p className="view-loading">{t('app.loading')}</p>}>
          <BalanceView />
        </Suspense>
      ) : (
        <EmptyState icon={view} description={t(DESCRIPTION_KEYS[view])} />
      )}
    </main>
  )
}
