/**
 * The board scroller's size and scroll position, read at most once per animation frame, turned
 * into the rows to render (the arithmetic is the image gallery's gridWindow).
 */
import { useCallback, useEffect, useRef, useState } from 'react'
import { gridWindow, type GridWindow } from '@renderer/features/images/gallery/grid-window'
import { boardLayout, type BoardLayout } from './board-layout'

/** Before the first layout (and in layout-less test DOMs) assume a typical panel. */
const FALLBACK = { width: 960, height: 720 }

export interface BoardWindow extends GridWindow {
  layout: BoardLayout
  viewport: number
  attach: (el: HTMLElement | null) => void
  onScroll: () => void
  reveal: (index: number) => void
}

export function useBoardWindow(count: number): BoardWindow {
  const [box, setBox] = useState({ width: 0, height: 0, scrollTop: 0 })
  const el = useRef<HTMLElement | null>(null)
  const frame = useRef<number | null>(null)
  const observer = useRef<ResizeObserver | null>(null)

  const read = useCallback(() => {
    frame.current = null
    const e = el.current
    if (!e) return
    const next = { width: e.clientWidth, height: e.clientHeight, scrollTop: e.scrollTop }
    setBox((b) => (b.width === next.width && b.height === next.height && b.scrollTop === next.scrollTop ? b : next))
  }, [])

  const onScroll = useCallback(() => {
    if (frame.current === null) frame.current = requestAnimationFrame(read)
  }, [read])

  const attach = useCallback(
    (node: HTMLElement | null) => {
      observer.current?.disconnect()
      el.current = node
      if (!node) return
      read()
      if (typeof ResizeObserver !== 'undefined') {
        observer.current = new ResizeObserver(() => onScroll())
        observer.current.observe(node)
      }
    },
    [read, onScroll]
  )

  useEffect(
    () => () => {
      observer.current?.disconnect()
      if (frame.current !== null) cancelAnimationFrame(frame.current)
    },
    []
  )

  const layout = boardLayout(box.width || FALLBACK.width)
  const viewport = box.height || FALLBACK.height
  const win = gridWindow(count, layout.columns, layout.rowHeight, box.scrollTop, viewport, 1)

  const reveal = useCallback(
    (index: number) => {
      const e = el.current
      if (!e) return
      const top = Math.floor(index / layout.columns) * layout.rowHeight
      const bottom = top + layout.rowHeight
      if (top < e.scrollTop) e.scrollTop = top
      else if (bottom > e.scrollTop + viewport) e.scrollTop = bottom - viewport
      setBox((b) => ({ ...b, scrollTop: e.scrollTop }))
    },
    [layout.columns, layout.rowHeight, viewport]
  )

  return { ...win, layout, viewport, attach, onScroll, reveal }
}
