import { screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { openPainter } from '@renderer/testing/painter-kit'
import { resetImages } from '@renderer/testing/render-images'
import { usePainterStore } from '../state/painter-store'

afterEach(resetImages)

const ops = () => usePainterStore.getState().history.ops

describe('select by coordinates', () => {
  it('places and sizes a rectangle with the keyboard only and adds it to the mask with Enter', async () => {
    const { painter, user } = await openPainter()
    const summary = painter.getByText('Select by coordinates', { selector: 'summary' })
    summary.focus()
    await user.keyboard('{Enter}')
    const form = within(painter.getByRole('form', { name: 'Select by coordinates' }))
    const left = form.getByRole('spinbutton', { name: 'Left (x)' })
    // The 4096² image starts with its middle half.
    expect(left).toHaveProperty('value', '1024')
    await user.click(left)
    await user.keyboard('{Shift>}{ArrowUp}{ArrowUp}{/Shift}{ArrowDown}')
    expect(left).toHaveProperty('value', '1043')
    const width = form.getByRole('spinbutton', { name: 'Width' })
    await user.clear(width)
    await user.type(width, '300{Enter}')
    expect(ops()).toEqual([{ kind: 'shape', shape: 'rect', mode: 'add', points: [1043, 1024, 1343, 3072] }])
    expect(painter.getByTestId('painter-notice').textContent).toBe('Added 300×2048 px at (1043, 1024) to the mask.')
  })

  it('an ellipse in subtract mode cuts, clamped to the image', async () => {
    const { painter, user } = await openPainter()
    usePainterStore.getState().setSelectMode('subtract')
    await user.click(painter.getByText('Select by coordinates', { selector: 'summary' }))
    const form = within(painter.getByRole('form', { name: 'Select by coordinates' }))
    await user.selectOptions(form.getByRole('combobox', { name: 'Shape' }), 'Ellipse')
    const top = form.getByRole('spinbutton', { name: 'Top (y)' })
    await user.clear(top)
    await user.type(top, '4000')
    await user.click(form.getByRole('button', { name: 'Cut selection' }))
    expect(ops()).toEqual([{ kind: 'shape', shape: 'ellipse', mode: 'subtract', points: [1024, 4000, 3072, 4096] }])
    expect(screen.getByTestId('painter-notice').textContent).toBe('Cut 2048×96 px at (1024, 4000) from the mask.')
  })
})
