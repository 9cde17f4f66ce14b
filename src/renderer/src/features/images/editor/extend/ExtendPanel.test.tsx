import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { openPainter } from '@renderer/testing/painter-kit'
import { resetImages } from '@renderer/testing/render-images'
import { useExtendStore } from './extend-store'

afterEach(() => {
  resetImages()
  useExtendStore.setState({ owner: null, on: false })
})

const form = () => within(screen.getByRole('form', { name: 'Edit settings' }))

describe('extend canvas panel', () => {
  it('says what the family made of 16:9, moves the picture from the keyboard, and sends the placement', async () => {
    // openPainter's source is a 4096² gallery picture.
    const { host, user } = await openPainter()
    await user.click(form().getByRole('checkbox', { name: 'Extend the canvas (outpaint)' }))
    const shapes = within(form().getByRole('group', { name: 'Canvas shape' }))
    await user.click(shapes.getByRole('button', { name: '16:9' }))
    expect(shapes.getByRole('button', { name: '16:9' }).getAttribute('aria-pressed')).toBe('true')
    // 7282×4096 is over the native family's 4096×4096 of area: snapped down, the picture with it.
    expect(screen.getByTestId('extend-note').textContent).toBe(
      'Snapped to 5461×3072 (from 7282×4096), the nearest size the native family takes; the picture is scaled to 75%. The picture sits at 1195, 0.'
    )
    const picture = form().getByRole('button', { name: 'Picture on the canvas, at 1195, 0' })
    expect(picture.getAttribute('title')).toMatch(/arrow keys/)
    fireEvent.keyDown(picture, { key: 'ArrowLeft', shiftKey: true })
    expect(form().getByRole('button', { name: 'Picture on the canvas, at 649, 0' })).toBeTruthy()
    fireEvent.keyDown(picture, { key: 'ArrowRight' })
    expect(form().getByRole('button', { name: 'Picture on the canvas, at 704, 0' })).toBeTruthy()

    await user.type(form().getByRole('textbox', { name: 'Prompt' }), 'more beach on both sides')
    await user.click(screen.getByRole('button', { name: 'Apply edit' }))
    await waitFor(() => expect(host.callsTo('images:edit')).toHaveLength(1))
    expect(host.callsTo('images:edit')[0]).toMatchObject({
      extend: { width: 5461, height: 3072, x: 704, y: 0, pictureWidth: 3072, pictureHeight: 3072 }
    })
    // Nothing painted: no mask upload; the host masks the new area itself.
    expect(host.calls.filter((c) => c.channel === 'files:upload')).toHaveLength(0)
  })

  it('refuses a shape the form family has no size for, at the panel, and sends nothing', async () => {
    const { host, user } = await openPainter()
    const model = form().getByRole('combobox', { name: 'Edit model' })
    await user.clear(model)
    await user.type(model, 'image-model-1')
    await user.click(form().getByRole('checkbox', { name: 'Extend the canvas (outpaint)' }))
    await user.click(within(form().getByRole('group', { name: 'Canvas shape' })).getByRole('button', { name: '21:9' }))
    expect(screen.getByTestId('extend-problem').textContent).toMatch(/no size close to 9557×4096.*1920x1080/)
    expect(screen.queryByTestId('extend-frame')).toBeNull()
    await user.type(form().getByRole('textbox', { name: 'Prompt' }), 'wider')
    await user.click(screen.getByRole('button', { name: 'Apply edit' }))
    expect(host.callsTo('images:edit')).toHaveLength(0)
    // 16:9 is a size of the form family: snapped to it.
    await user.click(within(form().getByRole('group', { name: 'Canvas shape' })).getByRole('button', { name: '16:9' }))
    expect(screen.getByTestId('extend-note').textContent).toMatch(
      /^Snapped to 1920×1080 \(from 7282×4096\), the nearest size the form family takes; the picture is scaled to 26%/
    )
  })

  it('takes the canvas in pixels and refuses one smaller than the picture', async () => {
    const { user } = await openPainter()
    await user.click(form().getByRole('checkbox', { name: 'Extend the canvas (outpaint)' }))
    await user.click(
      within(form().getByRole('group', { name: 'Canvas shape' })).getByRole('button', { name: 'Pixels' })
    )
    const width = form().getByRole('textbox', { name: 'Canvas width (px)' })
    await user.clear(width)
    await user.type(width, '4000')
    expect(screen.getByTestId('extend-problem').textContent).toBe(
      '4000×4096 is smaller than the picture (4096×4096): the canvas must hold it whole.'
    )
  })

  it('adds pixels per side: the canvas grows by them and they place the picture', async () => {
    const { host, user } = await openPainter()
    await user.click(form().getByRole('checkbox', { name: 'Extend the canvas (outpaint)' }))
    await user.click(
      within(form().getByRole('group', { name: 'Canvas shape' })).getByRole('button', { name: 'Per side' })
    )
    await user.type(form().getByRole('textbox', { name: 'Left (px)' }), '256')
    await user.type(form().getByRole('textbox', { name: 'Right (px)' }), '768')
    // 5120×4096 is over the native family's area: scaled into it, the picture keeping its quarter of the room on the left.
    expect(screen.getByTestId('extend-note').textContent).toMatch(
      /^Snapped to 4579×3663 \(from 5120×4096\).* The picture sits at 229, 0\.$/
    )
    await user.type(form().getByRole('textbox', { name: 'Top (px)' }), '-5')
    expect(screen.getByTestId('extend-problem').textContent).toMatch(/whole number/)
    await user.clear(form().getByRole('textbox', { name: 'Top (px)' }))
    await user.type(form().getByRole('textbox', { name: 'Prompt' }), 'more room on the right')
    await user.click(screen.getByRole('button', { name: 'Apply edit' }))
    await waitFor(() => expect(host.callsTo('images:edit')).toHaveLength(1))
    expect(host.callsTo('images:edit')[0]).toMatchObject({
      extend: { width: 4579, height: 3663, x: 229, y: 0, pictureWidth: 3663, pictureHeight: 3663 }
    })
  })
})
