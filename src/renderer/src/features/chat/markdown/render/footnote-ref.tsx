import type { FootnoteReference } from 'mdast'
import { useContext } from 'react'
import { FootnoteScope, noteId, noteRefId, notesLabelId } from '../footnote-scope'
import { noteRefOf } from '../footnotes'

/** A footnote call as GitHub renders it: a superscript number linking to its note, in the page only. */
export function FootnoteRef({ node }: { node: FootnoteReference }) {
  const prefix = useContext(FootnoteScope)
  const ref = noteRefOf(node)
  // Not numbered (never happens for a parsed message): the source, as CommonMark would show it.
  if (!ref) return `[^${node.label ?? node.identifier}]`
  return (
    <sup className="md-footnote-ref">
      <a
        href={`#${noteId(prefix, ref.number)}`}
        id={noteRefId(prefix, ref.number, ref.occurrence)}
        data-footnote-ref=""
        aria-describedby={notesLabelId(prefix)}
      >
        {ref.number}
      </a>
    </sup>
  )
}
