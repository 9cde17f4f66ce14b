import type { PhrasingContent } from 'mdast'
import { normalizeUri } from 'micromark-util-sanitize-uri'
import type { ReactNode } from 'react'
import { MathView } from '../MathView'
import { FootnoteRef } from './footnote-ref'

const SAFE_SCHEME = /^(?:https?|mailto):/i

/**
 * The href a link may have: http(s) and mailto only, percent-encoded like CommonMark's reference
 * renderer does. Anything else (javascript:, data:, file:, relative paths) gets none.
 */
export function safeHref(url: string): string | null {
  const trimmed = url.trim()
  if (!SAFE_SCHEME.test(trimmed)) return null
  return normalizeUri(trimmed)
}

/** The plain text of phrasing content (an image's alt text, for one). */
export function plainText(nodes: readonly PhrasingContent[]): string {
  let out = ''
  for (const n of nodes) {
    if ('value' in n) out += n.value
    else if (n.type === 'image' || n.type === 'imageReference') out += n.alt ?? ''
    else if ('children' in n) out += plainText(n.children)
  }
  return out
}

function renderNode(node: PhrasingContent, key: number): ReactNode {
  switch (node.type) {
    case 'text':
      return node.value
    case 'emphasis':
      return <em key={key}>{renderInline(node.children)}</em>
    case 'strong':
      return <strong key={key}>{renderInline(node.children)}</strong>
    case 'delete':
      return <del key={key}>{renderInline(node.children)}</del>
    case 'inlineCode':
      return (
        <code key={key} className="md-inline-code">
          {node.value}
        </code>
      )
    case 'break':
      return <br key={key} />
    case 'html':
      // Raw HTML in model output is shown as the text it is.
      return node.value
    case 'inlineMath':
      return (
        <MathView
          key={key}
          tex={node.value}
          display={(node.data as { display?: boolean } | undefined)?.display === true}
        />
      )
    case 'link': {
      const href = safeHref(node.url)
      // New windows are refused or sent to the OS browser by the host's allow-list; unsafe URLs get no href at all.
      return href ? (
        <a key={key} href={href} title={node.title ?? undefined} target="_blank" rel="noopener noreferrer">
          {renderInline(node.children)}
        </a>
      ) : (
        <span key={key} className="md-link-inert" data-href={node.url} title={node.title ?? undefined}>
          {renderInline(node.children)}
        </span>
      )
    }
    case 'image': {
      // Never loaded (no remote requests from a reply): the alt text, linking to the image when safe.
      const href = safeHref(node.url)
      const alt = node.alt ?? ''
      return href ? (
        <a
          key={key}
          className="md-image"
          href={href}
          data-src={node.url}
          title={node.title ?? undefined}
          target="_blank"
          rel="noopener noreferrer"
        >
          {alt}
        </a>
      ) : (
        <span key={key} className="md-image md-link-inert" data-src={node.url} title={node.title ?? undefined}>
          {alt}
        </span>
      )
    }
    case 'linkReference':
      return renderInline(node.children)
    case 'imageReference':
      return node.alt ?? ''
    case 'footnoteReference':
      return <FootnoteRef key={key} node={node} />
    default:
      return null
  }
}

/** Phrasing content as React children (text is escaped by React; there is no HTML path). */
export function renderInline(nodes: readonly PhrasingContent[]): ReactNode[] {
  return nodes.map(renderNode)
}
