import { queryOptions, useQuery } from '@tanstack/react-query'
import type { ProfileList, ProfileView } from '@shared/domain/profiles'
import { studio } from '@renderer/lib/studio'

export const profileKeys = {
  all: ['profiles'] as const,
  list: () => [...profileKeys.all, 'list'] as const
}

/**
 * The profile list. Never stale by time: the host pushes `profiles:changed` after every change,
 * and the event handler writes it into the cache.
 */
export function profileListQuery() {
  return queryOptions({
    queryKey: profileKeys.list(),
    queryFn: () => studio.profiles.list(),
    staleTime: Infinity
  })
}

const selectActiveId = (l: ProfileList): string => l.activeId
const selectActive = (l: ProfileList): ProfileView | undefined => l.profiles.find((p) => p.id === l.activeId)
const selectKeychain = (l: ProfileList): boolean => l.keychainAvailable

export function useProfileList() {
  return useQuery(profileListQuery())
}

export function useActiveProfileId(): string | undefined {
  return useQuery({ ...profileListQuery(), select: selectActiveId }).data
}

export function useActiveProfile(): ProfileView | undefined {
  return useQuery({ ...profileListQuery(), select: selectActive }).data
}

export function useKeychainAvailable(): boolean | undefined {
  return useQuery({ ...profileListQuery(), select: selectKeychain }).data
}
