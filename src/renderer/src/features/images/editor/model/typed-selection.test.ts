import { describe, expect, it } from 'vitest'
import { maskRuns, type Runs } from '../runs/mask-runs'
import { clampBox, initialBox, typedSelection } from './typed-selection'

const W = 40
const H = 30

/** Every pixel as 0/1, from runs. */
function bitmap(rows: readonly Runs[]): number[][] {
  return rows.map((r) => {
    const line = new Array<number>(W).fill(0)
    for (let i = 0; i < r.length; i += 2) for (let x = r[i]; x < r[i + 1]; x++) line[x] = 1
    return line
  })
}

describe('a selection typed as numbers', () => {
  it('a rectangle masks exactly the typed pixels: x from x to x + width - 1, y likewise', () => {
    const m = bitmap(maskRuns([typedSelection('rect', 'add', { x: 5, y: 4, width: 10, height: 6 }, W, H)], W, H))
    for (let y = 0; y < H; y++) {
      for (let x = 0; x < W; x++) expect(m[y][x], `(${x}, ${y})`).toBe(x >= 5 && x < 15 && y >= 4 && y < 10 ? 1 : 0)
    }
  })

  it('an ellipse masks the pixel centres inside the typed box, touching its four sides', () => {
    const m = bitmap(maskRuns([typedSelection('ellipse', 'add', { x: 10, y: 5, width: 20, height: 10 }, W, H)], W, H))
    let count = 0
    for (let y = 0; y < H; y++) {
      for (let x = 0; x < W; x++) {
        const u = (x + 0.5 - 20) / 10
        const v = (y + 0.5 - 10) / 5
        expect(m[y][x], `(${x}, ${y})`).toBe(u * u + v * v < 1 ? 1 : 0)
        count += m[y][x]
      }
    }
    // Its middle row spans the box's width, its middle column the box's height; nothing outside.
    expect(m[9].indexOf(1)).toBe(10)
    expect(m[9].lastIndexOf(1)).toBe(29)
    expect(m.map((row) => row[20]).indexOf(1)).toBe(5)
    expect(count).toBeLessThan(20 * 10)
  })

  it('a subtract cuts the typed box out of what is there', () => {
    const ops = [
      typedSelection('rect', 'add', { x: 0, y: 0, width: W, height: H }, W, H),
      typedSelection('rect', 'subtract', { x: 2, y: 3, width: 4, height: 5 }, W, H)
    ]
    const m = bitmap(maskRuns(ops, W, H))
    expect(m.flat().reduce((a, b) => a + b, 0)).toBe(W * H - 20)
    expect(m[3][2]).toBe(0)
    expect(m[7][5]).toBe(0)
    expect(m[8][5]).toBe(1)
  })

  it('a box is clamped into the image, whole pixels, at least one pixel a side', () => {
    expect(clampBox({ x: -5, y: 2.4, width: 100, height: 0 }, W, H)).toEqual({ x: 0, y: 2, width: W, height: 1 })
    expect(clampBox({ x: 39, y: 29, width: 5, height: 5 }, W, H)).toEqual({ x: 39, y: 29, width: 1, height: 1 })
    expect(clampBox({ x: Number.NaN, y: 0, width: 3, height: 3 }, W, H)).toEqual({ x: 0, y: 0, width: 3, height: 3 })
    expect(initialBox(W, H)).toEqual({ x: 10, y: 8, width: 20, height: 15 })
  })
})
