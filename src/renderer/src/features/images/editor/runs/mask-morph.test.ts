import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { growRuns, shrinkRuns } from './mask-morph'
import type { Runs } from './mask-runs'

const W = 40
const H = 30

function toRuns(m: number[][]): Runs[] {
  return m.map((line) => {
    const r: Runs = []
    line.forEach((v, x) => {
      if (!v) return
      if (r.length && r[r.length - 1] === x) r[r.length - 1] = x + 1
      else r.push(x, x + 1)
    })
    return r
  })
}

/** The definition, pixel by pixel: within n (Euclidean, centre to centre) of a painted pixel. */
function grownRef(m: number[][], n: number): number[][] {
  return m.map((line, y) =>
    line.map((_, x) => {
      for (let yy = 0; yy < H; yy++)
        for (let xx = 0; xx < W; xx++) if (m[yy][xx] && (xx - x) ** 2 + (yy - y) ** 2 <= n * n) return 1
      return 0
    })
  )
}

/** Shrink: every pixel within n is painted, the image's outside counting as painted. */
function shrunkRef(m: number[][], n: number): number[][] {
  const inv = m.map((l) => l.map((v) => 1 - v))
  return grownRef(inv, n).map((l) => l.map((v) => 1 - v))
}

const maskArb = fc.array(
  fc.array(
    fc.integer({ min: 0, max: 9 }).map((v) => (v < 2 ? 1 : 0)),
    { minLength: W, maxLength: W }
  ),
  { minLength: H, maxLength: H }
)

describe('grow and shrink by N pixels (distance transform, round edge)', () => {
  it('grow matches the per-pixel definition for any mask and N', () => {
    fc.assert(
      fc.property(maskArb, fc.integer({ min: 0, max: 12 }), (m, n) => {
        expect(growRuns(toRuns(m), W, H, n)).toEqual(toRuns(grownRef(m, n)))
      }),
      { numRuns: 60 }
    )
  })

  it('shrink matches the per-pixel definition, the image edge not eating in', () => {
    fc.assert(
      fc.property(maskArb, fc.integer({ min: 0, max: 12 }), (m, n) => {
        expect(shrinkRuns(toRuns(m), W, H, n)).toEqual(toRuns(shrunkRef(m, n)))
      }),
      { numRuns: 60 }
    )
  })

  it('N = 0 changes nothing', () => {
    const rows: Runs[] = Array.from({ length: H }, (_, y) => (y === 5 ? [3, 9, 20, 21] : []))
    expect(growRuns(rows, W, H, 0)).toEqual(rows)
    expect(shrinkRuns(rows, W, H, 0)).toEqual(rows)
  })

  it('a single pixel grows into a disc of radius N, clipped at the image edge', () => {
    const rows: Runs[] = Array.from({ length: H }, (_, y) => (y === 0 ? [0, 1] : []))
    const grown = growRuns(rows, W, H, 3)
    // Quarter disc x² + y² <= 9 at the corner: rows of 4, 3, 3, 1 pixels.
    expect(grown.slice(0, 5)).toEqual([[0, 4], [0, 3], [0, 3], [0, 1], []])
  })

  it('a full mask stays full after a shrink; a rectangle shrinks by N on every side', () => {
    const full: Runs[] = Array.from({ length: H }, () => [0, W])
    expect(shrinkRuns(full, W, H, 5)).toEqual(full)
    const box: Runs[] = Array.from({ length: H }, (_, y) => (y >= 5 && y < 25 ? [5, 35] : []))
    const shrunk = shrinkRuns(box, W, H, 2)
    expect(shrunk.map((r, y) => (y >= 7 && y < 23 ? r : r.length))).toEqual(
      Array.from({ length: H }, (_, y) => (y >= 7 && y < 23 ? [7, 33] : 0))
    )
  })

  it('grows a 4096² mask by 64 px exactly at its edges', () => {
    const side = 4096
    const rows: Runs[] = Array.from({ length: side }, (_, y) => (y >= 1000 && y < 3000 ? [1000, 3000] : []))
    const g64 = growRuns(rows, side, side, 64)
    expect(g64[2000]).toEqual([936, 3064])
    expect(g64[936]).toEqual([1000, 3000])
    expect(g64[935]).toEqual([])
    // The round corner: 45 px up reaches floor(sqrt(64² - 45²)) = 45 px to the side, 46 px up only 44.
    expect(g64[1000 - 45]).toEqual([955, 3045])
    expect(g64[1000 - 46]).toEqual([956, 3044])
    expect(shrinkRuns(g64, side, side, 64)[2000]).toEqual([1000, 3000])
  })
})
