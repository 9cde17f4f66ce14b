/**
 * The windowed grid both the image gallery and the video board show: a scroller with the ARIA grid
 * roles, only the rows in the window rendered (each placed by its offset), and a hidden keyboard hint
 * that describes the grid. Cells come from `renderCell`; focus and keys from the caller's hooks.
 */
import type { KeyboardEvent, ReactNode } from 'react'
import type { GridWindowState, RowLayout } from './use-grid-window'

export function WindowedGrid<L extends RowLayout>({ win, attach, count, label, hint, hintId, classPrefix, rowHeight, onKeyDown, renderCell }: {
  win: GridWindowState<L>
  /** The grid's ref callback (useGridFocus's attach). */
  attach: (el: HTMLDivElement | null) => void
  count: number
  label: string
  hint: string
  hintId: string
  /** Class prefix: `<prefix>-scroller`, `<prefix>-canvas`, `<prefix>-row`. */
  classPrefix: string
  /** A row's own height; the row pitch (win.layout.rowHeight) when not given. */
  rowHeight?: number
  onKeyDown: (e: KeyboardEvent<HTMLDivElement>) => void
  renderCell: (index: number, column: number) => ReactNode
}) {
  const rows = []
  for (let r = win.startRow; r < win.endRow; r++) {
    const cells = []
    for (let c = 0; c < win.layout.columns; c++) {
      const index = r * win.layout.columns + c
      if (index >= count) break
      cells.push(renderCell(index, c))
    }
    rows.push(
      <div
        key={r}
        role="row"
        aria-rowindex={r + 1}
        className={`${classPrefix}-row`}
        style={{ transform: `translateY(${r * win.layout.rowHeight}px)`, height: rowHeight ?? win.layout.rowHeight }}
      >
        {cells}
      </div>
    )
  }
  return (
    <>
      <div
        ref={attach}
        role="grid"
        aria-label={label}
        aria-rowcount={win.rowCount}
        aria-colcount={win.layout.columns}
        aria-describedby={hintId}
        className={`${classPrefix}-scroller`}
        onScroll={win.onScroll}
        onKeyDown={onKeyDown}
      >
        <div role="rowgroup" className={`${classPrefix}-canvas`} style={{ height: win.totalHeight }}>
          {rows}
        </div>
      </div>
      <p id={hintId} className="sr-only">
        {hint}
      </p>
    </>
  )
}
