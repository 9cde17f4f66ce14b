import { useMutation, useQueryClient } from '@tanstack/react-query'
import { balanceKeys } from '@renderer/lib/balance/keys'
import { studio } from '@renderer/lib/studio'
import { profileKeys } from './queries'

/**
 * Profile changes that carry no secret. (Add and edit carry a key, so the form calls the host
 * directly instead of parking the key in the mutation cache.)
 */
export function useSelectProfile() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => studio.profiles.select({ id }),
    onSuccess: (list) => queryClient.setQueryData(profileKeys.list(), list)
  })
}

export function useRemoveProfile() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => studio.profiles.remove({ id }),
    onSuccess: async (_done, id) => {
      queryClient.removeQueries({ queryKey: balanceKeys.usage(id) })
      await queryClient.invalidateQueries({ queryKey: profileKeys.list() })
    }
  })
}
