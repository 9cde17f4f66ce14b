import type { BlockContent, DefinitionContent, FootnoteDefinition } from 'mdast'
import { Fragment, memo, useContext } from 'react'
import { useT } from '@renderer/i18n/use-t'
import { FootnoteScope, noteId, noteRefId, notesLabelId } from './footnote-scope'
import type { NoteIndex } from './footnotes'
import { Node } from './MarkdownBlock'
import { renderInline } from './render/inline'

/** Links back to each reference of footnote `n`: ↩, ↩², … as on GitHub. */
function BackRefs({ n, count }: { n: number; count: number }) {
  const { t } = useT()
  const prefix = useContext(FootnoteScope)
  return Array.from({ length: count }, (_, i) => (
    <Fragment key={i}>
      {' '}
      <a
        href={`#${noteRefId(prefix, n, i + 1)}`}
        className="md-footnote-backref"
        data-footnote-backref=""
        aria-label={t('chat.markdown.backToReference', { ref: i === 0 ? String(n) : `${n}-${i + 1}` })}
      >
        ↩{i > 0 && <sup>{i + 1}</sup>}
      </a>
    </Fragment>
  ))
}

function Note({ def, n, count }: { def: FootnoteDefinition; n: number; count: number }) {
  const prefix = useContext(FootnoteScope)
  const children: Array<BlockContent | DefinitionContent> = def.children
  const last = children.at(-1)
  // The links back close the note's last paragraph, or stand in one of their own.
  return (
    <li id={noteId(prefix, n)} tabIndex={-1}>
      {children.map((child, i) =>
        i === children.length - 1 && child.type === 'paragraph' ? (
          <p key={i}>
            {renderInline(child.children)}
            <BackRefs n={n} count={count} />
          </p>
        ) : (
          <Node key={i} node={child} tight={false} live={false} />
        )
      )}
      {last?.type !== 'paragraph' && (
        <p>
          <BackRefs n={n} count={count} />
        </p>
      )}
    </li>
  )
}

/**
 * The message's footnotes, after its last block, numbered by first reference (GFM as GitHub renders
 * it: a labelled section, an ordered list, links back to every reference). Memoized: a message
 * without footnotes keeps one empty index object and this renders nothing, once.
 */
export const Footnotes = memo(function Footnotes({ notes }: { notes: NoteIndex }) {
  const { t } = useT()
  const prefix = useContext(FootnoteScope)
  const listed = notes.order.filter((id) => notes.defs.has(id))
  if (listed.length === 0) return null
  return (
    <section className="md-footnotes" data-footnotes="">
      <h3 id={notesLabelId(prefix)} className="sr-only">
        {t('chat.markdown.footnotes')}
      </h3>
      <ol>
        {listed.map((id) => (
          <Note key={id} def={notes.defs.get(id)!} n={notes.numbers.get(id)!} count={notes.counts.get(id) ?? 1} />
        ))}
      </ol>
    </section>
  )
})
