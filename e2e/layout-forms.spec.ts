/**
 * Forms, items and words at 1280×720 and 1440×900: each form's main action on screen without
 * scrolling, few buttons, a large viewer, clips in their own shape, and no wire syntax in the words.
 */

import type { Locator } from '@playwright/test'
import sharp from 'sharp'
import { expect, test } from './fixtures'
import { generate, openImages, waitForDone } from './support/images-page'
import {
  buttonsInsideCells,
  expectInWindow,
  goTo,
  screenText,
  VIEWPORTS,
  visibleButtons,
  wireWords
} from './support/layout-forms'
import { chooseFamily, createForm, openVideo, submit, waitForState } from './support/video-page'

test.describe('layout: forms, items and words', () => {
  for (const size of VIEWPORTS) {
    test(`every form's main action is in the window at ${size.width}×${size.height}`, async ({ studio }) => {
      const page = await openImages(studio)
      await page.setViewportSize(size)
      const generateForm = page.getByRole('form', { name: 'Generate' })
      await expectInWindow(page, generateForm.getByRole('button', { name: 'Generate', exact: true }))
      // The create column scrolls on its own and its footer sits on the column's bottom edge: no part of
      // the form shows below the footer, and the work area itself does not scroll.
      const edges = await page.evaluate(() => {
        const column = document.querySelector('.images-create')!.getBoundingClientRect()
        const footer = document.querySelector('.images-create .form-footer')!.getBoundingClientRect()
        const main = document.querySelector<HTMLElement>('.main')!
        return { column: column.bottom, footer: footer.bottom, mainScroll: main.scrollHeight - main.clientHeight }
      })
      expect(Math.abs(edges.footer - edges.column), 'the footer on the column edge').toBeLessThanOrEqual(1)
      expect(edges.mainScroll, 'the Images work area does not scroll as a whole').toBe(0)
      await page.getByRole('tab', { name: 'Native task' }).click()
      await expectInWindow(
        page,
        page.getByRole('form', { name: 'Native task' }).getByRole('button', { name: 'Submit task' })
      )
      await goTo(page, 'Video')
      await expect(page.getByRole('tab', { name: 'Create' })).toBeVisible({ timeout: 20_000 })
      for (const family of ['Unified · first family', 'Video object · JSON']) {
        await page.getByRole('radio', { name: family }).check()
        await expectInWindow(page, createForm(page).getByRole('button', { name: 'Create video' }))
      }
      // Ctrl+Enter from the prompt submits: an empty prompt is refused at its field before any request.
      await createForm(page).getByRole('textbox', { name: 'Prompt' }).press('Control+Enter')
      await expect(createForm(page).getByRole('textbox', { name: 'Prompt' })).toHaveAttribute('aria-invalid', 'true')
      expect(studio.gateway.log().filter((r) => r.route === 'video.create')).toHaveLength(0)
    })
  }

  for (const size of VIEWPORTS) {
    test(`the Settings and Prompts forms keep Save in the window at ${size.width}×${size.height}, and Ctrl+Enter sends them`, async ({
      studio
    }) => {
      const page = await studio.launch({ STUDIO_GATEWAY_URL: studio.gateway.url, STUDIO_API_KEY: studio.canary })
      await page.setViewportSize(size)
      const keyed = async (form: Locator, name: string) => {
        const save = form.getByRole('button', { name, exact: true })
        await expectInWindow(page, save)
        await expect(save).toHaveAttribute('aria-keyshortcuts', /Control\+Enter/)
        await expect(save).toHaveAttribute('title', /Enter/)
      }
      await goTo(page, 'Settings')
      await page.getByRole('button', { name: 'Add profile' }).click()
      const add = page.getByRole('dialog', { name: 'Add profile' })
      await keyed(add, 'Save')
      // Ctrl+Enter from a field saves: an empty name is refused at its field, and the dialog stays.
      await add.getByRole('textbox', { name: 'Name' }).press('Control+Enter')
      await expect(add.getByRole('textbox', { name: 'Name' })).toHaveAttribute('aria-invalid', 'true')
      await add.getByRole('button', { name: 'Cancel' }).click()
      await expect(add).toBeHidden()

      await page
        .getByRole('button', { name: /^Names of / })
        .first()
        .click()
      const names = page.getByRole('dialog', { name: /^Gateway names · / })
      await keyed(names, 'Save names')
      await names.getByRole('button', { name: 'Cancel' }).click()
      await expect(names).toBeHidden()

      const queue = page.getByRole('form', { name: 'Queue' })
      await queue.getByRole('textbox', { name: 'Image jobs at a time' }).fill('3')
      await queue.getByRole('textbox', { name: 'Image jobs at a time' }).press('Control+Enter')
      await expect(queue.getByRole('status')).toHaveText(/saved: 3 image jobs/)

      await goTo(page, 'Prompts')
      await page.getByRole('button', { name: 'New prompt' }).click()
      const save = page.getByRole('dialog', { name: 'Save a prompt' })
      await keyed(save, 'Save')
      await save.getByRole('textbox', { name: 'Name' }).fill('harbour at dawn')
      await save.getByRole('textbox', { name: 'Prompt' }).fill('a quiet harbour at dawn, mist on the water')
      await save.getByRole('textbox', { name: 'Prompt' }).press('Control+Enter')
      await expect(save).toBeHidden()
      await expect(page.getByText('harbour at dawn').first()).toBeVisible()
    })
  }

  test('Images: two buttons a tile, at most 40 on screen; a picture opens a viewer over 80% of the window that the arrows move', async ({
    studio
  }) => {
    const page = await openImages(studio)
    await page.setViewportSize({ width: 1280, height: 720 })
    for (const prompt of ['a quiet harbour', 'a red kite']) {
      await generate(page, prompt)
      await waitForDone(page, 'Generate')
    }
    const grid = page.getByRole('grid', { name: 'Gallery' })
    await expect(grid.getByRole('gridcell')).toHaveCount(2)
    await expect(grid.getByRole('gridcell').first().getByRole('button')).toHaveCount(2)
    for (const size of VIEWPORTS) {
      await page.setViewportSize(size)
      const buttons = await visibleButtons(page)
      expect(buttons.length, `${size.width}: ${buttons.join(' | ')}`).toBeLessThanOrEqual(40)
    }
    await page.setViewportSize({ width: 1280, height: 720 })

    // Ctrl+Enter in the prompt sends the form, like its Generate button.
    const form = page.getByRole('form', { name: 'Generate' })
    await form.getByRole('textbox', { name: 'Prompt' }).fill('a third by keyboard')
    await form.getByRole('textbox', { name: 'Prompt' }).press('Control+Enter')
    await expect(grid.getByRole('gridcell', { name: 'a third by keyboard' })).toBeVisible({ timeout: 60_000 })

    await grid.getByRole('gridcell', { name: 'a red kite' }).locator('img').click()
    const viewer = page.getByRole('dialog', { name: 'Image viewer' })
    await expect(viewer).toBeVisible()
    for (const size of VIEWPORTS) {
      await page.setViewportSize(size)
      await expect
        .poll(
          async () => {
            const box = (await viewer.boundingBox())!
            return Math.min(box.width / size.width, box.height / size.height)
          },
          { message: `the viewer's share of ${size.width}×${size.height}` }
        )
        .toBeGreaterThanOrEqual(0.8)
    }
    const image = viewer.getByTestId('viewer-image')
    await expect(image).toHaveAttribute('alt', 'a red kite')
    await page.keyboard.press('ArrowRight')
    await expect(image).toHaveAttribute('alt', 'a quiet harbour')
    await page.keyboard.press('ArrowLeft')
    await expect(image).toHaveAttribute('alt', 'a red kite')
    await page.keyboard.press('Escape')
    await expect(viewer).toBeHidden()
  })

  test('Video: a card at most 15 buttons on screen, its clip in its own shape with the first frame shown; the remix action in the window', async ({
    studio
  }) => {
    const page = await studio.launch({ STUDIO_GATEWAY_URL: studio.gateway.url, STUDIO_API_KEY: studio.canary })
    await page.setViewportSize({ width: 1280, height: 720 })
    await goTo(page, 'Video')
    await expect(page.getByRole('tab', { name: 'Create' })).toBeVisible({ timeout: 20_000 })
    await createForm(page).getByRole('textbox', { name: 'Prompt' }).fill('a paper boat on a river')
    await submit(page)
    const card = await waitForState(page, 'a paper boat on a river', 'Succeeded', 120_000)
    const player = card.getByTestId('video-player')
    // The first frame is painted without playing (no poster file needed): the element has frame data.
    await expect
      .poll(() => player.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 20_000 })
      .toBeGreaterThanOrEqual(2)
    await expect(card.getByRole('button')).toHaveCount(3)
    for (const size of VIEWPORTS) {
      await page.setViewportSize(size)
      const shape = await player.evaluate((v: HTMLVideoElement) => {
        const r = v.getBoundingClientRect()
        return { box: r.width / r.height, file: v.videoWidth / v.videoHeight, orientation: v.dataset.orientation }
      })
      expect(Math.abs(shape.box - shape.file) / shape.file, `${size.width}`).toBeLessThan(0.03)
      expect(shape.orientation).toBe(shape.file < 1 ? 'portrait' : 'landscape')
      const buttons = await visibleButtons(page)
      expect(buttons.length, `${size.width}: ${buttons.join(' | ')}`).toBeLessThanOrEqual(15)
    }
    await page.setViewportSize({ width: 1280, height: 720 })

    await card.getByRole('button', { name: 'Remix', exact: true }).click()
    const remix = page.getByRole('dialog', { name: /^Remix/ })
    await expectInWindow(page, remix.getByRole('button', { name: 'Remix', exact: true }))
  })

  test('Video: a portrait clip gets a portrait card in its own 9:16 shape, its first frame shown', async ({
    studio
  }) => {
    test.setTimeout(120_000)
    const page = await openVideo(studio)
    await page.setViewportSize({ width: 1280, height: 720 })
    // The second unified family asks a portrait clip by default; the sandbox answers with a 180x320 file.
    await chooseFamily(page, 'Unified · second family')
    await createForm(page).getByRole('textbox', { name: 'Prompt' }).fill('a lighthouse keeper climbing stairs')
    await submit(page)
    const card = await waitForState(page, 'a lighthouse keeper climbing stairs', 'Succeeded', 120_000)
    const player = card.getByTestId('video-player')
    await expect
      .poll(() => player.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 20_000 })
      .toBeGreaterThanOrEqual(2)
    for (const size of VIEWPORTS) {
      await page.setViewportSize(size)
      const shape = await player.evaluate((v: HTMLVideoElement) => {
        const r = v.getBoundingClientRect()
        return {
          width: r.width,
          height: r.height,
          fileWidth: v.videoWidth,
          fileHeight: v.videoHeight,
          orientation: v.dataset.orientation
        }
      })
      expect([shape.fileWidth, shape.fileHeight]).toEqual([180, 320])
      expect(shape.height, `${size.width}`).toBeGreaterThan(shape.width)
      expect(Math.abs(shape.width / shape.height - 9 / 16) / (9 / 16)).toBeLessThan(0.03)
      expect(shape.orientation).toBe('portrait')
      // A poster frame, not a black box: the player's pixels vary.
      const stats = await sharp(await player.screenshot()).stats()
      expect(Math.max(...stats.channels.map((c) => c.stdev))).toBeGreaterThan(10)
    }
  })

  test('Prompts: at most 25 buttons on screen', async ({ studio }) => {
    const page = await openImages(studio)
    await page.setViewportSize({ width: 1280, height: 720 })
    await generate(page, 'a lantern in the fog')
    await waitForDone(page, 'Generate')
    await goTo(page, 'Prompts')
    await expect(page.getByText('a lantern in the fog').first()).toBeVisible({ timeout: 20_000 })
    for (const size of VIEWPORTS) {
      await page.setViewportSize(size)
      const buttons = await visibleButtons(page)
      expect(buttons.length, `${size.width}: ${buttons.join(' | ')}`).toBeLessThanOrEqual(25)
    }
  })

  test('compare cells keep their buttons inside at 1280 px', async ({ studio }) => {
    const page = await openImages(studio)
    await page.setViewportSize({ width: 1280, height: 720 })
    const form = page.getByRole('form', { name: 'Generate' })
    await form.getByRole('textbox', { name: 'Prompt' }).fill('a lighthouse compared')
    await form.getByRole('button', { name: 'Run on several models…' }).click()
    for (const m of ['imagegen-4.0', 'image-model-2'])
      await form.getByRole('checkbox', { name: new RegExp(m.replace(/\./g, '\\.')) }).check()
    await form.getByRole('button', { name: 'Run on 2 models' }).click()
    const run = page.getByRole('region', { name: 'Compare runs' }).getByTestId('compare-run').first()
    await expect(run.getByRole('status').filter({ hasText: 'Done' })).toHaveCount(2, { timeout: 60_000 })
    const cells = run.locator('.compare-cell')
    await expect(cells.first().getByRole('button', { name: 'More actions' })).toBeVisible()
    const r = await buttonsInsideCells(cells)
    expect(r.cells).toBe(2)
    expect(r.outside).toEqual([])
  })

  test('no screen shows wire syntax: no method and route, no API route, no <w>*<h>', async ({ studio }) => {
    const page = await openImages(studio)
    const found: Record<string, string[]> = {}
    const look = async (screen: string) => {
      const words = wireWords(await screenText(page))
      if (words.length) found[screen] = words
    }
    await look('images, generate')
    await page.getByRole('radio', { name: 'Reference images and quality' }).check()
    await look('images, generate with references')
    await page.getByRole('tab', { name: 'Native task' }).click()
    await look('images, native task')
    await page.getByRole('button', { name: 'Edit an image…' }).click()
    await expect(page.getByRole('button', { name: 'Back to gallery' })).toBeVisible()
    await look('images, editor')
    await page.getByRole('button', { name: 'Back to gallery' }).click()
    await goTo(page, 'Video')
    await expect(page.getByRole('tab', { name: 'Create' })).toBeVisible({ timeout: 20_000 })
    for (const family of [
      'Unified · first family',
      'Unified · second family',
      'Video object · JSON',
      'Video object · multipart'
    ]) {
      await page.getByRole('radio', { name: family }).check()
      await look(`video, ${family}`)
    }
    for (const area of ['Prompts', 'Chat', 'Balance', 'Settings']) {
      await goTo(page, area)
      await expect(page.getByRole('main')).toBeVisible()
      await look(area)
    }
    expect(found).toEqual({})
    // The words are still there for whoever opens the Request disclosure.
    await goTo(page, 'Images')
    await page.getByRole('tab', { name: 'Generate' }).click()
    const request = page.getByTestId('request-preview')
    await request.locator('summary').click()
    await expect(request).toContainText('POST /v1/images/generations')
  })
})
