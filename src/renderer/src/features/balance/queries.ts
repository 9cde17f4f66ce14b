import { queryOptions } from '@tanstack/react-query'
import { studio } from '@renderer/lib/studio'

export const balanceKeys = {
  all: ['balance'] as const,
  usage: (profileId: string) => [...balanceKeys.all, 'usage', profileId] as const
}

/**
 * Key usage of one profile. The gateway's usage route is rate limited (about 20 calls per 20 min),
 * so the cache stays fresh for minutes; the host also pushes `balance:usage-updated` whenever it
 * fetched a newer record, which lands in this cache entry.
 */
export function usageQuery(profileId: string) {
  return queryOptions({
    queryKey: balanceKeys.usage(profileId),
    queryFn: () => studio.balance.getUsage({ profileId }),
    staleTime: 5 * 60_000
  })
}
