/**
 * Markdown source to mdast with micromark (via mdast-util-from-markdown): CommonMark 0.31 exactly,
 * plus GFM tables, task lists, strikethrough and autolink literals, and math.
 *
 * Why micromark rather than markdown-it: it passes every CommonMark and GFM spec example as
 * written (markdown-it's GFM parts are plugins that differ from the GFM spec on autolinks and task
 * lists), it yields a typed syntax tree with source offsets (the incremental splitting needs them)
 * and it is written for the browser (no Node APIs). GFM footnotes too: like a link reference, a
 * footnote call is one only when its label is defined, so footnote labels travel with the link
 * definitions below (numbering and the notes' list: footnotes.ts).
 *
 * A parse never sees the whole message, only one block or the live tail (incremental.ts), so the
 * link reference definitions of the rest of the message are passed in: micromark turns `[x]` into
 * a reference only when `x` is defined, so their labels are prepended as stand-in definitions
 * (removed again from the result), and references are resolved here to plain links and images.
 */
import type { Definition, FootnoteDefinition, Nodes, Root, RootContent } from 'mdast'
import { fromMarkdown } from 'mdast-util-from-markdown'
import { gfmAutolinkLiteralFromMarkdown } from 'mdast-util-gfm-autolink-literal'
import { gfmFootnoteFromMarkdown } from 'mdast-util-gfm-footnote'
import { gfmStrikethroughFromMarkdown } from 'mdast-util-gfm-strikethrough'
import { gfmTableFromMarkdown } from 'mdast-util-gfm-table'
import { gfmTaskListItemFromMarkdown } from 'mdast-util-gfm-task-list-item'
import { mathFromMarkdown } from 'mdast-util-math'
import { gfmAutolinkLiteral } from 'micromark-extension-gfm-autolink-literal'
import { gfmFootnote } from 'micromark-extension-gfm-footnote'
import { gfmStrikethrough } from 'micromark-extension-gfm-strikethrough'
import { gfmTable } from 'micromark-extension-gfm-table'
import { gfmTaskListItem } from 'micromark-extension-gfm-task-list-item'
import { math } from 'micromark-extension-math'
import { texMath, texMathFromMarkdown } from './tex-math'

/**
 * Definitions in effect: a link reference's identifier (normalised label) to its first definition,
 * and each footnote's under FOOTNOTE_KEY + identifier.
 */
export type Definitions = ReadonlyMap<string, { label: string; url: string; title: string | null }>

/** Marks a footnote's entry in Definitions: no identifier holds U+0000 (micromark replaces it). */
export const FOOTNOTE_KEY = '\0'

export const NO_DEFINITIONS: Definitions = new Map()

const extensions = [
  gfmAutolinkLiteral(),
  gfmFootnote(),
  gfmStrikethrough({ singleTilde: true }),
  gfmTable(),
  gfmTaskListItem(),
  // Only the `$$` block construct: inline math is texMath's (see tex-math.ts).
  { flow: math().flow },
  texMath
]
const mdastExtensions = [
  gfmAutolinkLiteralFromMarkdown(),
  gfmFootnoteFromMarkdown(),
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
  // A footnote definition is a container: a blank line keeps the next stand-in out of it.
  for (const id of defs.keys()) prefix += id.startsWith(FOOTNOTE_KEY) ? `[^${id.slice(1)}]: x\n\n` : `[${id}]: x\n`
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
  for (const def of definitionsOf(root.children)) {
    const [key, entry] = definitionEntry(def)
    if (!all.has(key)) all.set(key, entry)
  }
  resolveReferences(root, all)
  return root
}

/** The link reference and footnote definitions among `nodes` (also inside quotes, lists and notes), in order. */
export function definitionsOf(nodes: readonly RootContent[]): Array<Definition | FootnoteDefinition> {
  const out: Array<Definition | FootnoteDefinition> = []
  const walk = (list: readonly Nodes[]) => {
    for (const n of list) {
      if (n.type === 'definition') out.push(n)
      else if (n.type === 'footnoteDefinition') {
        out.push(n)
        walk(n.children)
      } else if (n.type === 'blockquote' || n.type === 'list' || n.type === 'listItem') walk(n.children)
    }
  }
  walk(nodes)
  return out
}

/** A definition's key and entry in Definitions. */
export function definitionEntry(
  def: Definition | FootnoteDefinition
): [string, { label: string; url: string; title: string | null }] {
  if (def.type === 'footnoteDefinition')
    return [FOOTNOTE_KEY + def.identifier, { label: def.identifier, url: '', title: null }]
  return [def.identifier, { label: def.label ?? def.identifier, url: def.url, title: def.title ?? null }]
}
