import { beforeEach, describe, expect, it } from 'vitest'
import { resetHandoff, useHandoff } from './handoff'
import { resetUiStore, useUiStore } from './ui'

describe('hand-offs between areas', () => {
  beforeEach(() => {
    resetHandoff()
    resetUiStore()
  })

  it('opens the receiving area and is taken once, only by a receiver of its kind', () => {
    useHandoff.getState().send({ kind: 'video-frame', slot: 'first', itemId: 'img-1', label: 'a fox', thumbUrl: 'x' })
    expect(useUiStore.getState().view).toBe('video')
    expect(useHandoff.getState().take('image-edit')).toBeNull()
    expect(useHandoff.getState().take('video-frame', 'video-remix')).toMatchObject({ slot: 'first', itemId: 'img-1' })
    expect(useHandoff.getState().take('video-frame')).toBeNull()
  })

  it('sends an image to the painter in the images area', () => {
    useHandoff.getState().send({ kind: 'image-edit', itemId: 'img-2' })
    expect(useUiStore.getState().view).toBe('images')
  })
})
