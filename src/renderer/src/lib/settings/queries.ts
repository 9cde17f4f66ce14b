import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { studio } from '@renderer/lib/studio'
import type { AppSettings } from '@shared/domain/settings'

export const settingsKeys = {
  all: ['settings'] as const,
  current: () => [...settingsKeys.all, 'current'] as const
}

/** App-wide settings; kept fresh by `settings:changed`. */
export function settingsQuery() {
  return queryOptions({
    queryKey: settingsKeys.current(),
    queryFn: () => studio.settings.get(),
    staleTime: Infinity
  })
}

const selectTheme = (s: AppSettings): AppSettings['theme'] => s.theme
const selectLanguage = (s: AppSettings): AppSettings['language'] => s.language

export function useThemeSetting(): AppSettings['theme'] | undefined {
  return useQuery({ ...settingsQuery(), select: selectTheme }).data
}

export function useLanguageSetting(): AppSettings['language'] | undefined {
  return useQuery({ ...settingsQuery(), select: selectLanguage }).data
}

/** Changes some settings; the host answers with all of them, which replaces the cache entry. */
export function useUpdateSettings() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (patch: Partial<AppSettings>) => studio.settings.update(patch),
    onSuccess: (next) => queryClient.setQueryData(settingsKeys.current(), next)
  })
}
