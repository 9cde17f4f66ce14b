// First, so its start-up mark is taken before any other module runs.
import './lib/startup-entry-mark'
import { StrictMode } from 'react'
import { flushSync } from 'react-dom'
import { createRoot } from 'react-dom/client'
import { I18nextProvider } from 'react-i18next'
import type { AppSettings } from '@shared/domain/settings'
import './styles/index.css'
import { App } from './App'
import { FatalScreen } from './components/FatalScreen'
import { startupReadsOrTimeout } from './features/shell/startup-prefetch'
import { createI18n, ensureLanguage, resolveLanguage, systemLanguage, type UiLanguage } from './i18n'
import { createQueryClient } from './lib/query-client'
import { settingsKeys } from './lib/settings/queries'
import { bridgeProblem } from './lib/studio'
import { applyTheme, resolveTheme, systemPrefersDark } from './lib/theme'

// Start-up milestones (performance marks, read by the T1 benchmark): every module is evaluated here.
performance.mark('studio:modules')
// Follow the OS colour scheme from the first frame; the saved setting takes over once it is loaded.
applyTheme(resolveTheme('system', systemPrefersDark()), 'system')
document.documentElement.dataset.appState = 'loading'

const i18n = createI18n()
const container = document.getElementById('root')
if (!container) throw new Error('index.html has no #root element')
const root = createRoot(container)
const problem = bridgeProblem()
const queryClient = createQueryClient()
// The bridge already asked for what the first screen shows; rendering once it is in (or after the
// cap) costs one render to the ready shell instead of a loading render and then a second one (T1).
const STARTUP_WAIT_CAP_MS = 200
const firstData = Promise.all([
  // The system language's messages when they are not English (a lazy chunk); English if that fails.
  ensureLanguage(i18n, i18n.language as UiLanguage).catch(() => undefined),
  problem ? undefined : startupReadsOrTimeout(queryClient, STARTUP_WAIT_CAP_MS)
])

/** The saved language (when the settings are in) before the first render, so it does not flash English. */
async function firstLanguage(): Promise<void> {
  const saved = queryClient.getQueryData<AppSettings>(settingsKeys.current())?.language ?? 'system'
  const lang = resolveLanguage(saved, systemLanguage())
  const shown = await ensureLanguage(i18n, lang).then(
    () => lang,
    () => 'en' as const
  )
  if (i18n.language !== shown) await i18n.changeLanguage(shown)
}

function renderApp(): void {
  performance.mark('studio:render')
  // One uninterrupted render to the first commit: a time-sliced one yields every few ms, and on a
  // busy machine the answers and timers that slip in between (each a re-render) only delay it (T1).
  flushSync(() =>
    root.render(
      <StrictMode>
        {problem ? (
          <I18nextProvider i18n={i18n}>
            <FatalScreen reason={problem} />
          </I18nextProvider>
        ) : (
          <App queryClient={queryClient} i18n={i18n} />
        )}
      </StrictMode>
    )
  )
}

void firstData.then(firstLanguage).finally(renderApp)
