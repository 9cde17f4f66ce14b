import { infiniteQueryOptions, queryOptions, useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { studio } from '@renderer/lib/studio'
import type { PromptArea } from '@shared/domain/prompts'

export const promptKeys = {
  all: ['prompts'] as const,
  saved: (query: string, tag: string) => [...promptKeys.all, 'saved', query, tag] as const,
  history: (query: string, area: PromptArea | '') => [...promptKeys.all, 'history', query, area] as const
}

/** Saved prompts for a search (ranked by the host) or, without one, most recently changed first. */
export function savedPromptsQuery(query = '', tag = '', limit = 50) {
  return queryOptions({
    queryKey: [...promptKeys.saved(query.trim(), tag), limit],
    queryFn: () => studio.prompts.listSaved({ query: query.trim() || undefined, tag: tag || undefined, limit }),
    staleTime: 30_000
  })
}

/** The history, a page at a time (keyset cursor from the host). */
export function historyQuery(query = '', area: PromptArea | '' = '') {
  return infiniteQueryOptions({
    queryKey: promptKeys.history(query.trim(), area),
    queryFn: ({ pageParam }) =>
      studio.prompts.history({
        query: query.trim() || undefined,
        area: area || undefined,
        before: pageParam ?? undefined,
        limit: 50
      }),
    initialPageParam: null as { at: number; id: string } | null,
    getNextPageParam: (last) => last.next,
    staleTime: 30_000
  })
}

/** Host changes to history or saved prompts refresh whatever lists show them. */
export function usePromptsSync(): void {
  const qc = useQueryClient()
  useEffect(
    () =>
      studio.prompts.onChanged(({ what }) => {
        void qc.invalidateQueries({ queryKey: [...promptKeys.all, what] })
      }),
    [qc]
  )
}
