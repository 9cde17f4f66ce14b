import type { ReactNode } from 'react'
import type { Inline } from './inline'

function renderNode(node: Inline, key: number): ReactNode {
  if (typeof node === 'string') return node
  switch (node.t) {
    case 'br':
      return <br key={key} />
    case 'code':
      return (
        <code key={key} className="md-inline-code">
          {node.v}
        </code>
      )
    case 'strong':
      return <strong key={key}>{renderInline(node.c)}</strong>
    case 'em':
      return <em key={key}>{renderInline(node.c)}</em>
    case 'del':
      return <del key={key}>{renderInline(node.c)}</del>
    case 'link':
      // New windows are refused or sent to the OS browser by the host's allow-list; unsafe URLs get no href at all.
      return node.href ? (
        <a key={key} href={node.href} target="_blank" rel="noopener noreferrer">
          {renderInline(node.c)}
        </a>
      ) : (
        <span key={key} className="md-link-inert" title={node.raw}>
          {renderInline(node.c)}
        </span>
      )
  }
}

/** Inline nodes as React children (text is escaped by React; there is no HTML path). */
export function renderInline(nodes: readonly Inline[]): ReactNode[] {
  return nodes.map(renderNode)
}
