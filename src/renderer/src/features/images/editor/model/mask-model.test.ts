import { describe, expect, it } from 'vitest'
import {
  appendPoint,
  canRedo,
  canUndo,
  EMPTY_HISTORY,
  mayHavePaint,
  pushOp,
  redo,
  sampleSpacing,
  undo,
  type Stroke
} from './mask-model'

const s = (x: number): Stroke => ({ kind: 'stroke', mode: 'paint', radius: 4, hardness: 1, points: [x, x] })

describe('undo/redo stack', () => {
  it('undoes and redoes in order, and a new op clears the redo stack', () => {
    let h = pushOp(pushOp(EMPTY_HISTORY, s(1)), s(2))
    h = undo(h)
    expect(h.ops).toEqual([s(1)])
    expect(canRedo(h)).toBe(true)
    h = redo(h)
    expect(h.ops).toEqual([s(1), s(2)])
    h = undo(undo(h))
    expect(canUndo(h)).toBe(false)
    expect(h.undone).toHaveLength(2)
    h = redo(h)
    expect(h.ops).toEqual([s(1)])
    h = pushOp(h, { kind: 'invert' })
    expect(canRedo(h)).toBe(false)
    expect(h.ops).toEqual([s(1), { kind: 'invert' }])
  })

  it('undo and redo on an empty side change nothing', () => {
    expect(undo(EMPTY_HISTORY)).toBe(EMPTY_HISTORY)
    expect(redo(EMPTY_HISTORY)).toBe(EMPTY_HISTORY)
  })
})

describe('mask facts without pixels', () => {
  it('knows when nothing can be painted', () => {
    expect(mayHavePaint([])).toBe(false)
    expect(mayHavePaint([s(1)])).toBe(true)
    expect(mayHavePaint([s(1), { kind: 'clear' }])).toBe(false)
    expect(mayHavePaint([{ kind: 'clear' }, { kind: 'invert' }])).toBe(true)
    expect(mayHavePaint([{ ...s(1), mode: 'erase' }])).toBe(false)
  })
})

describe('sample thinning', () => {
  it('keeps points at least the spacing apart', () => {
    const pts: number[] = []
    expect(appendPoint(pts, 0, 0, 2)).toBe(true)
    expect(appendPoint(pts, 1, 1, 2)).toBe(false)
    expect(appendPoint(pts, 2, 0, 2)).toBe(true)
    expect(pts).toEqual([0, 0, 2, 0])
    expect(sampleSpacing(1)).toBe(0.5)
    expect(sampleSpacing(30)).toBe(10)
  })
})
