/**
 * Where a drop in the Images area goes. Targets mark themselves with `data-drop-target`; the
 * nearest one around the element under the pointer decides, and anywhere else in the area keeps
 * the old meaning (open in the editor).
 */
export type DropTarget = 'gallery' | 'editor' | 'images'
export type DropPayload = { kind: 'file' } | { kind: 'gallery-item' } | { kind: 'none' }
export type DropAction = 'import' | 'open-file' | 'open-item' | 'ignore'

export const DROP_TARGET_ATTR = 'data-drop-target'

export function dropTargetOf(el: EventTarget | null): DropTarget {
  const found = el instanceof Element ? el.closest(`[${DROP_TARGET_ATTR}]`)?.getAttribute(DROP_TARGET_ATTR) : null
  return found === 'gallery' || found === 'editor' ? found : 'images'
}

/** A file on the gallery is imported; elsewhere it opens as the editor's source. A gallery image opens in the editor, except on the gallery itself. */
export function dropActionOf(target: DropTarget, payload: DropPayload): DropAction {
  if (payload.kind === 'none') return 'ignore'
  if (payload.kind === 'file') return target === 'gallery' ? 'import' : 'open-file'
  return target === 'gallery' ? 'ignore' : 'open-item'
}
