import { useMemo, useState } from 'react'
import { parseBlocks } from './blocks'
import { advanceDoc, emptyDoc } from './incremental'
import { MarkdownBlock, SealedChunk } from './MarkdownBlock'

export interface MarkdownProps {
  text: string
  /** While true an open code fence at the end is shown plain (it is coloured once, when it closes). */
  streaming?: boolean
}

/**
 * Markdown as React elements (never HTML strings): sealed blocks are parsed once and memoized; only
 * the live tail after the last sealed block is parsed again on each update.
 */
export function Markdown({ text, streaming = false }: MarkdownProps) {
  const [doc, setDoc] = useState(() => advanceDoc(emptyDoc, text))
  let current = doc
  if (doc.text !== text) {
    // Derived from the previous render's doc (React's "adjust state while rendering" pattern).
    current = advanceDoc(doc, text)
    setDoc(current)
  }
  const tailStart = current.sealedEnd
  const tail = useMemo(() => parseBlocks(text.slice(tailStart), tailStart), [text, tailStart])
  return (
    <div className="markdown">
      {current.chunks.map((chunk) => (
        <SealedChunk key={chunk[0].key} blocks={chunk} />
      ))}
      {tail.map((block) => (
        <MarkdownBlock key={block.key} block={block} live={streaming} />
      ))}
    </div>
  )
}
