import { createContext } from 'react'

/**
 * The prefix of a message's footnote anchors (`<prefix>fn-1`, `<prefix>fnref-1`), unique on the
 * page, so two messages' notes never share an id and their links stay inside their own message.
 */
export const FootnoteScope = createContext('')

/** Anchor ids of a footnote, of one of its references (1, 2, … in document order), and of the notes' label. */
export const noteId = (prefix: string, n: number) => `${prefix}fn-${n}`
export const noteRefId = (prefix: string, n: number, occurrence: number) =>
  `${prefix}fnref-${n}${occurrence > 1 ? `-${occurrence}` : ''}`
export const notesLabelId = (prefix: string) => `${prefix}fn-label`
