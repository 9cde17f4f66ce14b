/**
 * Finds block boundaries in markdown, one complete line at a time, so a streaming message can be
 * scanned incrementally: each new delta costs only its new lines, and every block the scanner has
 * closed ("sealed") never changes again. The grammar is the part of CommonMark chat answers use
 * (paragraphs, ATX headings, rules, fenced code, lists, quotes, pipe tables); no raw HTML at all.
 */

export type SegmentKind = 'paragraph' | 'heading' | 'hr' | 'fence' | 'list' | 'quote' | 'table'

/** A block's extent in the source: `[start, end)`, `end` after its last newline. */
export interface Segment {
  kind: SegmentKind
  start: number
  end: number
}

interface Fence {
  char: string
  len: number
}

interface OpenBlock {
  kind: Exclude<SegmentKind, 'heading' | 'hr'>
  start: number
  lines: number
  /** Paragraph only: its first line has a pipe, so the next line may make it a table. */
  pipe?: boolean
  /** Fence, or a fence inside a list item (blank lines inside it do not end the list). */
  fence?: Fence | null
}

export interface ScanState {
  /** Index after the last line processed. */
  pos: number
  open: OpenBlock | null
}

export const initialScanState: ScanState = { pos: 0, open: null }

const FENCE_OPEN = /^ {0,3}(`{3,}|~{3,})([^`]*)$/
const HEADING = /^ {0,3}#{1,6}(?:[ \t]|$)/
const HR = /^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$/
const LIST_ITEM = /^[ \t]*(?:[-*+]|\d{1,9}[.)])(?:[ \t]+|$)/
const QUOTE = /^ {0,3}>/
const TABLE_DELIMITER = /^[ \t]*\|?[ \t]*:?-{1,}:?[ \t]*(?:\|[ \t]*:?-{1,}:?[ \t]*)*\|?[ \t]*$/
const BLANK = /^[ \t]*$/

export function fenceOf(line: string): Fence | null {
  const m = FENCE_OPEN.exec(line)
  return m ? { char: m[1][0], len: m[1].length } : null
}

export function closesFence(line: string, fence: Fence): boolean {
  const trimmed = line.trim()
  return trimmed.length >= fence.len && trimmed.length <= fence.len + 64 && /^(`+|~+)$/.test(trimmed) && trimmed[0] === fence.char
}

/** True when a line cannot continue a paragraph because it starts another block. */
function interrupts(line: string): boolean {
  return HEADING.test(line) || HR.test(line) || FENCE_OPEN.test(line) || LIST_ITEM.test(line) || QUOTE.test(line)
}

function isIndented(line: string): boolean {
  return line.startsWith(' ') || line.startsWith('\t')
}

type Seal = (segment: Segment) => void

/** Handles one line; returns the open block after it. `lineStart..next` is the line with its newline. */
function step(open: OpenBlock | null, line: string, lineStart: number, next: number, seal: Seal): OpenBlock | null {
  if (open) {
    const kept = continueBlock(open, line, lineStart, next, seal)
    if (kept !== 'ended') return kept
  }
  if (BLANK.test(line)) return null
  if (HR.test(line)) {
    seal({ kind: 'hr', start: lineStart, end: next })
    return null
  }
  if (HEADING.test(line)) {
    seal({ kind: 'heading', start: lineStart, end: next })
    return null
  }
  const fence = fenceOf(line)
  if (fence) return { kind: 'fence', start: lineStart, lines: 1, fence }
  if (LIST_ITEM.test(line)) return { kind: 'list', start: lineStart, lines: 1, fence: null }
  if (QUOTE.test(line)) return { kind: 'quote', start: lineStart, lines: 1 }
  return { kind: 'paragraph', start: lineStart, lines: 1, pipe: line.includes('|') }
}

/** The open block after `line`, or 'ended' when the block was sealed before it and the line starts afresh. */
function continueBlock(open: OpenBlock, line: string, lineStart: number, next: number, seal: Seal): OpenBlock | null | 'ended' {
  const more = { ...open, lines: open.lines + 1 }
  switch (open.kind) {
    case 'fence':
      if (open.fence && closesFence(line, open.fence)) {
        seal({ kind: 'fence', start: open.start, end: next })
        return null
      }
      return more
    case 'paragraph':
      if (BLANK.test(line)) break
      if (open.lines === 1 && open.pipe && TABLE_DELIMITER.test(line) && line.includes('-')) return { ...more, kind: 'table' }
      if (interrupts(line)) break
      return more
    case 'list': {
      if (open.fence) return closesFence(line, open.fence) ? { ...more, fence: null } : more
      const inner = isIndented(line) ? fenceOf(line.trimStart()) : null
      if (inner) return { ...more, fence: inner }
      if (BLANK.test(line)) break
      if (!isIndented(line) && !LIST_ITEM.test(line) && interrupts(line)) break
      return more
    }
    case 'quote':
      if (BLANK.test(line)) break
      if (!QUOTE.test(line) && interrupts(line)) break
      return more
    case 'table':
      if (!BLANK.test(line) && line.includes('|')) return more
      break
  }
  seal({ kind: open.kind, start: open.start, end: lineStart })
  return 'ended'
}

/**
 * Processes the complete lines (ending in "\n") of `text` after `state.pos`. Call it again with
 * the returned state when more text has been appended: nothing before `pos` is looked at again.
 */
export function scanLines(text: string, state: ScanState, seal: Seal): ScanState {
  let { pos, open } = state
  for (;;) {
    const nl = text.indexOf('\n', pos)
    if (nl < 0) break
    const line = text.charCodeAt(nl - 1) === 13 ? text.slice(pos, nl - 1) : text.slice(pos, nl)
    open = step(open, line, pos, nl + 1, seal)
    pos = nl + 1
  }
  return pos === state.pos ? state : { pos, open }
}

/** Treats the text as complete: processes a last partial line and seals whatever is still open. */
export function finishScan(text: string, state: ScanState, seal: Seal): void {
  let open = state.open
  if (state.pos < text.length) open = step(open, text.slice(state.pos), state.pos, text.length, seal)
  if (open) seal({ kind: open.kind, start: open.start, end: text.length })
}

/** Every block of a complete text, in order. */
export function scanAll(text: string): Segment[] {
  const segments: Segment[] = []
  const seal = (s: Segment) => segments.push(s)
  finishScan(text, scanLines(text, initialScanState, seal), seal)
  return segments
}
