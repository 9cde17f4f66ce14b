/** Renders the whole app against a FakeHost, the way main.tsx does, with fresh state per test. */
import { act, cleanup, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { expect } from 'vitest'
import { App } from '@renderer/App'
import { resetChatState } from '@renderer/features/chat/reset'
import { createI18n, ensureLanguage, type UiLanguage } from '@renderer/i18n'
import { createQueryClient } from '@renderer/lib/query-client'
import { resetUiStore, useUiStore, type ViewId } from '@renderer/store/ui'
import { FakeHost } from './fake-host'

// React's act() warnings need this flag; Testing Library sets it only when test globals are enabled.
;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

export interface RenderAppOptions {
  host?: FakeHost
  language?: UiLanguage
  /** Start in this area instead of Chat. */
  view?: ViewId
  /** Wait until the first profile list has loaded (the app's ready marker). Default true. */
  waitForReady?: boolean
}

export async function renderApp(opts: RenderAppOptions = {}) {
  const host = (opts.host ?? new FakeHost()).install()
  resetUiStore()
  resetChatState()
  if (opts.view) useUiStore.getState().setView(opts.view)
  const queryClient = createQueryClient()
  const i18n = createI18n(opts.language ?? 'en')
  // Loaded before the first render, as main.tsx does, so the first screen is already in that language.
  if (opts.language) await ensureLanguage(i18n, opts.language)
  const user = userEvent.setup()
  const result = render(<App queryClient={queryClient} i18n={i18n} />)
  if (opts.waitForReady !== false) {
    await waitFor(() => expect(document.documentElement.dataset.appState).toBe('ready'))
    await areaShown()
  }
  return { host, user, queryClient, i18n, ...result }
}

/** Undo everything a test left behind: DOM, bridge, UI store, <html> attributes. */
export function resetApp(): void {
  cleanup()
  FakeHost.uninstall()
  resetUiStore()
  resetChatState()
  const html = document.documentElement
  for (const key of Object.keys(html.dataset)) delete html.dataset[key]
  html.removeAttribute('lang')
}

export async function openSettings(user: ReturnType<typeof userEvent.setup>): Promise<void> {
  await user.click(screen.getByRole('button', { name: 'Settings' }))
  await screen.findByRole('heading', { level: 1, name: 'Settings' })
  await areaShown()
}

/** Every area but Chat is a lazy chunk (T1): resolves once the area itself is shown, as a user would wait. */
async function areaShown(): Promise<void> {
  await waitFor(() => expect(document.querySelector('main .view-loading')).toBeNull(), { timeout: 10_000 })
  // Its first reads (answered by the FakeHost at once, delivered by TanStack Query in a timer) land
  // before the test looks, as they did when the area was in the start chunk and mounted by the click.
  await act(() => new Promise<void>((resolve) => setTimeout(resolve, 10)))
}
