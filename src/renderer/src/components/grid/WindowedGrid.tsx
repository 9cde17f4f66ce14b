/**
 * The windowed grid both the image gallery and the video board show: a scroller with the ARIA grid
 * roles, only the rows in the window rendered (each placed by its offset), and a hidden keyboard hint
 * that describes the grid. Cells come from `renderCell`; window and focus from useWindowedGrid.
 */
import type { ReactNode } from 'react'
import { cellKeyDown, type CellKeyAction } from './cell-keys'
import type { RowLayout } from './use-grid-window'
import type { GridModel } from './use-windowed-grid'

export function WindowedGrid<L extends RowLayout>({
  grid,
  label,
  hint,
  classPrefix,
  rowHeight,
  keys,
  renderCell
}: {
  /** The window and focus (useWindowedGrid). */
  grid: GridModel<L>
  label: string
  /** The keyboard hint the grid is described by (`<prefix>-keys`). */
  hint: string
  /** Class prefix: `<prefix>-scroller`, `<prefix>-canvas`, `<prefix>-row`; and the hint's id. */
  classPrefix: string
  /** A row's own height; the row pitch (win.layout.rowHeight) when not given. */
  rowHeight?: number
  /** What the listed keys do to the active cell (movement keys are the grid's own). */
  keys: Readonly<Record<string, CellKeyAction>>
  renderCell: (index: number, column: number) => ReactNode
}) {
  const { win, count, attach, activeIndex, moveByKey } = grid
  const hintId = `${classPrefix}-keys`
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
        onKeyDown={cellKeyDown(count, { activeIndex, moveByKey }, keys)}
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
