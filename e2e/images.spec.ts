import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, test, type StudioFixture } from './fixtures'
import { changedByEdit, generate, gradientPng, jobCard, openImages, rawRgba, waitForDone } from './support/images-page'

/**
 * The Images area against the test's own sandbox gateway: generation in both families and the
 * native task, the mask painter end to end (the mask's size and alpha and the result's pixels are
 * read back from the studio's library), refusals that send nothing, and the gallery after a restart.
 */

const SIDE = 4096

const gatewayPosts = (studio: StudioFixture, path: string) =>
  studio.gateway.log().filter((r) => r.method === 'POST' && r.path === path && r.key === studio.canary)

test.describe('images', () => {
  test('generates in each family and through the native task', async ({ studio }) => {
    const page = await openImages(studio)
    const form = page.getByRole('form', { name: 'Generate' })
    await form.getByRole('textbox', { name: 'Prompt' }).fill('a red kite over a grey sea')
    await form.getByRole('textbox', { name: 'Size', exact: true }).fill('1024*1024')
    await form.getByRole('button', { name: 'Generate' }).click()
    const first = await waitForDone(page, 'Generate')
    await expect(first.getByText('1024x1024 as asked')).toBeVisible()
    expect(gatewayPosts(studio, '/v1/images/generations')).toHaveLength(1)

    await form.getByRole('radio', { name: 'Reference images and quality' }).check()
    await expect(form.getByRole('combobox', { name: 'Model' })).toHaveValue('image-model-2')
    await form.getByRole('textbox', { name: 'Prompt' }).fill('a lighthouse, wide')
    await form.getByRole('combobox', { name: 'Ratio' }).selectOption('16:9')
    await expect(form.getByTestId('ratio-size-note')).toContainText('16:9 gives 1920x1080.')
    await form.getByRole('group', { name: 'Watermark' }).getByRole('radio', { name: 'Off' }).check()
    await form.getByRole('button', { name: 'Generate' }).click()
    await expect(page.getByRole('article').first().getByTestId('job-status')).toHaveText('Done', { timeout: 30_000 })
    await expect(page.getByRole('article').first()).toContainText('1920x1080 as asked')
    expect(gatewayPosts(studio, '/v1/images/generations')).toHaveLength(2)

    await page.getByRole('tab', { name: 'Native task' }).click()
    const native = page.getByRole('form', { name: 'Native task' })
    await native.getByRole('textbox', { name: 'Prompt' }).fill('a harbour at dawn')
    await native.getByRole('combobox', { name: 'Width × height' }).selectOption({ label: '2048×2048 (1:1, 2k)' })
    await native.getByRole('button', { name: 'Submit task' }).click()
    const nativeCard = await waitForDone(page, 'Native task')
    await expect(nativeCard).toContainText('2048x2048')
    expect(
      studio.gateway.log().some((r) => r.path === '/imgnative' && r.query.Action === 'CVSync2AsyncSubmitTask')
    ).toBe(true)

    const grid = page.getByRole('grid', { name: 'Gallery' })
    for (const prompt of ['a red kite over a grey sea', 'a lighthouse, wide', 'a harbour at dawn']) {
      await expect(grid.getByRole('gridcell', { name: prompt })).toBeVisible()
    }
  })

  test('paints a mask at full resolution, with undo and redo, and the edit changes only inside it', async ({
    studio
  }) => {
    // A 4096² source, an edit and three full-image reads: more than the default minute on a busy machine.
    test.setTimeout(180_000)
    const page = await openImages(studio)
    await page.getByRole('button', { name: 'Edit an image…' }).click()
    await page
      .getByTestId('editor-file-input')
      .setInputFiles({ name: 'gradient.png', mimeType: 'image/png', buffer: await gradientPng(SIDE) })
    const painter = page.getByRole('region', { name: 'Mask painter' })
    await expect(painter).toBeVisible({ timeout: 20_000 })
    await expect(page.getByText('gradient.png · 4096×4096 source')).toBeVisible()

    const size = painter.getByRole('slider', { name: 'Brush size' })
    await size.fill('173')
    const brush = Number((await size.getAttribute('aria-valuetext'))!.replace(' px', ''))
    expect(brush).toBeGreaterThan(350)
    await painter.getByRole('slider', { name: 'Hardness' }).fill('100')

    const stage = painter.getByRole('application', { name: 'Mask canvas' })
    // The mouse only reaches what is inside the window: bring the stage into view (it already is in a
    // 720 px window, pinned below) before measuring where to paint.
    await stage.scrollIntoViewIfNeeded()
    const box = (await stage.boundingBox())!
    const scale = Math.min(1, (box.width - 32) / SIDE, (box.height - 32) / SIDE)
    const cx = box.x + box.width / 2
    const cy = box.y + box.height / 2
    const undo = painter.getByRole('button', { name: 'Undo' })
    const redo = painter.getByRole('button', { name: 'Redo' })
    await expect(undo).toBeDisabled()

    // Stroke 1: a horizontal line through the image's centre, 240 screen px long.
    await page.mouse.move(cx - 120, cy)
    await page.mouse.down()
    await page.mouse.move(cx + 120, cy, { steps: 24 })
    await page.mouse.up()
    // Stroke 2, near the top-left of the image, is undone, redone and undone again.
    const corner = { x: cx - (SIDE / 2 - 600) * scale, y: cy - (SIDE / 2 - 600) * scale }
    await page.mouse.move(corner.x, corner.y)
    await page.mouse.down()
    await page.mouse.move(corner.x + 20, corner.y + 20, { steps: 4 })
    await page.mouse.up()
    await expect(undo).toBeEnabled()
    await stage.focus()
    await page.keyboard.press('Control+z')
    await expect(redo).toBeEnabled()
    await page.keyboard.press('Control+Shift+z')
    await expect(redo).toBeDisabled()
    await undo.click()
    await expect(redo).toBeEnabled()

    const before = gatewayPosts(studio, '/v1/images/edits').length
    const form = page.getByRole('form', { name: 'Edit settings' })
    await form.getByRole('textbox', { name: 'Prompt' }).fill('a bright blue stripe')
    await page.getByRole('button', { name: 'Apply edit' }).click()
    const result = page.getByRole('region', { name: 'Result' })
    await expect(result.getByTestId('job-status')).toHaveText('Done', { timeout: 60_000 })
    await expect(result.getByTestId('edit-result-image')).toBeVisible()
    await expect(result.getByTestId('outside-mask-warning')).toHaveCount(0)

    // The gateway got one multipart edit.
    const edits = gatewayPosts(studio, '/v1/images/edits')
    expect(edits.length - before).toBe(1)
    expect(edits[edits.length - 1].headers['content-type']).toMatch(/^multipart\/form-data/)
    expect(edits[edits.length - 1].status).toBe(200)

    // The host's record of the edit: same size, nothing changed outside the mask.
    const listed = await page.evaluate(() =>
      (
        window as unknown as { studio: { images: { listGallery(i: unknown): Promise<unknown> } } }
      ).studio.images.listGallery({ filter: { origin: 'edit' } })
    )
    const item = (
      listed as {
        ok: true
        value: { items: { id: string; width: number; height: number; outsideMaskChange?: number; format: string }[] }
      }
    ).value.items[0]
    expect([item.width, item.height]).toEqual([SIDE, SIDE])
    expect(item.outsideMaskChange).toBeLessThan(0.001)

    // The mask the studio sent (the host keeps a copy): the source's size, transparent exactly where painted.
    const lib = join(studio.dataDir, 'library', 'images')
    const maskFile = readdirSync(lib).find((f) => f.endsWith('.mask.png'))!
    const mask = await rawRgba(join(lib, maskFile))
    expect([mask.width, mask.height]).toEqual([SIDE, SIDE])
    const alpha = (x: number, y: number) => mask.data[(y * SIDE + x) * 4 + 3]
    expect(alpha(2048, 2048)).toBe(0)
    expect(alpha(2048 + Math.round(100 / scale), 2048)).toBe(0)
    expect(alpha(2048, 2048 + Math.round(brush / 2 + 8))).toBe(255)
    expect(alpha(600, 600)).toBe(255)
    expect(alpha(10, 10)).toBe(255)
    let transparent = 0
    let partial = 0
    for (let i = 3; i < mask.data.length; i += 4) {
      const a = mask.data[i]
      if (a === 0) transparent++
      else if (a !== 255) partial++
    }
    expect(partial).toBe(0)
    const r = brush / 2
    const capsule = 2 * r * (240 / scale) + Math.PI * r * r
    expect(transparent / capsule).toBeGreaterThan(0.9)
    expect(transparent / capsule).toBeLessThan(1.1)

    // The result differs from the source inside the mask and is identical outside it.
    const changed = await changedByEdit(lib, item.id, mask)
    expect(changed.outside).toBe(0)
    expect(changed.inside / transparent).toBeGreaterThan(0.5)
  })

  test('the mask canvas takes the height the properties bar leaves, inside the window without scrolling, at 720 and 900 px', async ({
    studio
  }) => {
    const page = await openImages(studio)
    await page.getByRole('button', { name: 'Edit an image…' }).click()
    await page
      .getByTestId('editor-file-input')
      .setInputFiles({ name: 'small.png', mimeType: 'image/png', buffer: await gradientPng(256) })
    const painter = page.getByRole('region', { name: 'Mask painter' })
    await expect(painter).toBeVisible({ timeout: 20_000 })
    const stage = painter.getByRole('application', { name: 'Mask canvas' })
    const toolbar = painter.getByRole('group', { name: 'Brush settings' })
    const main = page.getByRole('main')
    const heights: number[] = []
    for (const height of [720, 900]) {
      await page.setViewportSize({ width: 1280, height })
      const box = (await stage.boundingBox())!
      const bar = (await toolbar.boundingBox())!
      expect(box.y).toBeGreaterThanOrEqual(bar.y + bar.height)
      expect(box.y + box.height).toBeLessThanOrEqual(height)
      // What is left under it is the help and the main area's padding, not a band of empty page.
      expect(height - (box.y + box.height)).toBeLessThan(160)
      expect(await main.evaluate((m) => m.scrollTop)).toBe(0)
      heights.push(box.height)
    }
    // At 900 px the help under the canvas fits as well: nothing to scroll.
    expect(await main.evaluate((m) => m.scrollHeight - m.clientHeight)).toBeLessThanOrEqual(1)
    // The taller window's height goes to the canvas.
    expect(heights[1]).toBeGreaterThan(heights[0] + 60)
  })

  test('refuses a too-large file, a wrong type and a renamed extension, and sends nothing', async ({ studio }) => {
    const page = await openImages(studio)
    await page.getByRole('button', { name: 'Edit an image…' }).click()
    const input = page.getByTestId('editor-file-input')
    const before = studio.gateway.log().length
    const alert = page.getByRole('alert')
    // A real file on disk: the browser reads it from there, as it would a user's.
    const dir = mkdtempSync(join(tmpdir(), 'studio-e2e-files-'))
    const huge = join(dir, 'huge.png')
    writeFileSync(huge, Buffer.alloc(25 * 1024 * 1024 + 1))
    try {
      await input.setInputFiles(huge)
      await expect(alert).toContainText('This file can’t be edited')
      await expect(alert).toContainText(
        '“huge.png” is 25 MB; pictures used here can be up to 25 MB. Nothing was uploaded.'
      )

      const gif = Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64')
      await input.setInputFiles({ name: 'anim.gif', mimeType: 'image/gif', buffer: gif })
      await expect(alert).toContainText('“anim.gif” is a GIF image; only PNG, JPEG or WebP can be used here.')

      await input.setInputFiles({
        name: 'notes.png',
        mimeType: 'image/png',
        buffer: Buffer.from('these are notes, not pixels')
      })
      await expect(alert).toContainText(
        '“notes.png” is not an image: its content is neither PNG, JPEG nor WebP, whatever its name says.'
      )

      await expect(page.getByRole('region', { name: 'Mask painter' })).toHaveCount(0)
      expect(studio.gateway.log().length).toBe(before)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  test('searches the gallery best first, each caption with its match marked', async ({ studio }) => {
    const page = await openImages(studio)
    // Oldest first: the prompt that says it twice, one without it, and the newest, a longer one that says it once.
    const prompts = [
      'koi, koi and more koi under a bridge',
      'a stone lantern in the rain',
      'a wide garden with maple trees, a tea house and a koi pond'
    ]
    for (const prompt of prompts) {
      await generate(page, prompt)
      await expect(jobCard(page, prompt).getByTestId('job-status')).toHaveText('Done', { timeout: 30_000 })
    }
    const grid = page.getByRole('grid', { name: 'Gallery' })
    await expect(grid.getByRole('gridcell')).toHaveCount(3)
    await page.getByRole('searchbox', { name: 'Search prompts' }).fill('KOI')
    // Newest first would put the garden first: the ranking reads the prompts.
    await expect(grid.getByRole('gridcell')).toHaveCount(2)
    await expect
      .poll(() => grid.getByRole('gridcell').evaluateAll((cells) => cells.map((c) => c.getAttribute('aria-label'))))
      .toEqual([prompts[0], prompts[2]])
    const captions = grid.getByTestId('gallery-match')
    await expect(captions.nth(0).locator('mark')).toHaveText(['koi', 'koi', 'koi'])
    await expect(captions.nth(1).locator('mark')).toHaveText(['koi'])
    await expect(captions.nth(1)).toContainText('a koi pond')
    await expect(page.getByText('2 images')).toBeVisible()
    // Two characters are below the index's trigrams: still found, newest first, marked.
    await page.getByRole('searchbox', { name: 'Search prompts' }).fill('te')
    await expect
      .poll(() => grid.getByRole('gridcell').evaluateAll((cells) => cells.map((c) => c.getAttribute('aria-label'))))
      .toEqual([prompts[2], prompts[1]])
    await expect(captions.nth(0).locator('mark')).toHaveText(['te'])
    await expect(captions.nth(1)).toContainText('lantern')
  })

  test('the gallery survives a restart', async ({ studio }) => {
    let page = await openImages(studio)
    const form = page.getByRole('form', { name: 'Generate' })
    await form.getByRole('textbox', { name: 'Prompt' }).fill('an orchard in spring')
    await form.getByRole('button', { name: 'Generate' }).click()
    await waitForDone(page, 'Generate')
    const cell = page.getByRole('grid', { name: 'Gallery' }).getByRole('gridcell', { name: 'an orchard in spring' })
    await cell.getByRole('button', { name: 'Favourite' }).click()
    await expect(cell.getByRole('button', { name: 'Favourite' })).toHaveAttribute('aria-pressed', 'true')

    await studio.stop()
    page = await openImages(studio)
    const again = page.getByRole('grid', { name: 'Gallery' }).getByRole('gridcell', { name: 'an orchard in spring' })
    await expect(again).toBeVisible()
    await expect(again.getByRole('button', { name: 'Favourite' })).toHaveAttribute('aria-pressed', 'true')
    // The thumbnail loads from the host's media URL, registered again by the new host.
    await expect
      .poll(() => again.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0)
  })
})
