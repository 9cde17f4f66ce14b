import type { QueryClient } from '@tanstack/react-query'
import { conversationListQuery } from '@renderer/features/chat/queries'
import { profileListQuery } from '@renderer/lib/profiles/queries'
import { settingsQuery } from '@renderer/lib/settings/queries'
import { takeStartupRead } from '@renderer/lib/startup-reads'
import { studio } from '@renderer/lib/studio'

/**
 * Starts the reads the first screen needs before React renders, all at once: from the results the
 * browser host's bridge already requested when there are any, else straight from the host. The
 * shell is marked ready when the profile list is in (use-ready-marker.ts), so this is what decides
 * how long the window stays 'loading' (T1). The model list and usage are not waited for.
 * Resolves when all three have settled (prefetchQuery never rejects; errors stay in the cache).
 */
export async function prefetchStartupReads(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.prefetchQuery({
      ...settingsQuery(),
      queryFn: () => takeStartupRead('settings:get') ?? studio.settings.get()
    }),
    queryClient.prefetchQuery({
      ...profileListQuery(),
      queryFn: () => takeStartupRead('profiles:list') ?? studio.profiles.list()
    }),
    queryClient.prefetchQuery({
      ...conversationListQuery(''),
      queryFn: () => takeStartupRead('chat:list-conversations') ?? studio.chat.listConversations()
    })
  ])
}

/**
 * The start-up reads, but no longer than `capMs`: the first render then already has the profile
 * list and settings (one render to 'ready' instead of a loading render and a second one), and a
 * slow host still gets the loading screen after the cap.
 */
export function startupReadsOrTimeout(queryClient: QueryClient, capMs: number): Promise<void> {
  return Promise.race([prefetchStartupReads(queryClient), new Promise<void>((resolve) => setTimeout(resolve, capMs))])
}
