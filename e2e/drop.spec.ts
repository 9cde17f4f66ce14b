/**
 * Pictures dropped anywhere, against the sandbox gateway: desktop files and gallery images, a picture
 * over an unsent mask asking first, and a studio PNG's settings restored.
 */

import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import sharp from 'sharp'
import { expect, test } from './fixtures'
import { axeFindings } from './support/axe'
import { dropFiles, pngBombHeader } from './support/drop'
import { openImages, waitForDone } from './support/images-page'
import { paintStroke } from './support/layout'

const png = async (name: string, width: number, height: number) => ({
  name,
  mimeType: 'image/png',
  buffer: await sharp({ create: { width, height, channels: 3, background: { r: 200, g: 120, b: 40 } } })
    .png()
    .toBuffer()
})

type Listed = {
  ok: true
  value: { items: { id: string; origin: string; prompt: string; width: number }[]; total: number }
}
const listImported = (page: Page) =>
  page.evaluate(() =>
    (
      window as unknown as { studio: { images: { listGallery(i: unknown): Promise<unknown> } } }
    ).studio.images.listGallery({ filter: { origin: 'import' } })
  ) as Promise<Listed>

/** The accessibility gate (WCAG 2.1 A/AA) over the page as it is, in the light and the dark theme. */
async function axeInBothThemes(page: Page, screen: string): Promise<void> {
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme })
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme)
    expect(await axeFindings(page, `${screen}, ${theme}`)).toEqual([])
  }
}

test.describe('drop anywhere', () => {
  test('a desktop file dropped on the editor, a slot and the gallery', async ({ studio }) => {
    const page = await openImages(studio)
    const gallery = page.getByRole('region', { name: 'Gallery: drop pictures here to import them' })

    // On the gallery: imported as "Imported", the editor stays closed.
    await dropFiles(gallery, await png('holiday.png', 320, 240))
    await expect(page.getByText('“holiday.png” is in the gallery as Imported.')).toBeVisible()
    await expect(
      page.getByRole('grid', { name: 'Gallery' }).getByRole('gridcell', { name: '(no prompt)' })
    ).toHaveCount(1)
    const imported = await listImported(page)
    expect(imported.value.items).toEqual([expect.objectContaining({ origin: 'import', width: 320 })])

    // A PNG bomb, a text file named .png: a clear refusal, nothing imported.
    await dropFiles(gallery, { name: 'bomb.png', mimeType: 'image/png', buffer: pngBombHeader(10000, 10000) })
    await expect(page.getByRole('alert')).toContainText(
      '“bomb.png” is 10000×10000 pixels, more than the 67.1 megapixels the studio decodes. Nothing was uploaded.'
    )
    await dropFiles(gallery, {
      name: 'notes.png',
      mimeType: 'image/png',
      buffer: Buffer.from('these are notes, not pixels')
    })
    await expect(page.getByRole('alert')).toContainText('“notes.png” is not an image')
    expect((await listImported(page)).value.total).toBe(1)

    // On the editor ("Edit an image…"): opens as its source; on the open editor: replaces the source.
    await dropFiles(page.getByRole('button', { name: 'Edit an image…' }), await png('desk.png', 400, 300))
    const painter = page.getByRole('region', { name: 'Mask painter' })
    await expect(painter).toBeVisible()
    await expect(page.getByText(/desk\.png · 400×300 source/)).toBeVisible()
    await dropFiles(painter, await png('window.png', 360, 200))
    await expect(page.getByText(/window\.png · 360×200 source/)).toBeVisible()
    expect((await listImported(page)).value.total).toBe(1)

    // Over a painted mask that was never sent, the editor asks first: staying keeps picture and mask.
    await paintStroke(page)
    await dropFiles(painter, await png('door.png', 300, 300))
    const ask = page.getByRole('alertdialog', { name: 'Open another picture?' })
    await expect(ask).toContainText('Opening “door.png” starts a new mask and discards it.')
    await ask.getByRole('button', { name: 'Keep this picture' }).click()
    await expect(ask).toHaveCount(0)
    await expect(page.getByText(/window\.png · 360×200 source/)).toBeVisible()
    await expect(page.getByRole('button', { name: 'Export mask' })).toBeEnabled()
    await dropFiles(painter, await png('door.png', 300, 300))
    await ask.getByRole('button', { name: 'Discard the mask and open' }).click()
    await expect(page.getByText(/door\.png · 300×300 source/)).toBeVisible()
    await expect(page.getByRole('button', { name: 'Export mask' })).toBeDisabled()

    // On a video reference slot: the reference is added.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Video' }).click()
    const slot = page.getByRole('form', { name: 'Create' }).getByRole('group', { name: 'Images', exact: true })
    await dropFiles(slot, await png('frame.png', 640, 360))
    await expect(slot.getByRole('button', { name: 'Remove File frame.png' })).toBeVisible()
    await expect(page.getByTestId('unifiedFirst-mode')).toHaveText('One image: image to video.')
  })

  test('a gallery image dragged onto the editor, and over Video onto a reference slot', async ({ studio }) => {
    const page = await openImages(studio)
    const nav = page.getByRole('navigation', { name: 'Main' })
    await dropFiles(
      page.getByRole('region', { name: 'Gallery: drop pictures here to import them' }),
      await png('pier.png', 480, 320)
    )
    const cell = page.getByRole('grid', { name: 'Gallery' }).getByRole('gridcell', { name: '(no prompt)' })
    await expect(cell).toBeVisible()

    // A real mouse drag, held by its caption (the thumbnail is covered by its actions): the cell
    // carries its item id; "Edit an image…" opens it as the source.
    const box = (await cell.boundingBox())!
    const caption = { x: box.width / 2, y: box.height - 6 }
    await cell.dragTo(page.getByRole('button', { name: 'Edit an image…' }), { sourcePosition: caption })
    await expect(page.getByRole('region', { name: 'Mask painter' })).toBeVisible()
    await expect(page.getByText(/480×320 source/)).toBeVisible()
    await page.getByRole('button', { name: 'Back to gallery' }).click()

    // Held over Video, the drag opens it; dropped on the slot, the image is a gallery reference (no upload).
    await cell.hover({ position: caption })
    await page.mouse.down()
    await nav.getByRole('button', { name: 'Video' }).hover()
    const slot = page.getByRole('form', { name: 'Create' }).getByRole('group', { name: 'Images', exact: true })
    await expect(slot).toBeVisible()
    await slot.hover()
    await page.mouse.up()
    await expect(slot.getByRole('button', { name: 'Remove Gallery image Untitled' })).toBeVisible()
  })

  test('a studio PNG dropped back restoring its settings', async ({ studio }) => {
    const page = await openImages(studio)
    const form = page.getByRole('form', { name: 'Generate' })
    // The second family answers with PNGs.
    await form.getByRole('radio', { name: 'Reference images and quality' }).check()
    await form.getByRole('textbox', { name: 'Prompt' }).fill('a red kite over a grey sea')
    await form.getByRole('combobox', { name: 'Ratio' }).selectOption('16:9')
    await form.getByRole('group', { name: 'Watermark' }).getByRole('radio', { name: 'Off' }).check()
    await form.getByRole('button', { name: 'Generate' }).click()
    await waitForDone(page, 'Generate')

    // The PNG the studio wrote into its library, as the user would drag it from a folder.
    const lib = join(studio.dataDir, 'library', 'images')
    const written = readdirSync(lib).find((f) => /^[A-Za-z0-9_-]+\.png$/.test(f))
    expect(written).toBeDefined()
    const bytes = readFileSync(join(lib, written!))
    expect((await sharp(bytes).metadata()).comments?.[0]?.keyword).toBe('generation-studio')

    // The form moves on to something else, in the other family.
    await form.getByRole('radio', { name: 'Ratio and resolution presets' }).check()
    await form.getByRole('textbox', { name: 'Prompt' }).fill('something else entirely')
    const gallery = page.getByRole('region', { name: 'Gallery: drop pictures here to import them' })
    await dropFiles(gallery, { name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('notes') })
    await expect(page.getByRole('alert')).toContainText('“notes.png” is not an image')
    await axeInBothThemes(page, 'a refused drop')
    await dropFiles(gallery, { name: 'kite.png', mimeType: 'image/png', buffer: bytes })
    const offer = page.getByRole('region', { name: 'Settings found in the picture' })
    await expect(offer).toContainText('“kite.png” was made in this studio (Generate,')
    // Imported with the prompt it carries, so the gallery names it.
    await expect(
      page.getByRole('grid', { name: 'Gallery' }).getByRole('gridcell', { name: 'a red kite over a grey sea' })
    ).toHaveCount(2)
    await axeInBothThemes(page, 'the restore offer')

    await offer.getByRole('button', { name: 'Restore these settings' }).click()
    await expect(form.getByRole('radio', { name: 'Reference images and quality' })).toBeChecked()
    await expect(form.getByRole('textbox', { name: 'Prompt' })).toHaveValue('a red kite over a grey sea')
    await expect(form.getByRole('combobox', { name: 'Ratio' })).toHaveValue('16:9')
    await expect(form.getByRole('group', { name: 'Watermark' }).getByRole('radio', { name: 'Off' })).toBeChecked()
    await expect(page.getByText('Settings restored into Generate.')).toBeVisible()
    await expect(offer).toHaveCount(0)
  })
})
