/**
 * Puts the studio's rendered markdown and a spec example's expected HTML in one canonical form, so
 * they compare on what the markdown means. What the studio adds on purpose is mapped back to the
 * plain HTML it stands for: its wrappers (runs, table scroller, code figure with its header), its
 * heading offset (`#` is an h3 in a reply), its classes, and its link policy (a link it will not
 * open is a span carrying the URL; an image is never loaded, only named). Whitespace is compared
 * the way the CommonMark test suite's normaliser does: runs collapsed, none around block tags.
 */
import { normalizeUri } from 'micromark-util-sanitize-uri'

const BLOCK_TAGS =
  'address|article|aside|blockquote|body|div|dl|dt|dd|figure|footer|h[1-6]|header|hr|li|ol|p|pre|section|table|tbody|td|tfoot|th|thead|tr|ul'
const VOID = new Set(['br', 'hr', 'img', 'input'])

function escape(s: string, attr = false): string {
  const out = s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
  return attr ? out.replace(/"/g, '&quot;') : out
}

function element(
  doc: Document,
  tag: string,
  attrs: Record<string, string | null>,
  children: Node[] | string
): HTMLElement {
  const el = doc.createElement(tag)
  for (const [k, v] of Object.entries(attrs)) if (v !== null) el.setAttribute(k, v)
  if (typeof children === 'string') el.textContent = children
  else el.append(...children)
  return el
}

/** Rewrites the studio's own markup into the plain HTML it stands for, in place. */
export function unwrapStudioMarkup(root: Element): void {
  const doc = root.ownerDocument
  for (const fig of [...root.querySelectorAll('figure.md-code')]) {
    const lang = fig.getAttribute('data-lang')
    // CommonMark's HTML ends non-empty code with a newline; mdast's value does not keep it.
    const text = fig.querySelector('code')?.textContent ?? ''
    const code = text ? `${text}\n` : ''
    fig.replaceWith(element(doc, 'pre', {}, [element(doc, 'code', { class: lang ? `language-${lang}` : null }, code)]))
  }
  for (const img of [...root.querySelectorAll('.md-image')]) {
    const title = img.getAttribute('title')
    img.replaceWith(
      element(
        doc,
        'img',
        { src: normalizeUri(img.getAttribute('data-src') ?? ''), alt: img.textContent ?? '', title },
        []
      )
    )
  }
  for (const span of [...root.querySelectorAll('span.md-link-inert')]) {
    span.replaceWith(
      element(
        doc,
        'a',
        { href: normalizeUri(span.getAttribute('data-href') ?? ''), title: span.getAttribute('title') },
        [...span.childNodes]
      )
    )
  }
  for (const a of [...root.querySelectorAll('a')]) {
    a.removeAttribute('target')
    a.removeAttribute('rel')
  }
  for (const h of [...root.querySelectorAll('[data-level]')]) {
    h.replaceWith(element(doc, `h${h.getAttribute('data-level')}`, {}, [...h.childNodes]))
  }
  for (const cell of [...root.querySelectorAll('th, td')]) {
    const align = /md-align-(\w+)/.exec(cell.className)?.[1]
    if (align) cell.setAttribute('align', align)
  }
  for (const box of [...root.querySelectorAll('input.md-task-box')]) {
    box.replaceWith(
      element(
        doc,
        'input',
        { type: 'checkbox', disabled: '', checked: (box as HTMLInputElement).checked ? '' : null },
        []
      )
    )
  }
  for (const wrapper of [...root.querySelectorAll('.md-chunk, .md-table-scroll, .markdown')])
    wrapper.replaceWith(...wrapper.childNodes)
  for (const el of [...root.querySelectorAll('[class]')]) {
    if (!(el.tagName === 'CODE' && el.className.startsWith('language-'))) el.removeAttribute('class')
  }
}

function serialize(node: Node, inPre: boolean): string {
  if (node.nodeType === 3) {
    const text = node.textContent ?? ''
    return escape(inPre ? text : text.replace(/\s+/g, ' '))
  }
  if (node.nodeType !== 1) return ''
  const el = node as Element
  const tag = el.tagName.toLowerCase()
  const attrs = [...el.attributes]
    .map((a) => [a.name, a.value] as const)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([k, v]) => ` ${k}="${escape(v, true)}"`)
    .join('')
  const pre = inPre || tag === 'pre'
  const inner = [...el.childNodes].map((c) => serialize(c, pre)).join('')
  return VOID.has(tag) ? `<${tag}${attrs}>` : `<${tag}${attrs}>${inner}</${tag}>`
}

/** The canonical form of the children of `root`. */
export function canonical(root: Element): string {
  const html = [...root.childNodes].map((c) => serialize(c, false)).join('')
  return html
    .replace(new RegExp(`\\s*(</?(?:${BLOCK_TAGS})(?:\\s[^>]*)?>)\\s*`, 'g'), '$1')
    .replace(/<br>\s+/g, '<br>')
    .trim()
}

/** The canonical form of an HTML string (a spec example's expected output). */
export function canonicalHtml(html: string, doc: Document): string {
  const box = doc.createElement('div')
  box.innerHTML = html
  return canonical(box)
}
