/**
 * S1: while a long fenced code block streams, the whole open fence is the live tail, and parsing it
 * again on every update costs more the longer the code gets. A fence that is still open is simple
 * enough to read without the parser: its code is everything after the opening line. This gives
 * the node micromark gives for that text, and declines (null) everything that is not plainly
 * an open fence, which then goes through the parser as before.
 */
import type { Code } from 'mdast'

/** An opening fence at the start of the text, with at most a plain language word as its info. */
const OPENER = /^(`{3,}|~{3,})([^\s`\\&]*)[ \t]*(?:\n|$)/

/** The mdast of `tail` when it is one fenced code block that is still open, else null. */
export function openFenceNode(tail: string): Code | null {
  if (tail.includes('\r')) return null
  const m = OPENER.exec(tail)
  if (!m) return null
  const fence = m[1]
  const marker = fence[0]
  const bodyStart = m[0].length
  let lineStart = bodyStart
  while (lineStart < tail.length) {
    const end = tail.indexOf('\n', lineStart)
    const line = tail.slice(lineStart, end < 0 ? tail.length : end)
    const trimmed = line.replace(/^ {0,3}/, '')
    // A closing fence ends the block; an unfinished last line that starts like one may become one.
    if (trimmed.startsWith(marker) && (end < 0 || (trimmed.startsWith(fence) && /^(.)\1*[ \t]*$/.test(trimmed))))
      return null
    if (end < 0) break
    lineStart = end + 1
  }
  const body = tail.slice(bodyStart)
  const value = m[0].endsWith('\n') ? (body.endsWith('\n') ? body.slice(0, -1) : body) : ''
  const lines = tail.split('\n')
  return {
    type: 'code',
    lang: m[2] || null,
    meta: null,
    value,
    position: {
      start: { line: 1, column: 1, offset: 0 },
      end: { line: lines.length, column: lines[lines.length - 1].length + 1, offset: tail.length }
    }
  }
}
