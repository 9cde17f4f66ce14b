import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { REDRAW_BUDGET_MS, SETTLE_MS, ViewPreview } from './view-preview'
import { imageToScreen, zoomAt } from './view-transform'

beforeEach(() => vi.useFakeTimers())
afterEach(() => vi.useRealTimers())

/** Parses `matrix(k, 0, 0, k, tx, ty)` and applies it to a point. */
function apply(transform: string, x: number, y: number): [number, number] {
  const [k, , , , tx, ty] = transform.slice(7, -1).split(',').map(Number)
  return [x * k + tx, y * k + ty]
}

describe('view preview', () => {
  it('redraws every frame while a full redraw is cheap', () => {
    const layer = document.createElement('canvas')
    const settle = vi.fn()
    const p = new ViewPreview([layer], settle)
    p.drawn({ scale: 0.25, x: 10, y: 10 }, REDRAW_BUDGET_MS - 1)
    expect(p.preview({ scale: 0.5, x: 0, y: 0 })).toBe(false)
    expect(layer.style.transform).toBe('')
  })

  it('past the budget, moves the drawn pixels where the new view puts them, and settles after a pause', () => {
    const layer = document.createElement('canvas')
    const settle = vi.fn()
    const p = new ViewPreview([layer, null], settle)
    const from = { scale: 0.25, x: 40, y: 30 }
    p.drawn(from, 30)
    const to = zoomAt(from, 1.6, 300, 200)
    expect(p.preview(to)).toBe(true)
    // An image point drawn at its old screen position lands on its new one.
    const [ox, oy] = imageToScreen(from, 1000, 500)
    const [nx, ny] = apply(layer.style.transform, ox, oy)
    expect(nx).toBeCloseTo(imageToScreen(to, 1000, 500)[0], 6)
    expect(ny).toBeCloseTo(imageToScreen(to, 1000, 500)[1], 6)
    vi.advanceTimersByTime(SETTLE_MS - 10)
    p.preview(zoomAt(to, 1.1, 300, 200))
    vi.advanceTimersByTime(SETTLE_MS - 10)
    expect(settle).not.toHaveBeenCalled()
    vi.advanceTimersByTime(20)
    expect(settle).toHaveBeenCalledTimes(1)
    p.drawn(to, 4)
    expect(layer.style.transform).toBe('')
  })
})
