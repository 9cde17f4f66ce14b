import { useState } from 'react'
import { parseBlocks, type Block } from './blocks'
import { advanceDoc, CHUNK_SIZE, emptyDoc, type MarkdownDoc } from './incremental'
import { Chunk } from './MarkdownBlock'
import './markdown-chunks.css'

export interface MarkdownProps {
  text: string
  /** While true an open code fence at the end is shown plain (it is coloured once, when it closes). */
  streaming?: boolean
}

interface View {
  doc: MarkdownDoc
  /** Blocks after the last sealed one: the only part parsed again when text is appended. */
  tail: Block[]
}

function viewOf(previous: MarkdownDoc, text: string): View {
  const doc = advanceDoc(previous, text)
  return { doc, tail: parseBlocks(text.slice(doc.sealedEnd), doc.sealedEnd) }
}

const NO_BLOCKS: readonly Block[] = []

/**
 * Markdown as React elements (never HTML strings): sealed blocks are parsed once and memoized; only
 * the live tail after the last sealed block is parsed again on each update.
 *
 * The tail is rendered inside the run (chunk) it will belong to once sealed: the open run while it
 * has room, else a new run keyed by the tail's first block, which is the key that run gets when the
 * block seals. So a block that seals stays where it is (one update) instead of being unmounted from
 * the tail and mounted again in its run: every block of a long answer is created in the DOM once.
 */
export function Markdown({ text, streaming = false }: MarkdownProps) {
  const [view, setView] = useState(() => viewOf(emptyDoc, text))
  let current = view
  if (view.doc.text !== text) {
    // Derived from the previous render's doc (React's "adjust state while rendering" pattern);
    // the re-render that follows reads this state, so the tail is parsed once per update.
    current = viewOf(view.doc, text)
    setView(current)
  }
  const { chunks } = current.doc
  const tail = current.tail
  const last = chunks.length - 1
  const room = last >= 0 ? CHUNK_SIZE - chunks[last].length : 0
  // One list of runs, so a tail run keeps its key's place when it becomes a sealed run.
  const runs: Array<{ sealed: readonly Block[]; tail: readonly Block[] }> = chunks.map((chunk, i) => ({
    sealed: chunk,
    tail: i === last && room > 0 && tail.length > 0 ? tail.slice(0, room) : NO_BLOCKS
  }))
  for (let i = Math.max(0, room); i < tail.length; i += CHUNK_SIZE) runs.push({ sealed: NO_BLOCKS, tail: tail.slice(i, i + CHUNK_SIZE) })
  return (
    <div className="markdown">
      {runs.map((run) => (
        <Chunk key={(run.sealed[0] ?? run.tail[0]).key} sealed={run.sealed} tail={run.tail} live={streaming && run.tail.length > 0} />
      ))}
    </div>
  )
}
