/**
 * While an answer streams, its last line is usually cut mid-construct: `**bold`, `` `code ``,
 * `[link](`, a `$$` block, a table whose delimiter row has not arrived. Shown as parsed, the
 * markers flash as raw text and a table renders as a paragraph of pipes until its second line
 * lands. This completes the tail the way it will most likely end: remend (streamdown's completion)
 * closes inline markers; tables and footnote calls are handled here, since remend leaves tables
 * alone and would turn a half-written `[^1` into a link.
 */
import remend from 'remend'

const TABLE_ROW = /^ {0,3}\|.*\|?\s*$/
const DELIMITER_PART = /^ {0,3}\|?[\s:|-]*$/

function cellsOf(row: string): number {
  let s = row.trim()
  if (s.startsWith('|')) s = s.slice(1)
  if (s.endsWith('|') && !s.endsWith('\\|')) s = s.slice(0, -1)
  return s.split(/(?<!\\)\|/).length
}

function delimiterRow(cells: number): string {
  return `|${' --- |'.repeat(cells)}`
}

/**
 * A pipe row that starts a table (nothing table-like above it) gets the delimiter row it will get;
 * a delimiter row still arriving is written out whole, so the header never turns back into text.
 */
export function completeTable(text: string): string {
  const end = text.endsWith('\n') ? text.length - 1 : text.length
  const lastStart = text.lastIndexOf('\n', end - 1) + 1
  const last = text.slice(lastStart, end)
  if (!last.trim()) return text
  const prevStart = lastStart > 0 ? text.lastIndexOf('\n', lastStart - 2) + 1 : -1
  const prev = prevStart >= 0 ? text.slice(prevStart, lastStart - 1) : ''
  const prevIsRow = prevStart >= 0 && TABLE_ROW.test(prev)
  if (TABLE_ROW.test(last) && last.trim().length > 1 && !prevIsRow) {
    return `${text.slice(0, end)}\n${delimiterRow(cellsOf(last))}${text.slice(end)}`
  }
  if (prevIsRow && DELIMITER_PART.test(last)) {
    // Only while the row above is a header (not itself below a delimiter row).
    const above = prevStart > 0 ? text.slice(text.lastIndexOf('\n', prevStart - 2) + 1, prevStart - 1) : ''
    if (!TABLE_ROW.test(above)) return `${text.slice(0, lastStart)}${delimiterRow(cellsOf(prev))}${text.slice(end)}`
  }
  return text
}

/** An unfinished footnote call at the very end (`[^no`): no telling yet what it calls. */
const OPEN_FOOTNOTE_CALL = /\[\^[^\]\s]*$/

/** The streaming tail as it will most likely end; never changes text before its last line. */
export function completeTail(text: string): string {
  // Held back until its `]` arrives: remend would close it as a link and show `^no` underlined.
  const call = OPEN_FOOTNOTE_CALL.exec(text)
  if (call) return completeTail(text.slice(0, call.index))
  const completed = remend(completeTable(text), {
    // These two rewrite earlier lines (escapes inside the text), not only the unfinished end.
    comparisonOperators: false,
    singleTilde: false
  })
  const lastNewline = text.lastIndexOf('\n')
  return completed.startsWith(text.slice(0, lastNewline + 1)) ? completed : text
}
