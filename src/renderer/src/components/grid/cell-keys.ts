import type { KeyboardEvent } from 'react'
import type { GridFocus } from './use-grid-focus'

/** What a key does to the active cell; it gets the cell's index and element. */
export type CellKeyAction = (index: number, cell: HTMLElement) => void

/**
 * The grid's keydown: arrows, Home/End and paging move between cells; the keys listed act on the
 * active cell. Keys typed into a control inside a cell (a rename field, a player) are the control's.
 */
export function cellKeyDown(
  count: number,
  focus: Pick<GridFocus, 'activeIndex' | 'moveByKey'>,
  keys: Readonly<Record<string, CellKeyAction>>
) {
  return (e: KeyboardEvent<HTMLDivElement>) => {
    const cell = e.target as HTMLElement
    if (count === 0 || cell.getAttribute('role') !== 'gridcell') return
    if (focus.moveByKey(e)) return
    const action = keys[e.key]
    if (!action) return
    e.preventDefault()
    action(focus.activeIndex, cell)
  }
}
