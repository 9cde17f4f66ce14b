import { QueryClientProvider, useQueryClient, type QueryClient } from '@tanstack/react-query'
import type { i18n as I18n } from 'i18next'
import { useEffect } from 'react'
import { I18nextProvider } from 'react-i18next'
import { ErrorBoundary } from '@renderer/components/ErrorBoundary'
import { AppShell } from '@renderer/features/shell/AppShell'
import { useLanguageSync } from '@renderer/i18n/use-language-sync'
import { connectHostEvents } from '@renderer/lib/query-client'
import { useLanguageSetting, useThemeSetting } from '@renderer/lib/settings/queries'
import { useThemeSync } from '@renderer/lib/theme'

/** Host events into the cache; settings onto <html> and i18next. Renders nothing. */
function HostSync({ i18n }: { i18n: I18n }) {
  const queryClient = useQueryClient()
  useEffect(() => connectHostEvents(queryClient), [queryClient])
  useThemeSync(useThemeSetting() ?? 'system')
  useLanguageSync(i18n, useLanguageSetting() ?? 'system')
  return null
}

export interface AppProps {
  queryClient: QueryClient
  i18n: I18n
}

export function App({ queryClient, i18n }: AppProps) {
  return (
    <I18nextProvider i18n={i18n}>
      <ErrorBoundary>
        <QueryClientProvider client={queryClient}>
          <HostSync i18n={i18n} />
          <AppShell />
        </QueryClientProvider>
      </ErrorBoundary>
    </I18nextProvider>
  )
}
