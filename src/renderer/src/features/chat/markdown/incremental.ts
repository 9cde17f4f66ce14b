/**
 * The streaming half of the markdown renderer: keeps the blocks already sealed (closed for good)
 * and extends them as text is appended, so each update scans only the new lines. Sealed blocks are
 * grouped in fixed-size chunks: a full chunk is never rebuilt, so React compares one memoized chunk
 * per 16 blocks instead of every block (S2: the cost of an update follows the tail, not the message).
 */
import { parseSegment, type Block } from './blocks'
import { initialScanState, scanLines, type ScanState, type Segment } from './scan'

export const CHUNK_SIZE = 16
/** How much text before the scan position must be unchanged for the text to count as "appended to". */
const CONTINUITY_WINDOW = 64

export interface MarkdownDoc {
  text: string
  scan: ScanState
  /** Where the live tail starts: the end of the last sealed block. */
  sealedEnd: number
  chunks: readonly (readonly Block[])[]
}

export const emptyDoc: MarkdownDoc = { text: '', scan: initialScanState, sealedEnd: 0, chunks: [] }

/** True when `text` extends `doc.text` (the stream only appends); checked on a window, not the whole prefix. */
function extendsDoc(doc: MarkdownDoc, text: string): boolean {
  const end = doc.scan.pos
  if (text.length < end) return false
  const from = Math.max(0, end - CONTINUITY_WINDOW)
  return text.slice(from, end) === doc.text.slice(from, end)
}

/** The doc for `text`, reusing every sealed block of `doc` when `text` only grew. */
export function advanceDoc(doc: MarkdownDoc, text: string): MarkdownDoc {
  if (text === doc.text) return doc
  const start = extendsDoc(doc, text) ? doc : emptyDoc
  const sealed: Segment[] = []
  const scan = scanLines(text, start.scan, (s) => sealed.push(s))
  if (sealed.length === 0) return { ...start, text, scan }
  const chunks = start.chunks.slice()
  let open = chunks.length > 0 && chunks[chunks.length - 1].length < CHUNK_SIZE ? chunks.pop()!.slice() : []
  for (const segment of sealed) {
    if (open.length === CHUNK_SIZE) {
      chunks.push(open)
      open = []
    }
    open.push(parseSegment(text, segment))
  }
  chunks.push(open)
  return { text, scan, sealedEnd: sealed[sealed.length - 1].end, chunks }
}
