import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import sharp from 'sharp'
import { expect, test, type StudioFixture } from '../fixtures'
import { changedByEdit, gradientPng, openImages, rawRgba } from '../support/images-page'

/**
 * The mask painter's selection and whole-mask tools end to end: a lasso, a grow and an imported
 * mask PNG (of another size, read by luminance) make one mask; the edit sent with it is read back
 * from the studio's library: the source's size, binary alpha, each part where it was drawn, and
 * the result unchanged outside it, pixel for pixel.
 */

const SIDE = 1024
const GROW = 16

/** 512² black with a white square at [32, 96)²: at the source's size, [64, 192)². */
async function maskPng(): Promise<Buffer> {
  const raw = Buffer.alloc(512 * 512 * 3)
  for (let y = 32; y < 96; y++) raw.fill(255, (y * 512 + 32) * 3, (y * 512 + 96) * 3)
  return sharp(raw, { raw: { width: 512, height: 512, channels: 3 } })
    .png()
    .toBuffer()
}

/** Distance from a point to segment AB. */
function segmentDistance(px: number, py: number, ax: number, ay: number, bx: number, by: number): number {
  const dx = bx - ax
  const dy = by - ay
  const t = Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy)))
  return Math.hypot(px - ax - t * dx, py - ay - t * dy)
}

async function openEditor(studio: StudioFixture): Promise<Page> {
  const page = await openImages(studio)
  await page.getByRole('button', { name: 'Edit an image…' }).click()
  await page
    .getByTestId('editor-file-input')
    .setInputFiles({ name: 'gradient.png', mimeType: 'image/png', buffer: await gradientPng(SIDE) })
  await expect(page.getByRole('region', { name: 'Mask painter' })).toBeVisible({ timeout: 20_000 })
  return page
}

/** Registers the mask workflow in `e2e/workflows.spec.ts`. */
export function maskWorkflows(): void {
  test.describe('mask painter tools', () => {
    test('lasso, grow and an imported mask make one mask; the edit changes only inside it', async ({ studio }) => {
      // A launch, three whole-mask steps, an edit and two full-image reads: more than the default minute on a busy machine.
      test.setTimeout(180_000)
      const page = await openEditor(studio)
      const painter = page.getByRole('region', { name: 'Mask painter' })
      const stage = painter.getByRole('application', { name: 'Mask canvas' })
      // Focus first: focusing scrolls the page's main area to bring the stage into view where it is
      // not (a window shorter than 720 px), so a box measured before it would be off by that scroll.
      // Then fit to view (0) once the page has laid out, and measure the stage where it now is.
      await stage.focus()
      await page.keyboard.press('0')
      const box = (await stage.boundingBox())!
      // The fitted view (view-transform.ts fitView: 16 px margin, centred, never above 100 %).
      const scale = Math.min(1, (box.width - 32) / SIDE, (box.height - 32) / SIDE)
      const ox = box.x + (box.width - SIDE * scale) / 2
      const oy = box.y + (box.height - SIDE * scale) / 2
      const screen = (x: number, y: number): [number, number] => [ox + x * scale, oy + y * scale]
      const toImage = (sx: number, sy: number): [number, number] => [(sx - ox) / scale, (sy - oy) / scale]
      // The whole image, hence every corner dragged below, is inside the window.
      expect(oy).toBeGreaterThanOrEqual(0)
      expect(oy + SIDE * scale).toBeLessThanOrEqual(page.viewportSize()!.height)

      // A lasso: a triangle, dragged freehand (L), in the lower right of the image.
      await page.keyboard.press('l')
      const corners = [screen(500, 450), screen(900, 450), screen(700, 900)]
      await page.mouse.move(...corners[0])
      await page.mouse.down()
      await page.mouse.move(...corners[1], { steps: 30 })
      await page.mouse.move(...corners[2], { steps: 30 })
      await page.mouse.up()
      const tri = corners.map(([x, y]) => toImage(x, y))

      // Grow it by 16 px (.), from the amount field under the folded mask options.
      await painter.getByText('Mask options', { exact: true }).click()
      await painter.getByRole('spinbutton', { name: 'Grow, shrink and feather by' }).fill(String(GROW))
      await stage.focus()
      await page.keyboard.press('.')
      await expect(painter.getByTestId('painter-notice')).toHaveText(`The mask grew by ${GROW} px.`)

      // Import a 512² white-on-black mask: read by luminance, scaled to 1024², added to the mask.
      await page
        .getByTestId('mask-file-input')
        .setInputFiles({ name: 'square.png', mimeType: 'image/png', buffer: await maskPng() })
      await expect(painter.getByTestId('painter-notice')).toHaveText(
        'The mask was 512×512; it was scaled to the source’s 1024×1024 (Luminance (white = edit)).'
      )

      await page
        .getByRole('form', { name: 'Edit settings' })
        .getByRole('textbox', { name: 'Prompt' })
        .fill('a bright blue stripe')
      await page.getByRole('button', { name: 'Apply edit' }).click()
      const result = page.getByRole('region', { name: 'Result' })
      await expect(result.getByTestId('job-status')).toHaveText('Done', { timeout: 60_000 })

      const lib = join(studio.dataDir, 'library', 'images')
      const mask = await rawRgba(
        join(
          lib,
          readdirSync(lib).find((f) => f.endsWith('.mask.png'))!
        )
      )
      expect([mask.width, mask.height]).toEqual([SIDE, SIDE])
      const alpha = (x: number, y: number) => mask.data[(y * SIDE + x) * 4 + 3]

      // Every pixel binary; inside the square exactly; the grown triangle where its distance says.
      let partial = 0
      let wrong = 0
      let transparent = 0
      for (let y = 0; y < SIDE; y++) {
        for (let x = 0; x < SIDE; x++) {
          const a = alpha(x, y)
          if (a !== 0 && a !== 255) partial++
          if (a === 0) transparent++
          const inSquare = x >= 64 && x < 192 && y >= 64 && y < 192
          const px = x + 0.5
          const py = y + 0.5
          const inside = ((): boolean => {
            const [[ax, ay], [bx, by], [cx, cy]] = tri
            const s1 = (bx - ax) * (py - ay) - (by - ay) * (px - ax)
            const s2 = (cx - bx) * (py - by) - (cy - by) * (px - bx)
            const s3 = (ax - cx) * (py - cy) - (ay - cy) * (px - cx)
            return (s1 > 0 && s2 > 0 && s3 > 0) || (s1 < 0 && s2 < 0 && s3 < 0)
          })()
          const d = inside
            ? 0
            : Math.min(...[0, 1, 2].map((i) => segmentDistance(px, py, ...tri[i], ...tri[(i + 1) % 3])))
          // The grow is exact on pixel centres; the lasso's outline itself is within a pixel of the triangle.
          if (inSquare || d <= GROW - 1.5) wrong += a === 0 ? 0 : 1
          else if (d >= GROW + 1.5) wrong += a === 255 ? 0 : 1
        }
      }
      expect(partial).toBe(0)
      expect(wrong).toBe(0)
      // The square's edges are exact (the import is read pixel by pixel).
      expect([alpha(63, 100), alpha(64, 100), alpha(191, 100), alpha(192, 100)]).toEqual([255, 0, 0, 255])
      expect([alpha(100, 63), alpha(100, 64), alpha(100, 191), alpha(100, 192)]).toEqual([255, 0, 0, 255])

      // The result differs inside the mask and is identical outside it.
      const listed = await page.evaluate(() =>
        (
          window as unknown as { studio: { images: { listGallery(i: unknown): Promise<unknown> } } }
        ).studio.images.listGallery({ filter: { origin: 'edit' } })
      )
      const item = (listed as { ok: true; value: { items: { id: string; width: number; height: number }[] } }).value
        .items[0]
      expect([item.width, item.height]).toEqual([SIDE, SIDE])
      const changed = await changedByEdit(lib, item.id, mask)
      expect(changed.outside).toBe(0)
      expect(changed.inside / transparent).toBeGreaterThan(0.5)
    })
  })
}
