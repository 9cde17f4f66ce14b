import {
  VERSION_RELATIONS,
  type LineageLink,
  type LineageNode,
  type ResultRef,
  type VersionNode,
  type VersionRelation,
  type VersionTree
} from '@shared/domain/lineage'

/**
 * A picture's versions, read off the lineage links: the root is the first image up the chain of
 * version links (edit, protected copy, picked variation), and the tree is every image reached from
 * it down those links. An edit of an older version is a second child of that version: a branch.
 */

/** Links around one result, as the lineage table gives them. */
export interface LinkReader {
  parents(child: ResultRef): LineageLink[]
  children(parent: ResultRef): LineageLink[]
}

/** A tree larger than this is cut (a picture edited this often is not read as a strip any more). */
export const MAX_VERSIONS = 200
const MAX_UP = 64

const VERSION = new Set<string>(VERSION_RELATIONS)
export const isVersionLink = (l: LineageLink): boolean =>
  l.child.kind === 'image' && l.parent.kind === 'image' && VERSION.has(l.relation)

/** The version one step up from `id` (its edit's source, or the picture it is a variation of). */
function versionParent(links: LinkReader, id: string): LineageLink | undefined {
  return links.parents({ kind: 'image', id }).find(isVersionLink)
}

/** The picture `id` is a version of: up the version links until none is left (a cycle stops where it closes). */
export function rootOf(links: LinkReader, id: string): string {
  const seen = new Set([id])
  let at = id
  for (let i = 0; i < MAX_UP; i++) {
    const up = versionParent(links, at)
    if (!up || seen.has(up.parent.id)) break
    seen.add(up.parent.id)
    at = up.parent.id
  }
  return at
}

export function versionTree(
  links: LinkReader,
  of: string,
  resolve: (ref: ResultRef) => LineageNode | null
): VersionTree {
  const rootId = rootOf(links, of)
  const nodes: VersionNode[] = []
  const seen = new Set<string>()
  const resolved = new Map<string, LineageNode | null>()
  const node = (id: string): LineageNode | null => {
    if (!resolved.has(id)) resolved.set(id, resolve({ kind: 'image', id }))
    return resolved.get(id) ?? null
  }
  const visit = (id: string, depth: number, parentId?: string, relation?: VersionRelation): void => {
    if (seen.has(id) || nodes.length >= MAX_VERSIONS) return
    seen.add(id)
    const n = node(id)
    nodes.push({
      id,
      ...(parentId ? { parentId, relation } : {}),
      depth,
      exists: n !== null,
      prompt: n?.prompt ?? '',
      model: n?.model ?? '',
      ...(n?.thumbUrl ? { thumbUrl: n.thumbUrl } : {}),
      ...(n?.createdAt !== undefined ? { createdAt: n.createdAt } : {})
    })
    // Oldest first, as a strip reads, by each image's own time (results of one job are linked at one
    // instant); a deleted one has no time left and goes last, in the order it was linked.
    const kids = links
      .children({ kind: 'image', id })
      .filter(isVersionLink)
      .reverse()
      .map((l) => ({ l, at: node(l.child.id)?.createdAt ?? Number.MAX_SAFE_INTEGER }))
      .sort((x, y) => x.at - y.at)
      .map((k) => k.l)
    for (const k of kids) visit(k.child.id, depth + 1, id, k.relation as VersionRelation)
  }
  visit(rootId, 0)
  return { rootId, currentId: of, nodes }
}
