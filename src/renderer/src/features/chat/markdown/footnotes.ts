/**
 * GFM footnotes across a message's blocks. As on GitHub, a footnote is numbered by its first
 * reference, each reference gets its own anchor (the note links back to every one), and the notes
 * are listed at the end of the message in that order, defined or not where they are written.
 *
 * Blocks are numbered as they seal, after every block before them (incremental.ts): a sealed
 * block's numbers never change unless its references are parsed again, which renumbers the
 * message from the start.
 */
import type { FootnoteDefinition, FootnoteReference, Nodes, RootContent } from 'mdast'

export interface NoteIndex {
  /** Footnote identifiers in the order of their first reference; a footnote's number is its place + 1. */
  order: readonly string[]
  numbers: ReadonlyMap<string, number>
  /** References seen so far, per identifier. */
  counts: ReadonlyMap<string, number>
  /** The first definition of each identifier. */
  defs: ReadonlyMap<string, FootnoteDefinition>
}

export const NO_NOTES: NoteIndex = { order: [], numbers: new Map(), counts: new Map(), defs: new Map() }

/** Where a reference stands: its footnote's number, and which reference to that footnote it is (1, 2, …). */
export interface NoteRef {
  number: number
  occurrence: number
}

const REF = 'studioFootnote'

/** The number and occurrence indexNotes gave `node`, if it has been numbered. */
export function noteRefOf(node: FootnoteReference): NoteRef | undefined {
  return (node.data as Record<string, NoteRef | undefined> | undefined)?.[REF]
}

/**
 * Numbers the footnote references in `nodes` (in document order) after those of `index`, writing
 * each one's NoteRef into its node, and records the definitions. Returns `index` itself when
 * `nodes` hold neither, so a message without footnotes allocates nothing per update.
 */
export function indexNotes(index: NoteIndex, nodes: readonly RootContent[]): NoteIndex {
  let next: {
    order: string[]
    numbers: Map<string, number>
    counts: Map<string, number>
    defs: Map<string, FootnoteDefinition>
  } | null = null
  const own = () =>
    (next ??= {
      order: [...index.order],
      numbers: new Map(index.numbers),
      counts: new Map(index.counts),
      defs: new Map(index.defs)
    })
  const walk = (list: readonly Nodes[]) => {
    for (const node of list) {
      if (node.type === 'footnoteReference') {
        const n = own()
        const id = node.identifier
        if (!n.numbers.has(id)) {
          n.order.push(id)
          n.numbers.set(id, n.order.length)
        }
        const occurrence = (n.counts.get(id) ?? 0) + 1
        n.counts.set(id, occurrence)
        node.data = { ...node.data, [REF]: { number: n.numbers.get(id)!, occurrence } } as FootnoteReference['data']
      } else if (node.type === 'footnoteDefinition') {
        if (!(next ?? index).defs.has(node.identifier)) own().defs.set(node.identifier, node)
        walk(node.children)
      } else if ('children' in node) walk(node.children)
    }
  }
  walk(nodes)
  return next ?? index
}
