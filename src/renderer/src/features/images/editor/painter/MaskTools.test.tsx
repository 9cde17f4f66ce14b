import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { drag, openPainter } from '@renderer/testing/painter-kit'
import { pixelImage } from '@renderer/testing/pixel-image'
import { resetImages } from '@renderer/testing/render-images'
import type { MaskOp, RunsOp, ShapeOp } from '../model/mask-model'
import type { PixelImage } from '../runs/mask-import'
import { growRuns, shrinkRuns } from '../runs/mask-morph'
import { maskRuns, unpackRuns } from '../runs/mask-runs'
import { usePainterStore } from '../state/painter-store'
import { exportMaskInWorker, maskExport } from '../worker/mask-export'
import { maskWork, type MaskWork } from '../worker/mask-work'
import { maskFromPixels } from '../worker/mask-work-core'

const realWork: MaskWork = { ...maskWork }
afterEach(() => {
  Object.assign(maskWork, realWork)
  maskExport.run = exportMaskInWorker
  resetImages()
})

const SIDE = 4096
const ops = () => usePainterStore.getState().history.ops
const last = <T extends MaskOp>() => ops()[ops().length - 1] as T

/** happy-dom decodes no images: the fakes hand the worker's pure code the pixels a decoder would. */
function fakeDecoder(img: PixelImage) {
  const decode = vi.fn(async () => ({ image: img as unknown as ImageBitmap, width: img.width, height: img.height }))
  maskWork.decode = decode
  maskWork.fromImage = async (image, choice, width, height, source, base) =>
    maskFromPixels(image as unknown as PixelImage, choice, width, height, source, base)
  return decode
}

/** Undo takes the last op back and redo restores the same op. */
async function undoRedo(user: Awaited<ReturnType<typeof openPainter>>['user'], stage: HTMLElement) {
  const before = ops()
  const op = before[before.length - 1]
  stage.focus()
  await user.keyboard('{Control>}z{/Control}')
  expect(ops()).toEqual(before.slice(0, -1))
  await user.keyboard('{Control>}{Shift>}z{/Shift}{/Control}')
  expect(ops()[ops().length - 1]).toBe(op)
}

describe('mask painter selection tools', () => {
  it('adds a rectangle from the toolbar, subtracts with Alt held, adds with Shift held whatever the mode', async () => {
    const { stage, painter, user } = await openPainter()
    await user.click(painter.getByRole('button', { name: 'Rectangle' }))
    expect(stage.dataset.selecting).toBe('true')
    drag(stage, [
      [200, 200],
      [300, 260],
      [400, 320]
    ])
    const rect = last<ShapeOp>()
    expect(rect).toMatchObject({ kind: 'shape', shape: 'rect', mode: 'add' })
    // Image coordinates: 200 screen px apart at 568/4096 is about 1442 image px.
    expect(rect.points[2] - rect.points[0]).toBeCloseTo((200 * SIDE) / 568, -1)
    await undoRedo(user, stage)

    fireEvent.pointerDown(stage, { pointerId: 1, button: 0, altKey: true, clientX: 250, clientY: 250 })
    fireEvent.pointerMove(stage, { pointerId: 1, buttons: 1, clientX: 280, clientY: 280 })
    fireEvent.pointerUp(stage, { pointerId: 1, button: 0, clientX: 280, clientY: 280 })
    const hole = last<ShapeOp>()
    expect(hole.mode).toBe('subtract')
    // The Alt-drag cut a hole: its centre is no longer painted, the rectangle around it still is.
    const row = maskRuns(ops(), SIDE, SIDE)[Math.floor((hole.points[1] + hole.points[3]) / 2)]
    const cx = Math.floor((hole.points[0] + hole.points[2]) / 2)
    expect(row).toEqual([
      Math.ceil(rect.points[0] - 0.5),
      Math.ceil(hole.points[0] - 0.5),
      Math.ceil(hole.points[2] - 0.5),
      Math.ceil(rect.points[2] - 0.5)
    ])
    expect(cx).toBeGreaterThan(row[1])

    await user.click(painter.getByRole('button', { name: 'Subtract from mask' }))
    expect(painter.getByRole('button', { name: 'Subtract from mask' }).getAttribute('aria-pressed')).toBe('true')
    drag(stage, [
      [500, 100],
      [520, 120]
    ])
    expect(last<ShapeOp>().mode).toBe('subtract')
    fireEvent.pointerDown(stage, { pointerId: 1, button: 0, shiftKey: true, clientX: 500, clientY: 400 })
    fireEvent.pointerUp(stage, { pointerId: 1, button: 0, clientX: 540, clientY: 440 })
    expect(last<ShapeOp>().mode).toBe('add')
    // A click without a drag selects nothing and adds no step.
    const n = ops().length
    drag(stage, [[450, 450]])
    expect(ops()).toHaveLength(n)
  })

  it('draws an ellipse (O) and a lasso (L) from the keyboard, each one undoable step', async () => {
    const { stage, user } = await openPainter()
    stage.focus()
    await user.keyboard('o')
    drag(stage, [
      [200, 200],
      [300, 300]
    ])
    expect(last<ShapeOp>()).toMatchObject({ shape: 'ellipse', mode: 'add' })
    await undoRedo(user, stage)
    await user.keyboard('l')
    drag(stage, [
      [300, 100],
      [400, 120],
      [420, 220],
      [320, 240],
      [300, 100]
    ])
    const lasso = last<ShapeOp>()
    expect(lasso.shape).toBe('lasso')
    expect(lasso.points.length).toBeGreaterThanOrEqual(10)
    await undoRedo(user, stage)
    expect(ops().map((o) => o.kind)).toEqual(['shape', 'shape'])
  })

  it('closes a polygon on its first vertex, on a double click or with Enter; Esc cancels it', async () => {
    const { stage, painter, user } = await openPainter()
    await user.click(painter.getByRole('button', { name: 'Polygon' }))
    const click = (x: number, y: number, detail = 1) => {
      fireEvent.pointerDown(stage, { pointerId: 1, button: 0, detail, clientX: x, clientY: y })
      fireEvent.pointerUp(stage, { pointerId: 1, button: 0, clientX: x, clientY: y })
    }
    click(200, 200)
    click(400, 200)
    fireEvent.pointerMove(stage, { pointerId: 1, clientX: 390, clientY: 380 })
    await waitFor(() => expect(screen.getByTestId('selection-outline').getAttribute('d')).toMatch(/^M.*L.*L.*Z$/))
    click(400, 400)
    expect(ops()).toHaveLength(0)
    click(202, 201)
    expect(last<ShapeOp>()).toMatchObject({ shape: 'polygon', mode: 'add' })
    expect(last<ShapeOp>().points).toHaveLength(6)
    await waitFor(() => expect(screen.getByTestId('selection-outline').getAttribute('d')).toBe(''))

    click(100, 100)
    click(150, 100)
    click(150, 150)
    click(150, 150, 2)
    expect(ops()).toHaveLength(2)
    click(100, 300)
    click(150, 300)
    click(150, 350)
    stage.focus()
    await user.keyboard('{Enter}')
    expect(ops()).toHaveLength(3)
    click(300, 300)
    click(350, 300)
    await user.keyboard('{Escape}')
    click(360, 360)
    expect(ops()).toHaveLength(3)
    await user.keyboard('{Escape}')
    await undoRedo(user, stage)
  })
})

describe('mask painter whole-mask tools', () => {
  it('grows (.) and shrinks (,) by the amount, pixel-exact, each one undoable step', async () => {
    const { stage, painter, user } = await openPainter()
    usePainterStore.getState().commit({ kind: 'shape', shape: 'rect', mode: 'add', points: [1000, 1000, 1100, 1050] })
    fireEvent.change(painter.getByRole('spinbutton', { name: 'Grow, shrink and feather by' }), {
      target: { value: '12' }
    })
    expect(usePainterStore.getState().amount).toBe(12)
    const before = maskRuns(ops(), SIDE, SIDE)
    stage.focus()
    await user.keyboard('.')
    await waitFor(() => expect(last<RunsOp>().kind).toBe('runs'))
    expect(last<RunsOp>().source).toBe('grow')
    expect(unpackRuns(last<RunsOp>(), SIDE, SIDE)).toEqual(growRuns(before, SIDE, SIDE, 12))
    await undoRedo(user, stage)
    const grown = maskRuns(ops(), SIDE, SIDE)
    await user.keyboard(',')
    await waitFor(() => expect(last<RunsOp>().source).toBe('shrink'))
    expect(unpackRuns(last<RunsOp>(), SIDE, SIDE)).toEqual(shrinkRuns(grown, SIDE, SIDE, 12))
    expect(maskRuns(ops(), SIDE, SIDE)).toEqual(before)
    await undoRedo(user, stage)

    usePainterStore.getState().setAmount(0)
    const n = ops().length
    await user.click(painter.getByRole('button', { name: 'Grow mask' }))
    expect(ops()).toHaveLength(n)
    expect(screen.getByTestId('painter-notice').textContent).toBe('Set an amount above 0 px first.')
    // Four full-size (4096²) distance transforms in the test's own thread.
  }, 60_000)

  it('feathers the overlay (F) as an undoable step that leaves the exported mask binary', async () => {
    const { stage, user } = await openPainter()
    usePainterStore.getState().commit({ kind: 'fill' })
    usePainterStore.getState().setAmount(16)
    stage.focus()
    await user.keyboard('f')
    expect(last()).toEqual({ kind: 'feather', radius: 16 })
    await undoRedo(user, stage)
    expect(maskRuns(ops(), SIDE, SIDE)).toEqual(maskRuns([{ kind: 'fill' }], SIDE, SIDE))
    // The same feather again adds no step.
    await user.keyboard('f')
    expect(ops()).toHaveLength(2)
  })

  it('imports a mask PNG by alpha, scaled to the source with a message, and refuses a non-PNG before decoding', async () => {
    const { painter, stage, user } = await openPainter()
    const decode = fakeDecoder(pixelImage(64, 64, (x, y) => [0, 0, 0, x < 32 && y < 16 ? 0 : 255]))
    const input = screen.getByTestId('mask-file-input') as HTMLInputElement
    // The chooser offers PNGs, but "All files" lets anything through.
    await userEvent.setup({ applyAccept: false }).upload(input, new File(['jpeg'], 'photo.jpg', { type: 'image/jpeg' }))
    expect(screen.getByTestId('painter-notice').textContent).toBe('Choose a PNG file: “photo.jpg” is image/jpeg.')
    expect(decode).not.toHaveBeenCalled()
    expect(ops()).toHaveLength(0)

    await user.upload(input, new File(['png'], 'mask.png', { type: 'image/png' }))
    await waitFor(() => expect(ops()).toHaveLength(1))
    const op = last<RunsOp>()
    expect(op.source).toBe('import')
    // 64 → 4096: each source pixel is 64 target pixels; the top-left 32 x 16 block becomes 2048 x 1024.
    const rows = unpackRuns(op, SIDE, SIDE)
    expect(rows[0]).toEqual([0, 2048])
    expect(rows[1023]).toEqual([0, 2048])
    expect(rows[1024]).toEqual([])
    expect(painter.getByTestId('painter-notice').textContent).toBe(
      'The mask was 64×64; it was scaled to the source’s 4096×4096 (Alpha (transparent = edit)).'
    )
    await undoRedo(user, stage)
  })

  it('adds an import to the current mask, or cuts it out in subtract mode', async () => {
    const { painter, user } = await openPainter()
    fakeDecoder(pixelImage(SIDE, 1, (x) => [0, 0, 0, x >= 100 && x < 200 ? 0 : 255]))
    usePainterStore.getState().commit({ kind: 'shape', shape: 'rect', mode: 'add', points: [0, 0, 150, 4096] })
    const input = screen.getByTestId('mask-file-input') as HTMLInputElement
    await user.upload(input, new File(['png'], 'band.png', { type: 'image/png' }))
    await waitFor(() => expect(ops()).toHaveLength(2))
    expect(maskRuns(ops(), SIDE, SIDE)[7]).toEqual([0, 200])
    await user.click(painter.getByRole('button', { name: 'Subtract from mask' }))
    await user.upload(input, new File(['png'], 'band.png', { type: 'image/png' }))
    await waitFor(() => expect(ops()).toHaveLength(3))
    expect(maskRuns(ops(), SIDE, SIDE)[4095]).toEqual([0, 100])
  })

  it('imports by luminance when told, and from the keyboard opens the chooser (Ctrl+O)', async () => {
    const { stage, user } = await openPainter()
    fakeDecoder(pixelImage(SIDE, 2, (x) => (x >= 4000 ? [255, 255, 255, 255] : [0, 0, 0, 0])))
    await user.selectOptions(screen.getByRole('combobox', { name: 'Read imported masks from' }), 'luminance')
    const input = screen.getByTestId('mask-file-input') as HTMLInputElement
    const opened = vi.fn()
    input.addEventListener('click', opened)
    stage.focus()
    await user.keyboard('{Control>}o{/Control}')
    expect(opened).toHaveBeenCalledTimes(1)
    await user.upload(input, new File(['png'], 'white.png', { type: 'image/png' }))
    await waitFor(() => expect(ops()).toHaveLength(1))
    expect(unpackRuns(last<RunsOp>(), SIDE, SIDE)[SIDE - 1]).toEqual([4000, SIDE])
    expect(screen.getByTestId('painter-notice').textContent).toBe(
      'The mask was 4096×2; it was scaled to the source’s 4096×4096 (Luminance (white = edit)).'
    )
    expect(screen.getByTestId('painter-notice').getAttribute('role')).toBe('status')
  })

  it("takes the source's transparency (T) as one undoable step, or says it has none", async () => {
    const { stage, user } = await openPainter()
    fakeDecoder(pixelImage(SIDE, SIDE, (x, y) => [9, 9, 9, y < 10 && x < 20 ? 0 : 255]))
    stage.focus()
    await user.keyboard('t')
    await waitFor(() => expect(ops()).toHaveLength(1))
    expect(last<RunsOp>().source).toBe('transparency')
    expect(maskRuns(ops(), SIDE, SIDE).slice(0, 11)).toEqual([...Array.from({ length: 10 }, () => [0, 20]), []])
    await undoRedo(user, stage)
    fakeDecoder(pixelImage(4, 4, () => [9, 9, 9, 255]))
    await user.keyboard('t')
    await waitFor(() =>
      expect(screen.getByTestId('painter-notice').textContent).toBe(
        'The source has no transparent pixels: the mask is unchanged.'
      )
    )
    expect(ops()).toHaveLength(1)
  })

  it('exports the mask as sent (Ctrl+S), and says so when there is nothing to export', async () => {
    const { stage, user } = await openPainter()
    const run = vi.fn(async () => ({
      blob: new Blob(['png'], { type: 'image/png' }),
      width: SIDE,
      height: SIDE,
      rasterMs: 0,
      encodeMs: 1
    }))
    maskExport.run = run
    stage.focus()
    await user.keyboard('{Control>}s{/Control}')
    expect(screen.getByTestId('painter-notice').textContent).toBe('The mask is empty: paint or select an area first.')
    expect(run).not.toHaveBeenCalled()
    usePainterStore.getState().commit({ kind: 'fill' })
    await user.keyboard('{Control>}s{/Control}')
    await waitFor(() =>
      expect(screen.getByTestId('painter-notice').textContent).toBe('Mask exported as mask-4096x4096.png.')
    )
    expect(run).toHaveBeenCalledWith(ops(), SIDE, SIDE)
  })

  it('lists every shortcut in the help', async () => {
    const { stage, user } = await openPainter()
    stage.focus()
    await user.keyboard('?')
    const painter = within(screen.getByRole('dialog', { name: 'Keyboard shortcuts' }))
    for (const [name, keys] of [
      ['Lasso', 'L'],
      ['Polygon', 'P'],
      ['Rectangle', 'M'],
      ['Ellipse', 'O'],
      ['Add to mask', 'A'],
      ['Subtract from mask', 'S'],
      ['Grow mask', '.'],
      ['Shrink mask', ','],
      ['Feather edge', 'F'],
      ['Import mask…', 'Ctrl+O'],
      ['Export mask', 'Ctrl+S'],
      ['Mask from transparency', 'T'],
      ['Keyboard shortcuts', '?'],
      ['Show or hide the edit panel', '\\']
    ]) {
      const term = painter.getAllByText(name).find((el) => el.tagName === 'DT')!
      expect(term.nextElementSibling!.textContent).toBe(keys)
    }
    // Escape closes the sheet and focus goes back to the canvas.
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(document.activeElement).toBe(stage)
  })
})
