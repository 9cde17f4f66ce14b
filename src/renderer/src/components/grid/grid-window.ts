/**
 * The arithmetic of the gallery's windowing, pure so it is tested without layout. Hand-written
 * because no virtualiser is installed and a grid of equal cells needs very little: rows have one
 * height, so the visible rows are a division, not a search, and the DOM holds only the rows on
 * screen plus a small overscan whatever the gallery's size (1,000 or 100,000 items).
 */

export interface GridLayout {
  columns: number
  /** Cell width in px (cells stretch to fill the row). */
  cellWidth: number
  /** Row pitch in px: cell height plus gap. */
  rowHeight: number
}

export const MIN_CELL = 168
export const GAP = 8
/** Caption line under the square thumbnail (the actions overlay the thumbnail). */
export const CELL_CHROME = 36

export function gridLayout(containerWidth: number, minCell = MIN_CELL, gap = GAP): GridLayout {
  const width = Math.max(minCell, containerWidth)
  const columns = Math.max(1, Math.floor((width + gap) / (minCell + gap)))
  const cellWidth = Math.floor((width - gap * (columns - 1)) / columns)
  return { columns, cellWidth, rowHeight: cellWidth + CELL_CHROME + gap }
}

export interface GridWindow {
  /** First rendered row and one past the last. */
  startRow: number
  endRow: number
  /** First rendered item index and one past the last. */
  startIndex: number
  endIndex: number
  rowCount: number
  totalHeight: number
}

export function gridWindow(
  count: number,
  columns: number,
  rowHeight: number,
  scrollTop: number,
  viewport: number,
  overscanRows = 2
): GridWindow {
  const rowCount = Math.ceil(count / Math.max(1, columns))
  const totalHeight = rowCount * rowHeight
  if (count === 0) return { startRow: 0, endRow: 0, startIndex: 0, endIndex: 0, rowCount, totalHeight }
  const first = Math.floor(Math.max(0, scrollTop) / rowHeight)
  const last = Math.floor((Math.max(0, scrollTop) + Math.max(1, viewport) - 1) / rowHeight)
  const startRow = Math.max(0, Math.min(rowCount - 1, first - overscanRows))
  const endRow = Math.min(rowCount, last + 1 + overscanRows)
  return {
    startRow,
    endRow,
    startIndex: startRow * columns,
    endIndex: Math.min(count, endRow * columns),
    rowCount,
    totalHeight
  }
}

/** Keyboard movement in the grid; returns the new index, clamped to the items. */
export function moveIndex(index: number, key: string, columns: number, count: number, pageRows: number): number | null {
  const last = count - 1
  const to = (i: number) => Math.max(0, Math.min(last, i))
  switch (key) {
    case 'ArrowRight':
      return to(index + 1)
    case 'ArrowLeft':
      return to(index - 1)
    case 'ArrowDown':
      return to(index + columns)
    case 'ArrowUp':
      return to(index - columns)
    case 'Home':
      return 0
    case 'End':
      return last
    case 'PageDown':
      return to(index + columns * pageRows)
    case 'PageUp':
      return to(index - columns * pageRows)
    default:
      return null
  }
}
