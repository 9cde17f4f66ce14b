/** A picture's versions and its variations (host data, in TanStack Query). */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { VersionNode, VersionTree } from '@shared/domain/lineage'
import { studio } from './studio'

export const versionKeys = {
  all: ['versions'] as const,
  of: (id: string) => ['versions', id] as const
}

/** Read whenever shown: an edit, a pick or a delete elsewhere changes the tree. */
export function useVersions(id: string | null) {
  return useQuery({
    queryKey: versionKeys.of(id ?? ''),
    queryFn: () => studio.lineage.versions({ id: id! }),
    enabled: id !== null,
    staleTime: 0
  })
}

/**
 * Each version's number, by when it was made: a new version (a branch among them) never renumbers
 * the others. A deleted one keeps its place in the tree's order after the ones still there.
 */
export function versionNumbers(tree: VersionTree): Map<string, number> {
  const order = tree.nodes
    .map((n, i) => ({ n, i }))
    .sort((a, b) => (a.n.createdAt ?? Infinity) - (b.n.createdAt ?? Infinity) || a.i - b.i)
  return new Map(order.map(({ n }, k) => [n.id, k + 1]))
}

/** The versions in the order they were made (the strip's order). */
export function byNumber(tree: VersionTree): VersionNode[] {
  const num = versionNumbers(tree)
  return [...tree.nodes].sort((a, b) => num.get(a.id)! - num.get(b.id)!)
}

/** A variation picked as the current version (linked to the picture it varies by the host). */
export function usePickVersion() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => studio.lineage.pickVersion({ id }),
    onSuccess: () => qc.invalidateQueries({ queryKey: versionKeys.all })
  })
}
