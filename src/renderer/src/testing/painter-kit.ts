/** Opens the mask painter on a 4096² gallery item and drives it with pointer gestures. */
import { fireEvent, screen, within } from '@testing-library/react'
import { afterEach, beforeEach, vi, type Mock } from 'vitest'
import {
  exportMaskInWorker,
  maskExport,
  warmMaskExport,
  type MaskExporter
} from '@renderer/features/images/editor/worker/mask-export'
import { FakeHost } from './fake-host'
import { galleryItem } from './fake-images'
import { renderImages, resetImages } from './render-images'

/**
 * For an editor test file: before each test the mask export is a stub (happy-dom has no Worker or
 * OffscreenCanvas; the worker's PNG writer is tested in mask-png.test.ts); after each the real
 * export is back and the images UI is reset. The stub it returns is fresh for every test.
 */
export function stubMaskExport(timing = { rasterMs: 1, encodeMs: 1 }): Mock<MaskExporter> {
  const exporter = vi.fn<MaskExporter>()
  beforeEach(() => {
    exporter.mockReset()
    exporter.mockImplementation(async (_ops, width, height) => ({
      blob: new Blob(['png'], { type: 'image/png' }),
      width,
      height,
      ...timing
    }))
    maskExport.run = exporter
  })
  afterEach(() => {
    maskExport.run = exportMaskInWorker
    maskExport.warm = warmMaskExport
    resetImages()
  })
  return exporter
}

export async function openPainter(host = new FakeHost()) {
  host.images.items = [galleryItem({ id: 'src-1', prompt: 'a quiet street', width: 4096, height: 4096 })]
  const r = await renderImages({ host })
  const cell = await screen.findByRole('gridcell', { name: 'a quiet street' })
  // "Edit this" is in the tile's More menu (its two icons are Favourite and More).
  await r.user.click(within(cell).getByRole('button', { name: 'More actions' }))
  await r.user.click(await screen.findByRole('menuitem', { name: 'Edit this' }))
  const painter = await screen.findByRole('region', { name: 'Mask painter' })
  return { ...r, painter: within(painter), stage: within(painter).getByTestId('painter-stage') }
}

/** A drag on the stage with pointer events (what a mouse or pen sends). */
export function drag(stage: HTMLElement, points: [number, number][], button = 0): void {
  const [first, ...rest] = points
  fireEvent.pointerDown(stage, { pointerId: 1, button, buttons: 1, clientX: first[0], clientY: first[1] })
  for (const [x, y] of rest) fireEvent.pointerMove(stage, { pointerId: 1, buttons: 1, clientX: x, clientY: y })
  const last = points[points.length - 1]
  fireEvent.pointerUp(stage, { pointerId: 1, button, clientX: last[0], clientY: last[1] })
}
