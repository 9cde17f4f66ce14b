/**
 * Turns scanned segments into block trees. Inline text stays a string here; it is parsed when the
 * (memoized) block renders, so a sealed block pays for inline parsing once.
 */
import { closesFence, fenceOf, scanAll, type Segment } from './scan'

export type Align = 'left' | 'center' | 'right' | null

export interface ListItem {
  blocks: Block[]
  /** Task-list box: true/false, or null for a plain item. */
  checked: boolean | null
}

export type Block =
  | { kind: 'heading'; key: string; level: number; text: string }
  | { kind: 'paragraph'; key: string; text: string }
  | { kind: 'hr'; key: string }
  | { kind: 'code'; key: string; lang: string; code: string; closed: boolean }
  | { kind: 'list'; key: string; ordered: boolean; start: number; items: ListItem[] }
  | { kind: 'quote'; key: string; blocks: Block[] }
  | { kind: 'table'; key: string; align: Align[]; header: string[]; rows: string[][] }

const LIST_MARKER = /^([ \t]*)([-*+]|(\d{1,9})[.)])([ \t]+|$)/
const TASK = /^\[([ xX])\][ \t]+/

function linesOf(raw: string): string[] {
  const lines = raw.split('\n').map((l) => (l.endsWith('\r') ? l.slice(0, -1) : l))
  if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop()
  return lines
}

function indentOf(line: string): number {
  let n = 0
  for (const ch of line) {
    if (ch === ' ') n += 1
    else if (ch === '\t') n += 4
    else break
  }
  return n
}

/** Removes up to `n` columns of leading indentation. */
function dedent(line: string, n: number): string {
  let i = 0
  let col = 0
  while (i < line.length && col < n && (line[i] === ' ' || line[i] === '\t')) {
    col += line[i] === '\t' ? 4 : 1
    i += 1
  }
  return line.slice(i)
}

function parseCode(key: string, lines: string[]): Block {
  const fence = fenceOf(lines[0]) ?? { char: '`', len: 3 }
  const indent = indentOf(lines[0])
  const info = lines[0].trim().slice(fence.len).trim()
  const closed = lines.length > 1 && closesFence(lines[lines.length - 1], fence)
  const body = lines.slice(1, closed ? -1 : undefined).map((l) => dedent(l, indent))
  return { kind: 'code', key, lang: info.split(/\s+/)[0]?.toLowerCase() ?? '', code: body.join('\n'), closed }
}

function parseList(key: string, lines: string[]): Block {
  const first = LIST_MARKER.exec(lines[0])
  const baseIndent = indentOf(first?.[1] ?? '')
  const ordered = first?.[3] !== undefined
  const items: { lines: string[]; contentIndent: number }[] = []
  for (const line of lines) {
    const m = LIST_MARKER.exec(line)
    if (m && indentOf(m[1]) <= baseIndent + 1) {
      const contentIndent = m[0].length
      items.push({ lines: [line.slice(contentIndent)], contentIndent })
    } else if (items.length > 0) {
      const item = items[items.length - 1]
      item.lines.push(dedent(line, item.contentIndent))
    }
  }
  return {
    kind: 'list',
    key,
    ordered,
    start: ordered ? Number(first?.[3] ?? 1) : 1,
    items: items.map(({ lines: itemLines }) => {
      const task = TASK.exec(itemLines[0])
      if (task) itemLines[0] = itemLines[0].slice(task[0].length)
      return { blocks: parseBlocks(itemLines.join('\n')), checked: task ? task[1] !== ' ' : null }
    })
  }
}

function splitRow(line: string): string[] {
  let s = line.trim()
  if (s.startsWith('|')) s = s.slice(1)
  if (s.endsWith('|') && !s.endsWith('\\|')) s = s.slice(0, -1)
  const cells: string[] = []
  let cell = ''
  for (let i = 0; i < s.length; i++) {
    if (s[i] === '\\' && s[i + 1] === '|') {
      cell += '|'
      i += 1
    } else if (s[i] === '|') {
      cells.push(cell.trim())
      cell = ''
    } else cell += s[i]
  }
  cells.push(cell.trim())
  return cells
}

function parseTable(key: string, lines: string[]): Block {
  const header = splitRow(lines[0])
  const align = splitRow(lines[1] ?? '').map((d): Align => {
    const left = d.startsWith(':')
    const right = d.endsWith(':')
    return left && right ? 'center' : right ? 'right' : left ? 'left' : null
  })
  const fit = (cells: string[]) => header.map((_, i) => cells[i] ?? '')
  return { kind: 'table', key, header, align: fit(align as string[]) as Align[], rows: lines.slice(2).map((l) => fit(splitRow(l))) }
}

/**
 * A copy of `s` that shares no memory with the string it was cut from. Concatenating makes a rope;
 * slicing the rope flattens it into a new sequential string, so the result refers only to that copy.
 */
export function flat(s: string): string {
  return (' ' + s).slice(1)
}

/** One segment of `source` as a block; `base` offsets keys so they are unique within a message. */
export function parseSegment(source: string, segment: Segment, base = 0): Block {
  const key = String(base + segment.start)
  // Parse from a flat copy of the segment, not a slice of `source`: V8 slices (and everything cut
  // from them: split lines, trim(), regex captures) point into the whole text they came from. A
  // streaming message seals blocks against ever-longer versions of its text, so blocks holding
  // slices would keep every earlier version alive (M1: retained text grew quadratically). Strings
  // cut from the copy only retain the segment itself.
  const lines = linesOf(flat(source.slice(segment.start, segment.end)))
  switch (segment.kind) {
    case 'heading': {
      const m = /^ {0,3}(#{1,6})[ \t]*(.*?)(?:[ \t]+#+)?[ \t]*$/.exec(lines[0]) ?? ['', '#', lines[0]]
      return { kind: 'heading', key, level: m[1].length, text: m[2] }
    }
    case 'hr':
      return { kind: 'hr', key }
    case 'fence':
      return parseCode(key, lines)
    case 'list':
      return parseList(key, lines)
    case 'quote':
      return { kind: 'quote', key, blocks: parseBlocks(lines.map((l) => l.replace(/^ {0,3}> ?/, '')).join('\n')) }
    case 'table':
      return parseTable(key, lines)
    case 'paragraph':
      return { kind: 'paragraph', key, text: lines.map((l) => l.trim()).join('\n') }
  }
}

/** Every block of a complete text. */
export function parseBlocks(source: string, base = 0): Block[] {
  return scanAll(source).map((segment) => parseSegment(source, segment, base))
}
