/**
 * A windowed grid's scroller size and scroll position, read at most once per animation frame (a
 * scroll event can fire several times per frame), turned into the rows to render. The image gallery
 * and the video board both use it, each with its own layout.
 */
import { useCallback, useEffect, useRef, useState } from 'react'
import { gridLayout, gridWindow, type GridLayout, type GridWindow } from './grid-window'

/** Before the first layout (and in layout-less test DOMs) assume a typical panel. */
const FALLBACK = { width: 960, height: 720 }

/** What the window needs of a layout: columns and one row pitch. */
export interface RowLayout {
  columns: number
  rowHeight: number
}

export interface GridWindowState<L extends RowLayout = GridLayout> extends GridWindow {
  layout: L
  viewport: number
  attach: (el: HTMLElement | null) => void
  onScroll: () => void
  /** Scrolls so that item `index` is fully visible. */
  reveal: (index: number) => void
}

export function useGridWindow(count: number): GridWindowState
export function useGridWindow<L extends RowLayout>(
  count: number,
  layoutOf: (width: number) => L,
  overscanRows?: number
): GridWindowState<L>
export function useGridWindow(
  count: number,
  layoutOf: (width: number) => RowLayout = gridLayout,
  overscanRows = 2
): GridWindowState<RowLayout> {
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

  const layout = layoutOf(box.width || FALLBACK.width)
  const viewport = box.height || FALLBACK.height
  const win = gridWindow(count, layout.columns, layout.rowHeight, box.scrollTop, viewport, overscanRows)

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
