import { describe, expect, it } from 'vitest'
import { computeOffsets, followAfterScroll, visibleRange } from './virtual-range'

const keys = (n: number) => Array.from({ length: n }, (_, i) => `m${i}`)

describe('list windowing', () => {
  it('sums measured heights and estimates for the rest', () => {
    const offsets = computeOffsets(['a', 'b', 'c'], new Map([['b', 300]]), 100)
    expect(Array.from(offsets)).toEqual([0, 100, 400, 500])
  })

  it('renders only the rows in view plus the overscan, wherever the viewport is', () => {
    const offsets = computeOffsets(keys(2000), new Map(), 100)
    expect(visibleRange(offsets, 0, 800, 3)).toEqual({ start: 0, end: 11 })
    expect(visibleRange(offsets, 100_000, 800, 3)).toEqual({ start: 997, end: 1011 })
    expect(visibleRange(offsets, 199_200, 800, 3)).toEqual({ start: 1989, end: 2000 })
  })

  it('handles an empty list and a viewport taller than the content', () => {
    expect(visibleRange(computeOffsets([], new Map(), 100), 0, 800, 3)).toEqual({ start: 0, end: 0 })
    expect(visibleRange(computeOffsets(keys(2), new Map(), 100), 0, 800, 3)).toEqual({ start: 0, end: 2 })
  })
})

describe('following the newest message', () => {
  const reading = (scrollTop: number, lastWrittenTop: number) => ({
    scrollTop,
    scrollHeight: 5000,
    clientHeight: 800,
    lastWrittenTop
  })

  it('follows at the bottom, and resumes when the user scrolls back down to it', () => {
    expect(followAfterScroll(false, reading(4200, 0))).toBe(true)
    expect(followAfterScroll(false, reading(4160, 0))).toBe(true)
  })

  it('stops when the user scrolls up', () => {
    expect(followAfterScroll(true, reading(3000, 4200))).toBe(false)
  })

  it('keeps following when content grew below the place it scrolled to', () => {
    expect(followAfterScroll(true, reading(3800, 3800))).toBe(true)
  })

  it('does not start following somewhere in the middle', () => {
    expect(followAfterScroll(false, reading(3000, 0))).toBe(false)
  })
})
