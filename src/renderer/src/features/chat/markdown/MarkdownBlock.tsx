import { memo, useContext, useMemo } from 'react'
import type { Block, ListItem } from './blocks'
import { CodeBlock } from './CodeBlock'
import { CHUNK_SIZE } from './incremental'
import { parseInline } from './inline'
import { renderInline } from './InlineContent'
import { RenderProbe } from './render-probe'

function InlineText({ text }: { text: string }) {
  const nodes = useMemo(() => parseInline(text), [text])
  return renderInline(nodes)
}

/** Markdown headings sit under the page's own headings: `#` becomes an h3. */
const HEADING_TAGS = ['h3', 'h4', 'h5', 'h6', 'h6', 'h6'] as const

function Item({ item }: { item: ListItem }) {
  return (
    <li className={item.checked === null ? undefined : 'md-task'}>
      {item.checked !== null && (
        <span className="md-task-box" aria-hidden="true">
          {item.checked ? '☑' : '☐'}
        </span>
      )}
      {item.blocks.map((b) => (
        <MarkdownBlock key={b.key} block={b} />
      ))}
    </li>
  )
}

function BlockBody({ block, live }: { block: Block; live: boolean }) {
  switch (block.kind) {
    case 'heading': {
      const Tag = HEADING_TAGS[block.level - 1]
      return (
        <Tag className="md-heading">
          <InlineText text={block.text} />
        </Tag>
      )
    }
    case 'paragraph':
      return (
        <p>
          <InlineText text={block.text} />
        </p>
      )
    case 'hr':
      return <hr />
    case 'code':
      return <CodeBlock code={block.code} lang={block.lang} live={live && !block.closed} />
    case 'list': {
      const items = block.items.map((item, i) => <Item key={i} item={item} />)
      return block.ordered ? <ol start={block.start}>{items}</ol> : <ul className="md-list">{items}</ul>
    }
    case 'quote':
      return (
        <blockquote>
          {block.blocks.map((b) => (
            <MarkdownBlock key={b.key} block={b} />
          ))}
        </blockquote>
      )
    case 'table':
      return (
        <div className="md-table-scroll">
          <table>
            <thead>
              <tr>
                {block.header.map((cell, i) => (
                  <th key={i} className={block.align[i] ? `md-align-${block.align[i]}` : undefined}>
                    <InlineText text={cell} />
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {block.rows.map((row, r) => (
                <tr key={r}>
                  {row.map((cell, i) => (
                    <td key={i} className={block.align[i] ? `md-align-${block.align[i]}` : undefined}>
                      <InlineText text={cell} />
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )
  }
}

/** One block. Memoized: a sealed block's object never changes, so it renders exactly once. */
export const MarkdownBlock = memo(function MarkdownBlock({ block, live = false }: { block: Block; live?: boolean }) {
  const probe = useContext(RenderProbe)
  probe?.(block.key)
  return <BlockBody block={block} live={live} />
})

/**
 * A run of up to CHUNK_SIZE blocks: the sealed ones, then the live tail blocks that will seal into
 * this run. A full run keeps its array and has no tail, so React skips it with one comparison. Its
 * own box (markdown-chunks.css) lets the browser skip a full run while it is off screen.
 */
export const Chunk = memo(function Chunk({ sealed, tail, live }: { sealed: readonly Block[]; tail: readonly Block[]; live: boolean }) {
  // Only full runs may be skipped: they never change again, and a short answer (one open run)
  // keeps plain layout.
  return (
    <div className={sealed.length >= CHUNK_SIZE ? 'md-chunk md-chunk-full' : 'md-chunk'}>
      {/* One list, so a block keeps its key's place when it moves from the tail to the sealed ones. */}
      {(tail.length === 0 ? sealed : [...sealed, ...tail]).map((b, i) => (
        <MarkdownBlock key={b.key} block={b} live={live && i >= sealed.length} />
      ))}
    </div>
  )
})
