/**
 * Keeps the picture under the user's eye still while the pages around it change: a page loaded
 * above (scrolling back up), a page dropped above (the query keeps a bounded number), or an image
 * added above. The first item of the top visible row is the anchor; when its row moves, the
 * scroller moves by as many rows. At the very top of the gallery nothing is anchored, so a new
 * image appears in place at the top. A new start (a timeline jump, a new filter) goes to the top.
 */
import { useCallback, useLayoutEffect, useRef } from 'react'
import type { GalleryItem } from '@shared/domain/images'

export function useAnchoredScroll(opts: {
  items: readonly GalleryItem[]
  columns: number
  rowHeight: number
  /** Pages above the first one loaded exist (the anchor is kept even at scrollTop 0 then). */
  hasAbove: boolean
  /** Changes when the gallery starts somewhere else: back to the top then. */
  startKey: string
  attach: (el: HTMLDivElement | null) => void
  onScroll: () => void
}): (el: HTMLDivElement | null) => void {
  const { items, columns, rowHeight, hasAbove, startKey, attach, onScroll } = opts
  const scroller = useRef<HTMLDivElement | null>(null)
  const anchor = useRef<{ id: string; row: number; above: boolean } | null>(null)
  const start = useRef(startKey)

  const attachBoth = useCallback(
    (el: HTMLDivElement | null) => {
      scroller.current = el
      attach(el)
    },
    [attach]
  )

  // After every render, before paint: correct for rows that moved above the anchor, then take the new anchor.
  useLayoutEffect(() => {
    const el = scroller.current
    if (!el) return
    if (start.current !== startKey) {
      start.current = startKey
      anchor.current = null
      if (el.scrollTop !== 0) {
        el.scrollTop = 0
        onScroll()
      }
    }
    const prev = anchor.current
    if (prev && (el.scrollTop > 0 || prev.above)) {
      const now = items.findIndex((i) => i.id === prev.id)
      if (now >= 0) {
        const moved = Math.floor(now / columns) - prev.row
        if (moved !== 0) {
          el.scrollTop += moved * rowHeight
          onScroll()
        }
      }
    }
    const top = Math.floor(el.scrollTop / rowHeight) * columns
    const item = items[Math.min(top, items.length - 1)]
    anchor.current = item
      ? { id: item.id, row: Math.floor(Math.min(top, items.length - 1) / columns), above: hasAbove }
      : null
  })

  return attachBoth
}
