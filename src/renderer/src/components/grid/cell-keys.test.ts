import type { KeyboardEvent } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { cellKeyDown } from './cell-keys'

function keyOn(target: HTMLElement, key: string) {
  const preventDefault = vi.fn()
  return { event: { key, target, preventDefault } as unknown as KeyboardEvent<HTMLDivElement>, preventDefault }
}

const cell = () => {
  const el = document.createElement('div')
  el.setAttribute('role', 'gridcell')
  return el
}

describe('grid cell keys', () => {
  it('a listed key acts on the active cell, with its element, and is not typed', () => {
    const enter = vi.fn()
    const target = cell()
    const { event, preventDefault } = keyOn(target, 'Enter')
    cellKeyDown(3, { activeIndex: 2, moveByKey: () => false }, { Enter: enter })(event)
    expect(enter).toHaveBeenCalledWith(2, target)
    expect(preventDefault).toHaveBeenCalled()
  })

  it('leaves keys typed into a control inside a cell, unlisted keys and an empty grid alone', () => {
    const del = vi.fn()
    const move = vi.fn(() => false)
    const input = document.createElement('input')
    cell().append(input)
    const typed = keyOn(input, 'Delete')
    cellKeyDown(3, { activeIndex: 0, moveByKey: move }, { Delete: del })(typed.event)
    const unlisted = keyOn(cell(), 'x')
    cellKeyDown(3, { activeIndex: 0, moveByKey: move }, { Delete: del })(unlisted.event)
    cellKeyDown(0, { activeIndex: 0, moveByKey: move }, { Delete: del })(keyOn(cell(), 'Delete').event)
    expect(del).not.toHaveBeenCalled()
    expect(typed.preventDefault).not.toHaveBeenCalled()
    expect(unlisted.preventDefault).not.toHaveBeenCalled()
    expect(move).toHaveBeenCalledTimes(1)
  })

  it('a movement key moves and acts on nothing', () => {
    const enter = vi.fn()
    const move = vi.fn(() => true)
    cellKeyDown(3, { activeIndex: 0, moveByKey: move }, { ArrowRight: enter })(keyOn(cell(), 'ArrowRight').event)
    expect(move).toHaveBeenCalled()
    expect(enter).not.toHaveBeenCalled()
  })
})
