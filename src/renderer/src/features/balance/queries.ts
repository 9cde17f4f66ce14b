import { queryOptions, useQuery } from '@tanstack/react-query'
import { balanceKeys } from '@renderer/lib/balance/keys'
import { studio } from '@renderer/lib/studio'
import type { DisplayUnit } from '@shared/domain/profiles'

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

export function billingQuery(profileId: string) {
  return queryOptions({
    queryKey: balanceKeys.billing(profileId),
    queryFn: () => studio.balance.getBilling({ profileId }),
    staleTime: 5 * 60_000
  })
}

/** Snapshots change when the host records one (`balance:history-changed` invalidates this). */
export function historyQuery(profileId: string) {
  return queryOptions({
    queryKey: balanceKeys.history(profileId),
    queryFn: () => studio.balance.getHistory({ profileId }),
    staleTime: Infinity
  })
}

export function spendingQuery(profileId: string) {
  return queryOptions({
    queryKey: balanceKeys.spending(profileId),
    queryFn: () => studio.balance.getSpending({ profileId }),
    staleTime: Infinity
  })
}

export function settingsQuery(profileId: string) {
  return queryOptions({
    queryKey: balanceKeys.settings(profileId),
    queryFn: () => studio.balance.getSettings({ profileId }),
    staleTime: Infinity
  })
}

const RAW: { unit: DisplayUnit; quotaPerUsd: number } = { unit: { kind: 'quota' }, quotaPerUsd: 500_000 }

/** The display unit in effect for a profile (raw quota until the settings arrive: never a guessed currency). */
export function useDisplayUnit(profileId: string): { unit: DisplayUnit; quotaPerUsd: number } {
  const q = useQuery(settingsQuery(profileId))
  return q.data ? { unit: q.data.effectiveUnit, quotaPerUsd: q.data.settings.quotaPerUsd } : RAW
}
