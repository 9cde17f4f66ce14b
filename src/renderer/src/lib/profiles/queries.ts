import { queryOptions, useQuery } from '@tanstack/react-query'
import { studio } from '@renderer/lib/studio'
import { STANDIN_NAMES, type GatewayNames } from '@shared/domain/gateway-names'
import type { ProfileList, ProfileView } from '@shared/domain/profiles'

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
const selectActiveNames = (l: ProfileList): GatewayNames =>
  l.profiles.find((p) => p.id === l.activeId)?.names ?? STANDIN_NAMES
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

/** The active profile's gateway names (model names per family, vendor paths); the stand-ins until the list is in. */
export function useActiveNames(): GatewayNames {
  return useQuery({ ...profileListQuery(), select: selectActiveNames }).data ?? STANDIN_NAMES
}
