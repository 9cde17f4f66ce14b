/**
 * Keyboard focus for a windowed grid (the image gallery and the video board): one active cell, arrow
 * / Home / End / Page keys move it, and focus lands on a cell once it has been rendered (it may have
 * been outside the window when asked for).
 */
import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react'
import { moveIndex } from './grid-window'
import type { GridWindowState, RowLayout } from './use-grid-window'

export interface GridFocus {
  /** The active cell, kept inside the current item count. */
  activeIndex: number
  setActive: (index: number) => void
  /** Where a closing dialog hands focus back: the first cell, or the grid when it has none. */
  fallbackFocus: () => HTMLElement | null
  /** The grid's ref callback: the window measures it, the focus logic searches its cells. */
  attach: (el: HTMLDivElement | null) => void
  /** Makes `index` active, scrolls it into the window and focuses it once it is rendered. */
  focusIndex: (index: number) => void
  /** Handles a movement key on a cell; true when it was one (the caller leaves it alone then). */
  moveByKey: (e: KeyboardEvent<HTMLElement>) => boolean
}

export function useGridFocus<L extends RowLayout>(count: number, win: GridWindowState<L>): GridFocus {
  const [active, setActive] = useState(0)
  const wantFocus = useRef<number | null>(null)
  const gridRef = useRef<HTMLDivElement | null>(null)
  const activeIndex = Math.min(active, Math.max(0, count - 1))

  // After every render: the wanted cell may just have entered the window.
  useEffect(() => {
    if (wantFocus.current === null) return
    const cell = gridRef.current?.querySelector<HTMLElement>(`[data-index="${wantFocus.current}"]`)
    if (cell) {
      cell.focus()
      wantFocus.current = null
    }
  })

  const attachWindow = win.attach
  const attach = useCallback(
    (el: HTMLDivElement | null) => {
      gridRef.current = el
      attachWindow(el)
    },
    [attachWindow]
  )

  const reveal = win.reveal
  const focusIndex = useCallback(
    (index: number) => {
      setActive(index)
      wantFocus.current = index
      reveal(index)
    },
    [reveal]
  )

  const moveByKey = (e: KeyboardEvent<HTMLElement>): boolean => {
    const pageRows = Math.max(1, Math.floor(win.viewport / win.layout.rowHeight))
    const next = moveIndex(activeIndex, e.key, win.layout.columns, count, pageRows)
    if (next === null) return false
    e.preventDefault()
    focusIndex(next)
    return true
  }

  const fallbackFocus = useCallback(
    () => gridRef.current?.querySelector<HTMLElement>('[role="gridcell"]') ?? gridRef.current,
    []
  )

  return { activeIndex, setActive, attach, fallbackFocus, focusIndex, moveByKey }
}
