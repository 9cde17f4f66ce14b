import { describe, expect, it } from 'vitest'
import { gridLayout, gridWindow, moveIndex } from './grid-window'

describe('gallery windowing', () => {
  it('renders only the rows in view plus overscan, for 1,000 or 100,000 items', () => {
    const layout = gridLayout(960)
    for (const count of [1000, 100_000]) {
      const w = gridWindow(count, layout.columns, layout.rowHeight, 50_000, 720)
      const cells = w.endIndex - w.startIndex
      expect(cells).toBeGreaterThan(0)
      expect(cells).toBeLessThanOrEqual(layout.columns * (Math.ceil(720 / layout.rowHeight) + 1 + 4))
      expect(w.totalHeight).toBe(Math.ceil(count / layout.columns) * layout.rowHeight)
    }
  })

  it('fits columns to the width and clamps at the end', () => {
    expect(gridLayout(960).columns).toBe(5)
    expect(gridLayout(100).columns).toBe(1)
    const w = gridWindow(7, 3, 100, 10_000, 300)
    expect(w.endIndex).toBe(7)
    expect(w.startRow).toBeLessThan(w.endRow)
    expect(gridWindow(0, 3, 100, 0, 300)).toMatchObject({ startIndex: 0, endIndex: 0, totalHeight: 0 })
  })

  it('moves by cell, row and page with the arrow keys, clamped', () => {
    expect(moveIndex(0, 'ArrowRight', 4, 10, 2)).toBe(1)
    expect(moveIndex(1, 'ArrowDown', 4, 10, 2)).toBe(5)
    expect(moveIndex(9, 'ArrowDown', 4, 10, 2)).toBe(9)
    expect(moveIndex(5, 'PageUp', 4, 10, 2)).toBe(0)
    expect(moveIndex(3, 'End', 4, 10, 2)).toBe(9)
    expect(moveIndex(3, 'x', 4, 10, 2)).toBeNull()
  })
})
