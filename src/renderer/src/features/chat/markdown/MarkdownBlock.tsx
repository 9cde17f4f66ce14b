import type { BlockContent, DefinitionContent, List, ListItem, RootContent, Table } from 'mdast'
import { memo, useContext, type ReactNode } from 'react'
import { CHUNK_SIZE, type MdBlock } from './chunks'
import { CodeBlock } from './CodeBlock'
import { MathView } from './MathView'
import { renderInline } from './render/inline'
import { RenderProbe } from './render-probe'

/** Markdown headings sit under the page's own headings: `#` becomes an h3. */
const HEADING_TAGS = ['h3', 'h4', 'h5', 'h6', 'h6', 'h6'] as const

/** A list is loose (its paragraphs keep their <p>) as CommonMark decides it: any spread item. */
function isLoose(list: List): boolean {
  return list.spread === true || list.children.some((item) => item.spread ?? item.children.length > 1)
}

function TableView({ node }: { node: Table }) {
  const [head, ...body] = node.children
  const align = node.align ?? []
  const cls = (i: number) => (align[i] ? `md-align-${align[i]}` : undefined)
  return (
    <div className="md-table-scroll">
      <table>
        {head && (
          <thead>
            <tr>
              {head.children.map((cell, i) => (
                <th key={i} className={cls(i)}>
                  {renderInline(cell.children)}
                </th>
              ))}
            </tr>
          </thead>
        )}
        {body.length > 0 && (
          <tbody>
            {body.map((row, r) => (
              <tr key={r}>
                {head.children.map((_, i) => (
                  <td key={i} className={cls(i)}>
                    {row.children[i] ? renderInline(row.children[i].children) : null}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        )}
      </table>
    </div>
  )
}

function Item({ item, tight }: { item: ListItem; tight: boolean }) {
  const box =
    typeof item.checked === 'boolean' ? (
      <>
        <input type="checkbox" className="md-task-box" checked={item.checked} disabled readOnly />{' '}
      </>
    ) : null
  const [first, ...rest] = item.children
  // The box and the first paragraph's inline content are fixed children of one element, never one
  // array, so React needs no keys to tell them apart.
  const firstNode =
    first && box && first.type === 'paragraph' ? (
      tight ? (
        <>
          {box}
          {renderInline(first.children)}
        </>
      ) : (
        <p>
          {box}
          {renderInline(first.children)}
        </p>
      )
    ) : null
  return (
    <li className={box ? 'md-task' : undefined}>
      {firstNode ?? (
        <>
          {box}
          {first && <Node node={first} tight={tight} live={false} />}
        </>
      )}
      {rest.map((child, i) => (
        <Node key={i} node={child} tight={tight} live={false} />
      ))}
    </li>
  )
}

/** One block-level node (also a footnote's content, Footnotes.tsx). */
export function Node({
  node,
  tight,
  live
}: {
  node: RootContent | BlockContent | DefinitionContent
  tight: boolean
  live: boolean
}): ReactNode {
  switch (node.type) {
    case 'paragraph':
      return tight ? renderInline(node.children) : <p>{renderInline(node.children)}</p>
    case 'heading': {
      const Tag = HEADING_TAGS[node.depth - 1]
      return (
        <Tag className="md-heading" data-level={node.depth}>
          {renderInline(node.children)}
        </Tag>
      )
    }
    case 'thematicBreak':
      return <hr />
    case 'blockquote':
      return (
        <blockquote>
          {node.children.map((child, i) => (
            <Node key={i} node={child} tight={false} live={false} />
          ))}
        </blockquote>
      )
    case 'list': {
      const itemsTight = !isLoose(node)
      const items = node.children.map((item, i) => <Item key={i} item={item} tight={itemsTight} />)
      return node.ordered ? (
        <ol start={node.start !== null && node.start !== undefined && node.start !== 1 ? node.start : undefined}>
          {items}
        </ol>
      ) : (
        <ul className="md-list">{items}</ul>
      )
    }
    case 'code':
      return <CodeBlock code={node.value} lang={node.lang ?? ''} live={live} />
    case 'math':
      return <MathView tex={node.value} display block />
    case 'table':
      return <TableView node={node} />
    case 'html':
      // Raw HTML in model output is shown as the text it is.
      return <div className="md-html-text">{node.value}</div>
    default:
      // Definitions (their links are resolved where used), footnote definitions (listed at the
      // end, Footnotes.tsx), front matter: nothing to show here.
      return null
  }
}

/** One block. Memoized: a sealed block's object never changes, so it renders exactly once. */
export const MarkdownBlock = memo(function MarkdownBlock({ block, live = false }: { block: MdBlock; live?: boolean }) {
  const probe = useContext(RenderProbe)
  probe?.(block.key)
  return block.nodes.map((node, i) => <Node key={i} node={node} tight={false} live={live} />)
})

/**
 * A run of up to CHUNK_SIZE blocks: the sealed ones, then the live tail blocks that will seal into
 * this run. A full run keeps its array and has no tail, so React skips it with one comparison. Its
 * own box (markdown-chunks.css) lets the browser skip a full run while it is off screen.
 */
export const Chunk = memo(function Chunk({
  sealed,
  tail,
  live
}: {
  sealed: readonly MdBlock[]
  tail: readonly MdBlock[]
  live: boolean
}) {
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
