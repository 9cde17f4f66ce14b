import { useState } from 'react'
import { parseBlocks, type Block } from './blocks'
import { advanceDoc, emptyDoc, type MarkdownDoc } from './incremental'
import { MarkdownBlock, SealedChunk } from './MarkdownBlock'
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

/**
 * Markdown as React elements (never HTML strings): sealed blocks are parsed once and memoized; only
 * the live tail after the last sealed block is parsed again on each update.
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
  return (
    <div className="markdown">
      {current.doc.chunks.map((chunk) => (
        <SealedChunk key={chunk[0].key} blocks={chunk} />
      ))}
      {current.tail.map((block) => (
        <MarkdownBlock key={block.key} block={block} live={streaming} />
      ))}
    </div>
  )
}
