/**
 * Markdown source to mdast with micromark (via mdast-util-from-markdown): CommonMark 0.31 exactly,
 * plus GFM tables, task lists, strikethrough and autolink literals, and math.
 *
 * Why micromark rather than markdown-it: it passes every CommonMark and GFM spec example as
 * written (markdown-it's GFM parts are plugins that differ from the GFM spec on autolinks and task
 * lists), it yields a typed syntax tree with source offsets (the incremental splitting needs them)
 * and it is written for the browser (no Node APIs). GFM footnotes are left out: a footnote's
 * definition, like a link reference's, changes blocks before it, and models rarely write them.
 *
 * A parse never sees the whole message, only one block or the live tail (incremental.ts), so the
 * link reference definitions of the rest of the message are passed in: micromark turns `[x]` into
 * a reference only when `x` is defined, so their labels are prepended as stand-in definitions
 * (removed again from the result), and references are resolved here to plain links and images.
 */
import type { Definition, Nodes, Root, RootContent } from 'mdast'
import { fromMarkdown } from 'mdast-util-from-markdown'
import { gfmAutolinkLiteralFromMarkdown } from 'mdast-util-gfm-autolink-literal'
import { gfmStrikethroughFromMarkdown } from 'mdast-util-gfm-strikethrough'
import { gfmTableFromMarkdown } from 'mdast-util-gfm-table'
import { gfmTaskListItemFromMarkdown } from 'mdast-util-gfm-task-list-item'
import { mathFromMarkdown } from 'mdast-util-math'
import { gfmAutolinkLiteral } from 'micromark-extension-gfm-autolink-literal'
import { gfmStrikethrough } from 'micromark-extension-gfm-strikethrough'
import { gfmTable } from 'micromark-extension-gfm-table'
import { gfmTaskListItem } from 'micromark-extension-gfm-task-list-item'
import { math } from 'micromark-extension-math'
import { texMath, texMathFromMarkdown } from './tex-math'

/** Link reference definitions in effect: identifier (normalised label) to its first definition. */
export type Definitions = ReadonlyMap<string, { label: string; url: string; title: string | null }>

export const NO_DEFINITIONS: Definitions = new Map()

const extensions = [
  gfmAutolinkLiteral(),
  gfmStrikethrough({ singleTilde: true }),
  gfmTable(),
  gfmTaskListItem(),
  // Only the `$$` block construct: inline math is texMath's (see tex-math.ts).
  { flow: math().flow },
  texMath
]
const mdastExtensions = [
  gfmAutolinkLiteralFromMarkdown(),
  gfmStrikethroughFromMarkdown(),
  gfmTableFromMarkdown(),
  gfmTaskListItemFromMarkdown(),
  mathFromMarkdown(),
  texMathFromMarkdown
]

type Parent = Extract<Nodes, { children: unknown }>

/** Replaces resolved references by links/images, in place. */
function resolveReferences(node: Nodes, defs: Definitions): void {
  if (!('children' in node)) return
  const children = (node as Parent).children as Nodes[]
  for (let i = 0; i < children.length; i++) {
    const child = children[i]
    if (child.type === 'linkReference' || child.type === 'imageReference') {
      const def = defs.get(child.identifier)
      if (def) {
        children[i] =
          child.type === 'linkReference'
            ? { type: 'link', url: def.url, title: def.title, children: child.children, position: child.position }
            : { type: 'image', url: def.url, title: def.title, alt: child.alt, position: child.position }
      }
    }
    resolveReferences(children[i], defs)
  }
}

/**
 * Parses `source` as a run of blocks, with `defs` from elsewhere in the message in effect. The
 * returned children keep offsets into `source`.
 */
export function parseBlocks(source: string, defs: Definitions = NO_DEFINITIONS): Root {
  let prefix = ''
  for (const id of defs.keys()) prefix += `[${id}]: x\n`
  if (prefix) prefix += '\n'
  const root = fromMarkdown(prefix + source, { extensions, mdastExtensions })
  if (prefix) {
    const shift = prefix.length
    root.children = root.children.filter((c) => (c.position?.start.offset ?? 0) >= shift)
    for (const c of root.children) {
      if (c.position?.start.offset !== undefined) c.position.start.offset -= shift
      if (c.position?.end.offset !== undefined) c.position.end.offset -= shift
    }
  }
  // The block's own definitions are in effect for it too (they are in `defs` once it is sealed).
  const all = new Map(defs)
  for (const def of definitionsOf(root.children)) if (!all.has(def.identifier)) all.set(def.identifier, { label: def.label ?? def.identifier, url: def.url, title: def.title ?? null })
  resolveReferences(root, all)
  return root
}

/** The link reference definitions among `nodes` (also inside quotes and lists), in order. */
export function definitionsOf(nodes: readonly RootContent[]): Definition[] {
  const out: Definition[] = []
  const walk = (list: readonly Nodes[]) => {
    for (const n of list) {
      if (n.type === 'definition') out.push(n)
      else if (n.type === 'blockquote' || n.type === 'list' || n.type === 'listItem') walk(n.children)
    }
  }
  walk(nodes)
  return out
}
