import { afterEach, describe, expect, it } from 'vitest'
import { useImagesUi } from '../../images-ui-store'
import type { MaskOp } from '../model/mask-model'
import { maskUnsent, resetPainterStore, usePainterStore } from './painter-store'
import { confirmReplaceSource, useReplaceSource } from './replace-source'

const dot = (x: number): MaskOp => ({ kind: 'stroke', mode: 'paint', radius: 8, hardness: 1, points: [x, x] })
const painter = () => usePainterStore.getState()

afterEach(() => {
  resetPainterStore()
  useReplaceSource.setState({ pending: null })
  useImagesUi.setState({ editorOpen: false, source: null })
})

describe('an unsent mask, as the painter store tells it', () => {
  it('is a mask with something on it that no edit took; undo back to what was sent counts as sent', () => {
    expect(maskUnsent(painter())).toBe(false)
    painter().commit(dot(1))
    expect(maskUnsent(painter())).toBe(true)
    painter().markSent(painter().history.ops)
    expect(maskUnsent(painter())).toBe(false)
    painter().commit(dot(2))
    expect(maskUnsent(painter())).toBe(true)
    painter().undo()
    expect(maskUnsent(painter())).toBe(false)
    painter().undo()
    expect(maskUnsent(painter())).toBe(false)
    painter().commit(dot(3))
    expect(maskUnsent(painter())).toBe(true)
  })

  it('starts over with a new source: what was sent belongs to the old one', () => {
    painter().commit(dot(1))
    painter().markSent(painter().history.ops)
    painter().resetMask('file:f-2')
    expect(painter().sentOps).toBeNull()
    painter().commit(dot(1))
    expect(maskUnsent(painter())).toBe(true)
  })
})

describe('confirmReplaceSource', () => {
  const unsentIn = (owner: string) => {
    useImagesUi.setState({ editorOpen: true })
    usePainterStore.setState({ owner })
    painter().commit(dot(1))
  }

  it('lets another picture in at once when the editor is closed, the mask is empty or it is the picture already open', async () => {
    painter().commit(dot(1))
    await expect(confirmReplaceSource('a.png')).resolves.toBe(true)
    resetPainterStore()
    useImagesUi.setState({ editorOpen: true })
    await expect(confirmReplaceSource('a.png')).resolves.toBe(true)
    unsentIn('gallery:src-1')
    await expect(confirmReplaceSource('a quiet street', 'gallery:src-1')).resolves.toBe(true)
    expect(useReplaceSource.getState().pending).toBeNull()
  })

  it('waits for the answer over an unsent mask, and a newer picture takes the question over', async () => {
    unsentIn('gallery:src-1')
    const first = confirmReplaceSource('first.png')
    expect(useReplaceSource.getState().pending?.name).toBe('first.png')
    const second = confirmReplaceSource('second.png')
    await expect(first).resolves.toBe(false)
    expect(useReplaceSource.getState().pending?.name).toBe('second.png')
    useReplaceSource.getState().pending!.answer(true)
    await expect(second).resolves.toBe(true)
    expect(useReplaceSource.getState().pending).toBeNull()
  })
})
