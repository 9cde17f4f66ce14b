/**
 * Everything a windowed grid needs from its feature's data, in one hook: the window over `count`
 * items (useGridWindow) and the keyboard focus moving through it (useGridFocus). The result is what
 * WindowedGrid renders from, and the feature reads the active cell and focus helpers from it too.
 */
import { gridLayout, type GridLayout } from './grid-window'
import { useGridFocus, type GridFocus } from './use-grid-focus'
import { useGridWindow, type GridWindowState, type RowLayout } from './use-grid-window'

export interface GridModel<L extends RowLayout = GridLayout> extends GridFocus {
  win: GridWindowState<L>
  count: number
}

export function useWindowedGrid(count: number): GridModel
export function useWindowedGrid<L extends RowLayout>(
  count: number,
  layoutOf: (width: number) => L,
  overscanRows?: number
): GridModel<L>
export function useWindowedGrid(
  count: number,
  layoutOf?: (width: number) => RowLayout,
  overscanRows?: number
): GridModel<RowLayout> {
  const win = useGridWindow(count, layoutOf ?? gridLayout, overscanRows)
  return { ...useGridFocus(count, win), win, count }
}
