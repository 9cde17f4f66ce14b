/**
 * Marked excerpts of a full-text search, shared by every FTS5 search of the library (chat,
 * gallery, video board): the two control characters FTS5's snippet() and highlight() are asked to
 * put around a match, a short excerpt marked the same way for answers found by a plain scan, and
 * the conversion of a marked excerpt to the text and ranges the page shows.
 */

/** Snippet marks: control characters that the indexed text never holds (each table strips them). */
export const MARK_OPEN = '\u0002'
export const MARK_CLOSE = '\u0003'

const SHORT_EXCERPT_BEFORE = 40
const SHORT_EXCERPT_AFTER = 60

/** The text around the first occurrence of `q`, with that occurrence marked as FTS5's snippet() would. */
export function markFirst(text: string, q: string): string {
  const at = text.toLowerCase().indexOf(q.toLowerCase())
  if (at < 0) return text.slice(0, SHORT_EXCERPT_BEFORE + SHORT_EXCERPT_AFTER)
  const start = Math.max(0, at - SHORT_EXCERPT_BEFORE)
  const end = Math.min(text.length, at + q.length + SHORT_EXCERPT_AFTER)
  return `${start > 0 ? '…' : ''}${text.slice(start, at)}${MARK_OPEN}${text.slice(at, at + q.length)}${MARK_CLOSE}${text.slice(at + q.length, end)}${end < text.length ? '…' : ''}`
}

/**
 * A marked snippet to plain text on one line plus the marked ranges: runs of white space become
 * one space (a snippet may span lines), and the marks are offsets into the text the page shows.
 */
export function excerpt(marked: string): { match: string; marks: Array<[number, number]> } {
  let text = ''
  const marks: Array<[number, number]> = []
  let open = -1
  let space = false
  for (const ch of marked) {
    if (ch === MARK_OPEN) {
      if (space && text !== '') text += ' '
      space = false
      open = text.length
    } else if (ch === MARK_CLOSE) {
      if (open >= 0 && text.length > open) {
        // Adjacent runs (trigram tokens next to each other) read as one mark.
        const last = marks.at(-1)
        if (last && last[1] === open) last[1] = text.length
        else marks.push([open, text.length])
      }
      open = -1
    } else if (/\s/.test(ch)) {
      space = true
    } else {
      if (space && text !== '') text += ' '
      space = false
      text += ch
    }
  }
  return { match: text, marks }
}
