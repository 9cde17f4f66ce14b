import { queryOptions, useQuery } from '@tanstack/react-query'
import { studio } from '@renderer/lib/studio'
import { chatKeys } from '../queries'

export const compareKeys = {
  open: () => [...chatKeys.all, 'compares'] as const
}

export function comparesQuery() {
  return queryOptions({ queryKey: compareKeys.open(), queryFn: () => studio.chat.listCompares(), staleTime: Infinity })
}

/** Open (unsettled) compare runs, newest first. */
export function useOpenCompares() {
  return useQuery(comparesQuery())
}
