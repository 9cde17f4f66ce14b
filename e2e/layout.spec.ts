import { expect, test } from './fixtures'
import { generate, openImages, waitForDone } from './support/images-page'
import { buttonsInsideCells, expectInWindow, goTo, screenText, VIEWPORTS, visibleButtons, wireWords } from './support/layout-forms'
import { createForm, submit, waitForState } from './support/video-page'

/**
 * The creation screens as a creator meets them: each form's main action on screen without
 * scrolling, few buttons, a large viewer, clips in their own shape, and no wire syntax in the words.
 */
test.describe('layout: forms, items and words', () => {
  for (const size of VIEWPORTS) {
    test(`every form's main action is in the window at ${size.width}×${size.height}`, async ({ studio }) => {
      const page = await openImages(studio)
      await page.setViewportSize(size)
      const generateForm = page.getByRole('form', { name: 'Generate' })
      await expectInWindow(page, generateForm.getByRole('button', { name: 'Generate', exact: true }))
      await page.getByRole('tab', { name: 'Native task' }).click()
      await expectInWindow(page, page.getByRole('form', { name: 'Native task' }).getByRole('button', { name: 'Submit task' }))
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

  test('Images: two buttons a tile, at most 40 on screen; a picture opens a viewer over 80% of the window that the arrows move', async ({ studio }) => {
    const page = await openImages(studio)
    await page.setViewportSize({ width: 1280, height: 720 })
    for (const prompt of ['a quiet harbour', 'a red kite']) {
      await generate(page, prompt)
      await waitForDone(page, 'Generate')
    }
    const grid = page.getByRole('grid', { name: 'Gallery' })
    await expect(grid.getByRole('gridcell')).toHaveCount(2)
    await expect(grid.getByRole('gridcell').first().getByRole('button')).toHaveCount(2)
    const buttons = await visibleButtons(page)
    expect(buttons.length, buttons.join(' | ')).toBeLessThanOrEqual(40)

    // Ctrl+Enter in the prompt sends the form, like its Generate button.
    const form = page.getByRole('form', { name: 'Generate' })
    await form.getByRole('textbox', { name: 'Prompt' }).fill('a third by keyboard')
    await form.getByRole('textbox', { name: 'Prompt' }).press('Control+Enter')
    await expect(grid.getByRole('gridcell', { name: 'a third by keyboard' })).toBeVisible({ timeout: 60_000 })

    await grid.getByRole('gridcell', { name: 'a red kite' }).locator('img').click()
    const viewer = page.getByRole('dialog', { name: 'Image viewer' })
    await expect(viewer).toBeVisible()
    const box = (await viewer.boundingBox())!
    expect(box.width).toBeGreaterThanOrEqual(0.8 * 1280)
    expect(box.height).toBeGreaterThanOrEqual(0.8 * 720)
    const image = viewer.getByTestId('viewer-image')
    await expect(image).toHaveAttribute('alt', 'a red kite')
    await page.keyboard.press('ArrowRight')
    await expect(image).toHaveAttribute('alt', 'a quiet harbour')
    await page.keyboard.press('ArrowLeft')
    await expect(image).toHaveAttribute('alt', 'a red kite')
    await page.keyboard.press('Escape')
    await expect(viewer).toBeHidden()
  })

  test('Video: a card at most 15 buttons on screen, its clip in its own shape with the first frame shown; the remix action in the window', async ({ studio }) => {
    const page = await studio.launch({ STUDIO_GATEWAY_URL: studio.gateway.url, STUDIO_API_KEY: studio.canary })
    await page.setViewportSize({ width: 1280, height: 720 })
    await goTo(page, 'Video')
    await expect(page.getByRole('tab', { name: 'Create' })).toBeVisible({ timeout: 20_000 })
    await createForm(page).getByRole('textbox', { name: 'Prompt' }).fill('a paper boat on a river')
    await submit(page)
    const card = await waitForState(page, 'a paper boat on a river', 'Succeeded', 120_000)
    const player = card.getByTestId('video-player')
    // The first frame is painted without playing (no poster file needed): the element has frame data.
    await expect.poll(() => player.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 20_000 }).toBeGreaterThanOrEqual(2)
    const shape = await player.evaluate((v: HTMLVideoElement) => {
      const r = v.getBoundingClientRect()
      return { box: r.width / r.height, file: v.videoWidth / v.videoHeight, orientation: v.dataset.orientation }
    })
    expect(Math.abs(shape.box - shape.file) / shape.file).toBeLessThan(0.03)
    expect(shape.orientation).toBe(shape.file < 1 ? 'portrait' : 'landscape')
    await expect(card.getByRole('button')).toHaveCount(3)
    const buttons = await visibleButtons(page)
    expect(buttons.length, buttons.join(' | ')).toBeLessThanOrEqual(15)

    await card.getByRole('button', { name: 'Remix', exact: true }).click()
    const remix = page.getByRole('dialog', { name: /^Remix/ })
    await expectInWindow(page, remix.getByRole('button', { name: 'Remix', exact: true }))
  })

  test('Prompts: at most 25 buttons on screen', async ({ studio }) => {
    const page = await openImages(studio)
    await page.setViewportSize({ width: 1280, height: 720 })
    await generate(page, 'a lantern in the fog')
    await waitForDone(page, 'Generate')
    await goTo(page, 'Prompts')
    await expect(page.getByText('a lantern in the fog').first()).toBeVisible({ timeout: 20_000 })
    const buttons = await visibleButtons(page)
    expect(buttons.length, buttons.join(' | ')).toBeLessThanOrEqual(25)
  })

  test('compare cells keep their buttons inside at 1280 px', async ({ studio }) => {
    const page = await openImages(studio)
    await page.setViewportSize({ width: 1280, height: 720 })
    const form = page.getByRole('form', { name: 'Generate' })
    await form.getByRole('textbox', { name: 'Prompt' }).fill('a lighthouse compared')
    await form.getByRole('button', { name: 'Run on several models…' }).click()
    for (const m of ['imagegen-4.0', 'image-model-2']) await form.getByRole('checkbox', { name: new RegExp(m.replace(/\./g, '\\.')) }).check()
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
    await goTo(page, 'Video')
    await expect(page.getByRole('tab', { name: 'Create' })).toBeVisible({ timeout: 20_000 })
    for (const family of ['Unified · first family', 'Unified · second family', 'Video object · JSON', 'Video object · multipart']) {
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
