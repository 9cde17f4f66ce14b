import { QueryClient } from '@tanstack/react-query'
import type { Studio } from '@shared/contract'
import type { Disposer } from '@shared/contract-kit'
import { isStudioError } from '@shared/error-core'
import { balanceKeys } from './balance/keys'
import { profileKeys } from './profiles/queries'
import { settingsKeys } from './settings/queries'
import { studio as defaultStudio } from './studio'

const MAX_RETRIES = 2
/** A retry the user would wait longer than this for is not worth doing silently. */
const MAX_SILENT_WAIT_MS = 10_000

function retryAfterOf(error: unknown): number | undefined {
  if (!isStudioError(error)) return undefined
  const ms = error.details?.retryAfterMs
  return typeof ms === 'number' && ms >= 0 ? ms : undefined
}

/** Host errors say whether trying again can help; anything else (a broken bridge call) gets a couple of tries. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= MAX_RETRIES) return false
  if (!isStudioError(error)) return true
  if (!error.retryable) return false
  return (retryAfterOf(error) ?? 0) <= MAX_SILENT_WAIT_MS
}

export function retryDelay(failureCount: number, error: unknown): number {
  return retryAfterOf(error) ?? Math.min(1000 * 2 ** failureCount, 8000)
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: shouldRetry,
        retryDelay,
        // A desktop window regains focus constantly; the host pushes changes instead.
        refetchOnWindowFocus: false
      },
      // A mutation may cost money or change state: never repeat it behind the user's back.
      mutations: { retry: false }
    }
  })
}

/** Writes host events into the query cache. Returns one disposer for all subscriptions. */
export function connectHostEvents(queryClient: QueryClient, client: Studio = defaultStudio): Disposer {
  const disposers = [
    client.profiles.onChanged((list) => queryClient.setQueryData(profileKeys.list(), list)),
    client.balance.onUsageUpdated(({ profileId, usage }) =>
      queryClient.setQueryData(balanceKeys.usage(profileId), usage)
    ),
    client.settings.onChanged((settings) => queryClient.setQueryData(settingsKeys.current(), settings))
  ]
  return () => {
    for (const dispose of disposers) dispose()
  }
}
