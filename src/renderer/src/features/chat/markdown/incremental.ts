/**
 * The streaming half of the markdown renderer, the part the parser lacks: it splits the message
 * into blocks and seals them, so each update parses only the live tail.
 *
 * The split is micromark's own: the tail is parsed, and each top-level block that is followed by
 * another one starting on a complete line is sealed. CommonMark closes blocks line by line and a
 * closed block never opens again, so a sealed block parses the same alone as in the message
 * (fences, lists with blank lines, `$$` blocks, quotes: whatever the parser decided). The one
 * thing that reaches back is a link reference definition, which can give meaning to `[x]` in
 * earlier blocks: definitions are collected, and when they change, the sealed blocks that have a
 * `[` are parsed again with them (rare; parse.ts explains how definitions are passed in).
 *
 * Sealed blocks are grouped in fixed-size chunks (chunks.ts).
 */
import type { RootContent } from 'mdast'
import { CHUNK_SIZE, type MdBlock } from './chunks'
import { indexNotes, NO_NOTES, type NoteIndex } from './footnotes'
import { openFenceNode } from './parse/open-fence'
import { definitionEntry, definitionsOf, NO_DEFINITIONS, parseBlocks, type Definitions } from './parse/parse'

/** How much text before the end of the previous text must be unchanged for the text to count as "appended to". */
const CONTINUITY_WINDOW = 64

interface SealedBlock extends MdBlock {
  /** A flat copy of the block's source, kept to parse it again when definitions change. */
  source: string
  refs: boolean
  defsKey: string
}

export interface MarkdownDoc {
  text: string
  sealedEnd: number
  chunks: readonly (readonly SealedBlock[])[]
  /** Definitions of the sealed blocks, in document order. */
  sealedDefs: Definitions
  /** The definitions every block was last parsed against (sealed and tail), as a comparable key. */
  defsKey: string
  tail: readonly MdBlock[]
  /** Footnotes of the sealed blocks, and of the whole message (footnotes.ts). */
  sealedNotes: NoteIndex
  notes: NoteIndex
}

export const emptyDoc: MarkdownDoc = {
  text: '',
  sealedEnd: 0,
  chunks: [],
  sealedDefs: NO_DEFINITIONS,
  defsKey: '',
  tail: [],
  sealedNotes: NO_NOTES,
  notes: NO_NOTES
}

/**
 * A copy of `s` that shares no memory with the string it was cut from. Concatenating makes a rope;
 * slicing the rope flattens it into a new sequential string, so the result refers only to that copy
 * (a sealed block must not keep every earlier version of a streaming message alive: M1).
 */
export function flat(s: string): string {
  return (' ' + s).slice(1)
}

function startOf(node: RootContent): number {
  return node.position?.start.offset ?? 0
}

/**
 * Makes a sealed block's nodes independent of the text they were parsed from, in place. Positions
 * are only needed to split, so they go (most of an mdast node's weight). Every string is copied
 * flat: micromark's values (text, code, URLs, labels, math) are slices of the parsed text, and a
 * slice keeps its whole parent alive. The parsed text is a slice of the message as it was at that
 * update, so without the copies each sealed block kept one full version of the message: memory
 * quadratic in the answer's length (M1). Walks every field, `data` included (math keeps its TeX
 * there a second time), so a field a parser extension adds is covered too.
 */
export function detach(node: object): void {
  const fields = node as Record<string, unknown>
  for (const key of Object.keys(fields)) {
    const value = fields[key]
    if (key === 'position') delete fields[key]
    else if (typeof value === 'string') fields[key] = flat(value)
    else if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) {
        const item: unknown = value[i]
        if (typeof item === 'string') value[i] = flat(item)
        else if (item !== null && typeof item === 'object') detach(item)
      }
    } else if (value !== null && typeof value === 'object') detach(value)
  }
}

/**
 * Top-level nodes as blocks, one per start offset: definitions that open a setext heading's
 * paragraph (`[a]: /u\nTitle\n===`) are reported at the heading's own offset, so they and the
 * heading are one block (one key, one source to parse again).
 */
function groupByStart(nodes: readonly RootContent[]): RootContent[][] {
  const groups: RootContent[][] = []
  for (const node of nodes) {
    const last = groups.at(-1)
    if (last && startOf(node) <= startOf(last[0])) last.push(node)
    else groups.push([node])
  }
  return groups
}

/**
 * True when `block` is closed for good, given the block after it: that block starts on a complete
 * line (whose meaning can no longer change), or after a blank line that closes `block` whatever the
 * unfinished line becomes. A list is the exception: after a blank line, a half-written `2` may
 * still become its next item `2. …`.
 */
function closedBy(block: RootContent, next: RootContent, source: string, lastNewline: number): boolean {
  const nextStart = startOf(next)
  if (nextStart <= lastNewline) return true
  if (block.type === 'list') return false
  const gap = source.slice(block.position?.end.offset ?? nextStart, nextStart)
  return /\n[ \t]*\n/.test(gap)
}

function withDefinitions(base: Definitions, nodes: readonly RootContent[]): Definitions {
  let out: Map<string, { label: string; url: string; title: string | null }> | null = null
  for (const def of definitionsOf(nodes)) {
    const [key, entry] = definitionEntry(def)
    if (base.has(key) || out?.has(key)) continue
    out ??= new Map(base)
    out.set(key, entry)
  }
  return out ?? base
}

function keyOf(defs: Definitions): string {
  return defs.size === 0 ? '' : JSON.stringify([...defs])
}

function extendsDoc(doc: MarkdownDoc, text: string): boolean {
  const end = doc.text.length
  if (text.length < end) return false
  const from = Math.max(0, end - CONTINUITY_WINDOW)
  return text.slice(from, end) === doc.text.slice(from)
}

/**
 * The blocks of the live tail. While streaming, a tail that is one open code fence is read
 * directly (open-fence.ts): its cost then stays flat however long the code grows.
 */
function parseTail(tailSource: string, defs: Definitions, complete?: (tail: string) => string): RootContent[] {
  const fence = complete ? openFenceNode(tailSource) : null
  return fence ? [fence] : parseBlocks(complete ? complete(tailSource) : tailSource, defs).children
}

function appendSealed(chunks: readonly (readonly SealedBlock[])[], blocks: SealedBlock[]): (readonly SealedBlock[])[] {
  const out = chunks.slice()
  let open = out.length > 0 && out[out.length - 1].length < CHUNK_SIZE ? out.pop()!.slice() : []
  for (const block of blocks) {
    if (open.length === CHUNK_SIZE) {
      out.push(open)
      open = []
    }
    open.push(block)
  }
  out.push(open)
  return out
}

/** Parses again the sealed blocks whose references may read differently under `defs`. */
function refreshReferences(chunks: readonly (readonly SealedBlock[])[], defs: Definitions, defsKey: string) {
  return chunks.map((chunk) => {
    if (!chunk.some((b) => b.refs && b.defsKey !== defsKey)) return chunk
    return chunk.map((b) => {
      if (!b.refs || b.defsKey === defsKey) return b
      const nodes = parseBlocks(b.source, defs).children
      nodes.forEach(detach)
      return { ...b, nodes, defsKey }
    })
  })
}

/**
 * The doc for `text`, reusing every sealed block of `doc` when `text` only grew. `complete`
 * (streaming) rewrites the unfinished end of the tail the way it will most likely end; it only
 * touches the last line and what it opens, which is never sealed.
 */
export function advanceDoc(doc: MarkdownDoc, text: string, complete?: (tail: string) => string): MarkdownDoc {
  const base = extendsDoc(doc, text) ? doc : emptyDoc
  let sealedEnd = base.sealedEnd
  let sealedDefs = base.sealedDefs
  let chunks = base.chunks
  // A copy, not a slice: the tail's nodes are slices of what is parsed, and React keeps the props
  // a block was last rendered with as a live tail block (the fiber's alternate) after it seals. A
  // slice of `text` would make each of those keep that update's whole message alive; a copy of
  // the tail keeps only the tail.
  let tailSource = flat(text.slice(sealedEnd))
  let kids = parseTail(tailSource, sealedDefs, complete)
  let groups = groupByStart(kids)
  const lastNewline = tailSource.lastIndexOf('\n')
  let sealedCount = 0
  const fresh: SealedBlock[] = []
  while (
    sealedCount + 1 < groups.length &&
    closedBy(groups[sealedCount].at(-1)!, groups[sealedCount + 1][0], tailSource, lastNewline)
  )
    sealedCount += 1
  if (sealedCount > 0) {
    for (let i = 0; i < sealedCount; i++) {
      const start = startOf(groups[i][0])
      const source = flat(tailSource.slice(start, startOf(groups[i + 1][0])))
      groups[i].forEach(detach)
      fresh.push({ key: String(sealedEnd + start), source, nodes: groups[i], refs: source.includes('['), defsKey: '' })
    }
    const cut = startOf(groups[sealedCount][0])
    const nextDefs = withDefinitions(
      sealedDefs,
      fresh.flatMap((b) => b.nodes)
    )
    sealedEnd += cut
    tailSource = flat(text.slice(sealedEnd))
    if (nextDefs !== sealedDefs) {
      sealedDefs = nextDefs
      kids = parseTail(tailSource, sealedDefs, complete)
      groups = groupByStart(kids)
    } else {
      groups = groups.slice(sealedCount)
      kids = groups.flat()
      for (const k of kids) {
        if (k.position?.start.offset !== undefined) k.position.start.offset -= cut
      }
    }
    // Parsed together with the tail, so against every definition in effect now.
    const allDefs = withDefinitions(sealedDefs, kids)
    const key = keyOf(allDefs)
    for (const b of fresh) b.defsKey = key
    chunks = appendSealed(chunks, fresh)
  }
  const allDefs = withDefinitions(sealedDefs, kids)
  const defsKey = keyOf(allDefs)
  let sealedNotes = base.sealedNotes
  if (defsKey !== base.defsKey) {
    chunks = refreshReferences(chunks, allDefs, defsKey)
    // References may have appeared anywhere before: number the message again from its start.
    sealedNotes = NO_NOTES
    for (const chunk of chunks) for (const b of chunk) sealedNotes = indexNotes(sealedNotes, b.nodes)
  } else {
    for (const b of fresh) sealedNotes = indexNotes(sealedNotes, b.nodes)
  }
  const tail = groups.map((nodes) => ({ key: String(sealedEnd + startOf(nodes[0])), nodes }))
  let notes = sealedNotes
  for (const b of tail) notes = indexNotes(notes, b.nodes)
  return { text, sealedEnd, chunks, sealedDefs, defsKey, tail, sealedNotes, notes }
}
