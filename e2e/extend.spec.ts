/**
 * Extend canvas against the sandbox gateway: the request mask checked pixel by pixel, and a shape the
 * form family has no size for refused before any request.
 */

import { expect, test } from './fixtures'
import { axeFindings } from './support/axe'
import {
  editForm,
  libraryImage,
  openEditorOn,
  pictureHandle,
  picturePosition,
  rgbaOf,
  squareMaskPng
} from './support/extend'
import { gradientPng } from './support/images-page'

test.describe('extend canvas', () => {
  test('a 1024² picture extended to 16:9 whose request mask is checked pixel by pixel (new area transparent, original area as painted)', async ({
    studio
  }) => {
    // A launch, an edit at 1820×1024 and three full-image reads: more than the default minute on a busy machine.
    test.setTimeout(180_000)
    const SIDE = 1024
    const page = await openEditorOn(studio, SIDE)
    // The painted part of the mask: a 512² import, read by luminance and scaled to the picture, so
    // the square [64, 192)² of the picture is editable.
    await page
      .getByTestId('mask-file-input')
      .setInputFiles({ name: 'square.png', mimeType: 'image/png', buffer: await squareMaskPng(512, 32, 96) })
    await expect(page.getByTestId('painter-notice')).toContainText('it was scaled to the source’s 1024×1024')

    const form = editForm(page)
    await form.getByRole('checkbox', { name: 'Extend the canvas (outpaint)' }).check()
    await form.getByRole('group', { name: 'Canvas shape' }).getByRole('button', { name: '16:9' }).click()
    // The native family takes 1820×1024 as it is; the picture starts in the middle.
    await expect(page.getByTestId('extend-note')).toHaveText('New canvas 1820×1024. The picture sits at 398, 0.')

    // Dragged to the left edge (the drag is clamped to the canvas), then 5 steps right from the keyboard (1% of 1820 each).
    const handle = pictureHandle(page)
    await handle.scrollIntoViewIfNeeded()
    const box = (await handle.boundingBox())!
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2)
    await page.mouse.down()
    await page.mouse.move(box.x - box.width, box.y + box.height / 2, { steps: 8 })
    await page.mouse.up()
    await expect.poll(() => picturePosition(page)).toEqual({ x: 0, y: 0 })
    await handle.focus()
    for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowRight')
    await expect.poll(() => picturePosition(page)).toEqual({ x: 90, y: 0 })
    const X = 90

    await form.getByRole('textbox', { name: 'Prompt' }).fill('more meadow on both sides')
    await page.getByRole('button', { name: 'Apply edit' }).click()
    const result = page.getByRole('region', { name: 'Result' })
    await expect(result.getByTestId('job-status')).toHaveText('Done', { timeout: 60_000 })

    // The gateway got one edit; its image and mask are the library copies the request streamed.
    const edits = studio.gateway.log().filter((r) => r.route === 'image.edit' && r.key === studio.canary)
    expect(edits.map((e) => e.status)).toEqual([200])
    const mask = await libraryImage(studio, (n) => n.endsWith('.mask.png'))
    const canvas = await libraryImage(studio, (n) => n.endsWith('.source.png'))
    const W = 1820
    const H = 1024
    expect([mask.width, mask.height, canvas.width, canvas.height]).toEqual([W, H, W, H])
    // The picture as uploaded, decoded the same way as the library files.
    const original = await rgbaOf(await gradientPng(SIDE))
    let wrongMask = 0
    let wrongCanvas = 0
    for (let y = 0; y < H; y++) {
      for (let x = 0; x < W; x++) {
        const k = (y * W + x) * 4
        const a = mask.data[k + 3]
        const inPicture = x >= X && x < X + SIDE
        if (!inPicture) {
          wrongMask += a === 0 ? 0 : 1
          wrongCanvas += canvas.data[k + 3] === 0 ? 0 : 1
          continue
        }
        const sx = x - X
        const painted = sx >= 64 && sx < 192 && y >= 64 && y < 192
        wrongMask += a === (painted ? 0 : 255) ? 0 : 1
        const o = (y * SIDE + sx) * 4
        wrongCanvas +=
          canvas.data[k] === original.data[o] &&
          canvas.data[k + 1] === original.data[o + 1] &&
          canvas.data[k + 2] === original.data[o + 2]
            ? 0
            : 1
      }
    }
    expect(wrongMask).toBe(0)
    expect(wrongCanvas).toBe(0)

    // The sandbox repaints only the mask's transparent area: the picture is kept outside the
    // painted square, and the new area was filled.
    const listed = await page.evaluate(() =>
      (
        window as unknown as { studio: { images: { listGallery(i: unknown): Promise<unknown> } } }
      ).studio.images.listGallery({ filter: { origin: 'edit' } })
    )
    const item = (
      listed as {
        ok: true
        value: { items: { id: string; width: number; height: number; outsideMaskChange?: number }[] }
      }
    ).value.items[0]
    expect([item.width, item.height, item.outsideMaskChange]).toEqual([W, H, 0])
    const out = await libraryImage(studio, (n) => n.startsWith(`${item.id}.`))
    let keptChanged = 0
    let newFilled = 0
    for (let y = 0; y < H; y++) {
      for (let x = 0; x < W; x++) {
        const k = (y * W + x) * 4
        if (mask.data[k + 3] === 255)
          keptChanged +=
            out.data[k] === canvas.data[k] &&
            out.data[k + 1] === canvas.data[k + 1] &&
            out.data[k + 2] === canvas.data[k + 2]
              ? 0
              : 1
        else if (x < X || x >= X + SIDE) newFilled += out.data[k + 3] === 255 ? 1 : 0
      }
    }
    expect(keptChanged).toBe(0)
    expect(newFilled).toBe((W - SIDE) * H)
  })

  test('the panel refuses a shape the form family has no size for before any request, and passes axe in both themes', async ({
    studio
  }) => {
    test.setTimeout(120_000)
    const page = await openEditorOn(studio, 1024)
    const form = editForm(page)
    await form.getByRole('combobox', { name: 'Edit family' }).selectOption('editForm')
    await form.getByRole('checkbox', { name: 'Extend the canvas (outpaint)' }).check()
    await form.getByRole('group', { name: 'Canvas shape' }).getByRole('button', { name: '21:9' }).click()
    await expect(form.getByRole('alert')).toContainText('no size close to 2389×1024')
    await form.getByRole('textbox', { name: 'Prompt' }).fill('wider')
    await page.getByRole('button', { name: 'Apply edit' }).click()
    await expect(form.getByRole('alert')).toContainText('1920x1080')
    expect(studio.gateway.log().filter((r) => r.route === 'image.edit')).toHaveLength(0)
    await form.getByRole('group', { name: 'Canvas shape' }).getByRole('button', { name: '16:9' }).click()
    await expect(page.getByTestId('extend-note')).toContainText('Snapped to 1920×1080 (from 1820×1024)')
    for (const theme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: theme })
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme)
      expect(await axeFindings(page, `extend canvas (${theme})`)).toEqual([])
    }
  })
})
