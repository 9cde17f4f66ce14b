import { useEffect, useId, useState, type MouseEvent } from 'react'
import { CHUNK_SIZE, type MdBlock } from './chunks'
import { loadMarkdownEngine, markdownEngine, type MarkdownEngine } from './engine'
import { FootnoteScope } from './footnote-scope'
import type { MarkdownDoc } from './incremental'
import './markdown-chunks.css'

export interface MarkdownProps {
  text: string
  /** While true the unfinished end is shown as it will end, and an open code fence stays plain. */
  streaming?: boolean
  /** Prefix of the footnote anchors' ids; by default one unique on the page. */
  idPrefix?: string
}

interface View {
  doc: MarkdownDoc
  streaming: boolean
}

function viewOf(engine: MarkdownEngine, previous: MarkdownDoc | null, text: string, streaming: boolean): View {
  return {
    doc: engine.advanceDoc(previous ?? engine.emptyDoc, text, streaming ? engine.completeTail : undefined),
    streaming
  }
}

const NO_BLOCKS: readonly MdBlock[] = []

/**
 * Footnote links lead within their own message: the page scrolls to the note (or back to the
 * reference) and moves focus there, and the address never changes (the browser host keeps its
 * session in the address's fragment).
 */
function followInPageLink(event: MouseEvent<HTMLElement>): void {
  const link = event.target instanceof Element ? event.target.closest('a[href^="#"]') : null
  if (!link || !event.currentTarget.contains(link)) return
  event.preventDefault()
  const target = event.currentTarget.ownerDocument.getElementById(link.getAttribute('href')!.slice(1))
  if (!target || !event.currentTarget.contains(target)) return
  target.scrollIntoView?.({ block: 'center' })
  target.focus({ preventScroll: true })
}

/** Shown until the parser's chunk has loaded (first reply after start-up only). */
function PlainText({ text, onReady }: { text: string; onReady: () => void }) {
  useEffect(() => {
    let current = true
    void loadMarkdownEngine().then(() => current && onReady())
    return () => {
      current = false
    }
  }, [onReady])
  return <div className="markdown md-pending">{text}</div>
}

/**
 * Markdown as React elements (never HTML strings): sealed blocks are parsed once and memoized; only
 * the live tail after the last sealed block is parsed again on each update (incremental.ts).
 *
 * The tail is rendered inside the run (chunk) it will belong to once sealed: the open run while it
 * has room, else a new run keyed by the tail's first block, which is the key that run gets when the
 * block seals. So a block that seals stays where it is (one update) instead of being unmounted from
 * the tail and mounted again in its run: every block of a long answer is created in the DOM once.
 */
export function Markdown({ text, streaming = false, idPrefix }: MarkdownProps) {
  const engine = markdownEngine()
  const pageId = useId()
  const prefix = idPrefix ?? `md${pageId}-`
  const [, setLoaded] = useState(false)
  const [view, setView] = useState<View | null>(() => (engine ? viewOf(engine, null, text, streaming) : null))
  if (!engine) return <PlainText text={text} onReady={() => setLoaded(true)} />
  let current = view
  if (!current || current.doc.text !== text || current.streaming !== streaming) {
    // Derived from the previous render's doc (React's "adjust state while rendering" pattern);
    // the re-render that follows reads this state, so the tail is parsed once per update.
    current = viewOf(engine, current?.doc ?? null, text, streaming)
    setView(current)
  }
  const { chunks, tail, notes } = current.doc
  const last = chunks.length - 1
  const room = last >= 0 ? CHUNK_SIZE - chunks[last].length : 0
  // One list of runs, so a tail run keeps its key's place when it becomes a sealed run.
  const runs: Array<{ sealed: readonly MdBlock[]; tail: readonly MdBlock[] }> = chunks.map((chunk, i) => ({
    sealed: chunk,
    tail: i === last && room > 0 && tail.length > 0 ? tail.slice(0, room) : NO_BLOCKS
  }))
  for (let i = Math.max(0, room); i < tail.length; i += CHUNK_SIZE)
    runs.push({ sealed: NO_BLOCKS, tail: tail.slice(i, i + CHUNK_SIZE) })
  return (
    <FootnoteScope.Provider value={prefix}>
      <div className="markdown" onClick={notes.order.length > 0 ? followInPageLink : undefined}>
        {runs.map((run) => (
          <engine.Chunk
            key={(run.sealed[0] ?? run.tail[0]).key}
            sealed={run.sealed}
            tail={run.tail}
            live={streaming && run.tail.length > 0}
          />
        ))}
        <engine.Footnotes notes={notes} />
      </div>
    </FootnoteScope.Provider>
  )
}
