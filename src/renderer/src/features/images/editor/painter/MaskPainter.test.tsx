import { screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { drag, openPainter } from '@renderer/testing/painter-kit'
import { resetImages } from '@renderer/testing/render-images'
import type { Stroke } from '../model/mask-model'
import { usePainterStore } from '../state/painter-store'

afterEach(resetImages)

const ops = () => usePainterStore.getState().history.ops

describe('mask painter', () => {
  it('names every control', async () => {
    const { painter } = await openPainter()
    for (const name of [
      'Brush',
      'Eraser',
      'Undo',
      'Redo',
      'Invert mask',
      'Clear mask',
      'Fill mask',
      'Zoom in',
      'Zoom out',
      'Fit to view',
      'Compare'
    ]) {
      expect(painter.getByRole('button', { name })).toBeTruthy()
    }
    for (const name of ['Brush size', 'Hardness', 'Overlay opacity'])
      expect(painter.getByRole('slider', { name })).toBeTruthy()
    expect(painter.getByRole('application', { name: 'Mask canvas' })).toBeTruthy()
    expect(painter.getByRole('button', { name: 'Undo' }).getAttribute('aria-keyshortcuts')).toBe('Control+Z Meta+Z')
    expect(screen.getByRole('button', { name: 'Apply edit' })).toBeTruthy()
  })

  it('paints a stroke in image coordinates with the brush, erases with right-drag', async () => {
    const { stage } = await openPainter()
    usePainterStore.getState().setSize(200)
    drag(stage, [
      [300, 300],
      [320, 305],
      [360, 310]
    ])
    expect(ops()).toHaveLength(1)
    const stroke = ops()[0] as Stroke
    expect(stroke).toMatchObject({ kind: 'stroke', mode: 'paint', radius: 100 })
    // The 800x600 fallback stage shows the 4096² image at 568/4096: screen 300 is far into the image.
    expect(stroke.points[0]).toBeGreaterThan(1000)
    drag(stage, [[400, 400]], 2)
    expect((ops()[1] as Stroke).mode).toBe('erase')
  })

  it('undoes and redoes with the keyboard and the buttons', async () => {
    const { stage, painter, user } = await openPainter()
    drag(stage, [
      [300, 300],
      [350, 300]
    ])
    drag(stage, [[200, 200]])
    stage.focus()
    await user.keyboard('{Control>}z{/Control}')
    expect(ops()).toHaveLength(1)
    await user.keyboard('{Control>}{Shift>}z{/Shift}{/Control}')
    expect(ops()).toHaveLength(2)
    await user.keyboard('{Control>}z{/Control}{Control>}z{/Control}')
    expect(ops()).toHaveLength(0)
    expect((painter.getByRole('button', { name: 'Undo' }) as HTMLButtonElement).disabled).toBe(true)
    await user.keyboard('{Control>}y{/Control}')
    expect(ops()).toHaveLength(1)
    await user.click(painter.getByRole('button', { name: 'Redo' }))
    expect(ops()).toHaveLength(2)
    await user.click(painter.getByRole('button', { name: 'Undo' }))
    expect(ops()).toHaveLength(1)
  })

  it('switches tools and sizes with the registry shortcuts', async () => {
    const { stage, painter, user } = await openPainter()
    usePainterStore.getState().setSize(100)
    stage.focus()
    await user.keyboard('e')
    expect(painter.getByRole('button', { name: 'Eraser' }).getAttribute('aria-pressed')).toBe('true')
    drag(stage, [[300, 300]])
    expect((ops()[0] as Stroke).mode).toBe('erase')
    await user.keyboard('b]')
    expect(painter.getByRole('button', { name: 'Brush' }).getAttribute('aria-pressed')).toBe('true')
    expect(painter.getByRole('slider', { name: 'Brush size' }).getAttribute('aria-valuetext')).toBe('120 px')
    // '[[' is user-event's escape for one '[' key.
    await user.keyboard('[[[[')
    expect(usePainterStore.getState().size).toBe(83)
    await user.keyboard('{Shift>}{[}{/Shift}')
    expect(usePainterStore.getState().hardness).toBeCloseTo(0.7, 6)
  })

  it('inverts, fills and clears the mask as whole-mask steps', async () => {
    const { painter, user } = await openPainter()
    const clear = painter.getByRole('button', { name: 'Clear mask' }) as HTMLButtonElement
    expect(clear.disabled).toBe(true)
    await user.click(painter.getByRole('button', { name: 'Invert mask' }))
    await user.click(painter.getByRole('button', { name: 'Fill mask' }))
    await user.click(painter.getByRole('button', { name: 'Fill mask' }))
    await user.click(clear)
    expect(ops().map((o) => o.kind)).toEqual(['invert', 'fill', 'clear'])
  })

  it('compares while C is held or from the toggle, and zooms from the keyboard', async () => {
    const { stage, painter, user } = await openPainter()
    stage.focus()
    await user.keyboard('{c>}')
    expect(stage.dataset.compare).toBe('true')
    await user.keyboard('{/c}')
    expect(stage.dataset.compare).toBeUndefined()
    const compare = painter.getByRole('button', { name: 'Compare' })
    await user.click(compare)
    expect(compare.getAttribute('aria-pressed')).toBe('true')
    await user.click(compare)
    expect(compare.getAttribute('aria-pressed')).toBe('false')
    const zoom = () => usePainterStore.getState().zoomPercent
    const fitted = zoom()
    stage.focus()
    await user.keyboard('+')
    expect(zoom()).toBeGreaterThan(fitted)
    await user.keyboard('-0')
    expect(zoom()).toBe(fitted)
  })

  it('keeps typing in the edit prompt away from the tools', async () => {
    const { user } = await openPainter()
    await user.type(screen.getByRole('textbox', { name: 'Prompt' }), 'bei')
    expect(usePainterStore.getState().tool).toBe('brush')
    expect(ops()).toHaveLength(0)
  })
})
