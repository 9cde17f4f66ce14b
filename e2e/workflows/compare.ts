import type { Locator, Page } from '@playwright/test'
import { expect, test } from '../fixtures'
import { imageCreates, moreAction, openImages } from '../support/images-page'
import { createForm, expectPlays, mp4sOnDisk, openVideo, videoCreates } from '../support/video-page'

/**
 * Compare runs end to end against the sandbox: one prompt on several models, one create per model
 * (the gateway's own log counts them), a side-by-side board with every cell's result, a kept winner,
 * the same board after a restart with nothing sent again, and a cell handed on to Video.
 */

const IMAGE_MODELS = ['imagegen-4.0', 'imagegen-4.5', 'image-model-2']

const boardOf = (page: Page) => page.getByRole('region', { name: 'Compare runs' })
const cellOf = (run: Locator, model: string) =>
  run.getByRole('article', { name: new RegExp(`^${model.replace(/\./g, '\\.')} — `) })

/** Registers the compare workflows in `e2e/workflows.spec.ts`. */
export function compareWorkflows(): void {
  test.describe('compare runs', () => {
    test('compare images on three models, keep one, and find it all again after a restart', async ({ studio }) => {
      test.setTimeout(180_000)
      let page = await openImages(studio)
      const form = page.getByRole('form', { name: 'Generate' })
      await form.getByRole('textbox', { name: 'Prompt' }).fill('a lighthouse compared')
      await form.getByRole('button', { name: 'Run on several models…' }).click()
      for (const m of IMAGE_MODELS)
        await form.getByRole('checkbox', { name: new RegExp(m.replace(/\./g, '\\.')) }).check()
      // Before sending: one plan row per model with what it takes and drops, and the total estimate.
      await expect(form.getByTestId('compare-plan-row')).toHaveCount(3)
      await expect(form.getByTestId('compare-total')).toContainText('Estimated total')
      await form.getByRole('button', { name: 'Run on 3 models' }).click()

      const run = boardOf(page).getByTestId('compare-run').first()
      for (const m of IMAGE_MODELS) {
        const cell = cellOf(run, m)
        await expect(cell.getByRole('status')).toHaveText('Done', { timeout: 60_000 })
        await expect
          .poll(() => cell.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
          .toBeGreaterThan(0)
        await expect(cell).toContainText(/Took \d+/)
      }
      expect(imageCreates(studio)).toHaveLength(3)

      const winner = cellOf(run, 'image-model-2')
      await winner.getByRole('button', { name: 'Keep' }).click()
      await expect(winner.getByRole('button', { name: 'Kept' })).toBeDisabled()
      // The kept result is a favourite in the gallery.
      await expect(
        page.getByRole('grid', { name: 'Gallery' }).getByRole('button', { name: 'Favourite', pressed: true })
      ).toHaveCount(1)

      await studio.stop()
      page = await openImages(studio)
      const again = boardOf(page).getByTestId('compare-run').first()
      for (const m of IMAGE_MODELS) await expect(cellOf(again, m).getByRole('status')).toHaveText('Done')
      await expect(cellOf(again, 'image-model-2').getByRole('button', { name: 'Kept' })).toBeVisible()
      await expect
        .poll(() =>
          cellOf(again, 'imagegen-4.5')
            .locator('img')
            .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)
        )
        .toBeGreaterThan(0)
      expect(imageCreates(studio)).toHaveLength(3)

      // A cell continues into Video: its image becomes the last frame of the Create form.
      await moreAction(page, cellOf(again, 'imagegen-4.5'), 'Use as last frame')
      await expect(page.getByRole('tab', { name: 'Create' })).toBeVisible()
      await expect(page.getByRole('status').filter({ hasText: 'is now the last frame' })).toContainText(
        '“a lighthouse compared” is now the last frame'
      )
      const thumb = createForm(page).locator('img.ref-thumb')
      await expect(thumb).toHaveCount(1)
      await expect
        .poll(() => thumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
        .toBeGreaterThan(0)
    })

    test('compare a video on two families: one task per model, both play, and the run is there after a restart', async ({
      studio
    }) => {
      test.setTimeout(240_000)
      let page = await openVideo(studio)
      const form = createForm(page)
      await form.getByRole('textbox', { name: 'Prompt' }).fill('waves compared at dusk')
      await form.getByRole('button', { name: 'Run on several models…' }).click()
      await form.getByRole('checkbox', { name: /^vidq2-pro / }).check()
      await form.getByRole('checkbox', { name: /^gk-video-3 / }).check()
      await expect(form.getByTestId('compare-plan-row')).toHaveCount(2)
      await form.getByRole('button', { name: 'Run on 2 models' }).click()

      const run = boardOf(page).getByTestId('compare-run').first()
      for (const m of ['vidq2-pro', 'gk-video-3']) {
        const cell = cellOf(run, m)
        await expect(cell.getByRole('status')).toHaveText('Done', { timeout: 120_000 })
        await expectPlays(cell)
      }
      // One create per model, one on each family's route, and both results on disk.
      expect(
        videoCreates(studio)
          .map((c) => c.path)
          .sort()
      ).toEqual(['/v1/video/create', '/v1/videos'])
      expect(mp4sOnDisk(studio.dataDir).length).toBeGreaterThanOrEqual(2)
      await cellOf(run, 'gk-video-3').getByRole('button', { name: 'Keep' }).click()
      await expect(cellOf(run, 'gk-video-3').getByRole('button', { name: 'Kept' })).toBeVisible()

      await studio.stop()
      page = await openVideo(studio)
      const again = boardOf(page).getByTestId('compare-run').first()
      await expect(cellOf(again, 'vidq2-pro').getByRole('status')).toHaveText('Done')
      await expect(cellOf(again, 'gk-video-3').getByRole('button', { name: 'Kept' })).toBeVisible()
      await expectPlays(cellOf(again, 'gk-video-3'))
      expect(videoCreates(studio)).toHaveLength(2)
    })
  })
}
