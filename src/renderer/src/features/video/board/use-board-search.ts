/** The board's text search, answered by the host's full-text index over every task (video:list). */
import { useQuery } from '@tanstack/react-query'
import { studio } from '@renderer/lib/studio'
import { LIST_PAGE } from '../queries'
import type { SearchHits } from './board-filter'

/** The host's index works on three characters or more; a shorter query is matched on the board itself. */
export const INDEXED_QUERY = 3

async function searchAll(query: string): Promise<SearchHits> {
  const at = Date.now()
  const ids = new Set<string>()
  let before: number | undefined
  for (;;) {
    const page = await studio.video.list({ filter: { query }, limit: LIST_PAGE, ...(before === undefined ? {} : { before }) })
    for (const t of page.tasks) ids.add(t.id)
    if (page.tasks.length < LIST_PAGE) break
    before = page.tasks[page.tasks.length - 1].createdAt
  }
  return { ids, at }
}

/** The ids the host found for `query`, or undefined while it is short, loading or failed (the board matches locally then). */
export function useBoardSearch(query: string): SearchHits | undefined {
  const q = query.trim()
  const enabled = [...q].length >= INDEXED_QUERY
  const { data } = useQuery({ queryKey: ['video', 'search', q], queryFn: () => searchAll(q), enabled, staleTime: 0, retry: false })
  return enabled ? data : undefined
}
