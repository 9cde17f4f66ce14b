/** The board's text search, answered by the host's full-text index over every task (video:search). */
import { useQuery } from '@tanstack/react-query'
import { studio } from '@renderer/lib/studio'
import type { SearchExcerpt, SearchHits } from './board-filter'

/** The host's index works on three characters or more; a shorter query is matched on the board itself. */
export const INDEXED_QUERY = 3
/** The board shows at most this many matches, best first (a search is for finding, not for listing). */
export const SEARCH_LIMIT = 200

async function search(query: string): Promise<SearchHits> {
  const at = Date.now()
  const { hits, more } = await studio.video.search({ query, limit: SEARCH_LIMIT })
  const rank = new Map<string, number>()
  const excerpts = new Map<string, SearchExcerpt>()
  hits.forEach((h, i) => {
    rank.set(h.id, i)
    excerpts.set(h.id, { match: h.match, marks: h.matchMarks })
  })
  return { ids: new Set(rank.keys()), at, rank, excerpts, more }
}

/** The ids the host found for `query`, ranked, or undefined while it is short, loading or failed (the board matches locally then). */
export function useBoardSearch(query: string): SearchHits | undefined {
  const q = query.trim()
  const enabled = [...q].length >= INDEXED_QUERY
  const { data } = useQuery({
    queryKey: ['video', 'search', q],
    queryFn: () => search(q),
    enabled,
    staleTime: 0,
    retry: false
  })
  return enabled ? data : undefined
}
