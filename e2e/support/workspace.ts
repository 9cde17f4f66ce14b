import { expect, type Locator, type Page, type TestInfo } from '@playwright/test'
import type { StudioFixture } from '../fixtures'
import { gradientPng, openImages } from './images-page'

/** Page helpers for the image editor's workspace: opening it on a picture and measuring what the canvas gets. */

export type Theme = 'light' | 'dark'

/** Starts the studio in `theme` and opens the editor on a `side`² picture; returns the page and the painter's stage. */
export async function openEditorWorkspace(
  studio: StudioFixture,
  theme: Theme,
  side = 1024
): Promise<{ page: Page; stage: Locator }> {
  const page = await openImages(studio)
  // The studio follows the system's colour scheme until a theme is chosen in Settings.
  await page.emulateMedia({ colorScheme: theme })
  await expect(page.locator('html')).toHaveAttribute('data-theme', theme)
  await page.getByRole('button', { name: 'Edit an image…' }).click()
  await page
    .getByTestId('editor-file-input')
    .setInputFiles({ name: 'workspace.png', mimeType: 'image/png', buffer: await gradientPng(side) })
  const painter = page.getByRole('region', { name: 'Mask painter' })
  await expect(painter).toBeVisible({ timeout: 20_000 })
  return { page, stage: painter.getByRole('application', { name: 'Mask canvas' }) }
}

/** The part of `box` inside the viewport, in CSS pixels squared: what the user can actually see of it. */
export function visibleArea(
  box: { x: number; y: number; width: number; height: number },
  viewport: { width: number; height: number }
): number {
  const w = Math.max(0, Math.min(box.x + box.width, viewport.width) - Math.max(box.x, 0))
  const h = Math.max(0, Math.min(box.y + box.height, viewport.height) - Math.max(box.y, 0))
  return w * h
}

/**
 * Resizes the window, waits until the stage's box has settled (the layout and the engine's resize
 * follow the viewport a frame later) and returns the stage's visible share of the window.
 */
export async function stageShare(
  page: Page,
  stage: Locator,
  viewport: { width: number; height: number }
): Promise<number> {
  await page.setViewportSize(viewport)
  let last = ''
  await expect
    .poll(async () => {
      const box = await stage.boundingBox()
      const now = JSON.stringify(box)
      const settled = box !== null && now === last
      last = now
      return settled
    })
    .toBe(true)
  const box = (await stage.boundingBox())!
  return visibleArea(box, viewport) / (viewport.width * viewport.height)
}

/** Keeps a screenshot of the whole window with the test's results. */
export async function attachScreenshot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  await testInfo.attach(name, { body: await page.screenshot(), contentType: 'image/png' })
}
