import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { I18nextProvider } from 'react-i18next'
import './styles/index.css'
import { App } from './App'
import { FatalScreen } from './components/FatalScreen'
import { startupReadsOrTimeout } from './features/shell/startup-prefetch'
import { createI18n } from './i18n'
import { createQueryClient } from './lib/query-client'
import { bridgeProblem } from './lib/studio'
import { applyTheme, resolveTheme, systemPrefersDark } from './lib/theme'

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
const firstData = problem ? Promise.resolve() : startupReadsOrTimeout(queryClient, STARTUP_WAIT_CAP_MS)

void firstData.then(() => root.render(
  <StrictMode>
    {problem ? (
      <I18nextProvider i18n={i18n}>
        <FatalScreen reason={problem} />
      </I18nextProvider>
    ) : (
      <App queryClient={queryClient} i18n={i18n} />
    )}
  </StrictMode>
))
