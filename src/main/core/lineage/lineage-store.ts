import type { HostEventArgs } from '@shared/contract'
import type { Lineage, LineageEdge, LineageLink, LineageNode, ResultRef, VersionTree } from '@shared/domain/lineage'
import { openLibrary, type Library } from '../store/library-db'
import { imageLinks, videoLinks } from './derive'
import { childLinks, LINEAGE_SCHEMA, parentLinks, putLinks } from './lineage-table'
import { isVersionLink, MAX_VERSIONS, versionTree, type LinkReader } from './versions'

/** How far up a chain is followed (a chain is a creator's loop, never this long; a cycle stops here too). */
const MAX_DEPTH = 32
const MAX_CHILDREN = 200

/** Looks a result up in its own store; null when it was deleted. */
export type ResolveNode = (ref: ResultRef) => LineageNode | null

/**
 * Lineage in the library database (`lib.schema('lineage', …)`). Links come from the requests: the
 * host's own events are observed (a video task first seen, an image job done), so the areas that
 * make results never have to record anything; an extracted frame links itself.
 */
export class LineageStore {
  private readonly lib: Library
  /** Tasks already read this session: a task's updates (progress) are observed once, not each time. */
  private readonly seenTasks = new Set<string>()

  constructor(
    dataDir: string,
    notice: (message: string) => void = () => {},
    private readonly now: () => number = Date.now
  ) {
    this.lib = openLibrary(dataDir, notice)
    try {
      this.lib.schema('lineage', LINEAGE_SCHEMA)
    } catch (e) {
      this.lib.release()
      throw e
    }
  }

  link(links: readonly LineageLink[]): number {
    return putLinks(this.lib, links, this.now())
  }

  /** An event the host sent: the requests behind it may link results. Never throws (an event sink). */
  observe(...[name, payload]: HostEventArgs): void {
    try {
      if (name === 'video:task-updated') {
        const task = payload
        if (this.seenTasks.has(task.id)) return
        this.seenTasks.add(task.id)
        this.link(videoLinks(task))
      } else if (name === 'images:job-updated') {
        const job = payload
        if (job.status === 'done') this.link(imageLinks(job.items))
      }
    } catch {
      // A link that cannot be written leaves the result as it is; the next sight of it tries again.
      if (name === 'video:task-updated') this.seenTasks.delete(payload.id)
    }
  }

  /** Parents up the chain (nearest first, each result once) and direct children, resolved to what each result is now. */
  lineage(of: ResultRef, resolve: ResolveNode): Lineage {
    const node = (ref: ResultRef): LineageNode =>
      resolve(ref) ?? { kind: ref.kind, id: ref.id, exists: false, prompt: '', model: '' }
    const ancestors: LineageEdge[] = []
    const seen = new Set([`${of.kind}:${of.id}`])
    let level: ResultRef[] = [of]
    for (let depth = 1; depth <= MAX_DEPTH && level.length; depth++) {
      const next: ResultRef[] = []
      for (const child of level) {
        for (const l of parentLinks(this.lib, child)) {
          const key = `${l.parent.kind}:${l.parent.id}`
          if (seen.has(key)) continue
          seen.add(key)
          ancestors.push(edge(l, l.child, node(l.parent), depth))
          next.push(l.parent)
        }
      }
      level = next
    }
    const children = childLinks(this.lib, of, MAX_CHILDREN).map((l) => edge(l, l.child, node(l.child), 1))
    return { self: node(of), ancestors, children }
  }

  /** The versions of the picture `id` belongs to (versions.ts), resolved to what each image is now. */
  versions(id: string, resolve: ResolveNode): VersionTree {
    const links: LinkReader = {
      parents: (child) => parentLinks(this.lib, child),
      children: (parent) => childLinks(this.lib, parent, MAX_VERSIONS)
    }
    return versionTree(links, id, resolve)
  }

  /**
   * A variation picked as the current version: linked as a version of the image it varies, unless
   * it is one already (a variation of an edit is itself an edit of the same source).
   */
  pickVariation(id: string, of: string): boolean {
    if (id === of || parentLinks(this.lib, { kind: 'image', id }).some(isVersionLink)) return false
    return this.link([{ child: { kind: 'image', id }, parent: { kind: 'image', id: of }, relation: 'variation' }]) > 0
  }

  close(): void {
    this.lib.release()
  }
}

function edge(l: LineageLink, child: ResultRef, node: LineageNode, depth: number): LineageEdge {
  return { relation: l.relation, ...(l.atSeconds !== undefined ? { atSeconds: l.atSeconds } : {}), child, node, depth }
}
