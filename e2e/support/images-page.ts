import { expect, type Locator, type Page } from '@playwright/test'
import sharp from 'sharp'
import type { StudioFixture } from '../fixtures'

/** Page helpers for the Images area, by role and accessible name. */

/** Starts the studio on the test's gateway with the canary key and opens Images. */
export async function openImages(studio: StudioFixture): Promise<Page> {
  const page = await studio.launch({ STUDIO_GATEWAY_URL: studio.gateway.url, STUDIO_API_KEY: studio.canary })
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Images' }).click()
  await expect(page.getByRole('tab', { name: 'Generate' })).toBeVisible()
  return page
}

/** Fills the Generate form's prompt and sends it. */
export async function generate(page: Page, prompt: string): Promise<void> {
  const form = page.getByRole('form', { name: 'Generate' })
  await form.getByRole('textbox', { name: 'Prompt' }).fill(prompt)
  await form.getByRole('button', { name: 'Generate' }).click()
}

/** The first job card whose text holds `kind` ('Generate', 'Native task', 'Edit'), once its status reads Done. */
export async function waitForDone(page: Page, kind: string): Promise<Locator> {
  const card = page.getByRole('article').filter({ hasText: kind }).first()
  await expect(card.getByTestId('job-status')).toHaveText('Done', { timeout: 30_000 })
  return card
}

/** A job's card, named by its kind, time and prompt. */
export const jobCard = (page: Page, prompt: string): Locator => page.getByRole('article', { name: prompt })

/** The gateway's image creates made with the canary key, in the order they arrived. */
export const imageCreates = (studio: StudioFixture) => studio.gateway.log().filter((r) => r.route === 'image.generate' && r.key === studio.canary)

/** A smooth `side`² gradient PNG (lossless, so "unchanged" can be checked byte for byte). */
export async function gradientPng(side: number): Promise<Buffer> {
  const raw = Buffer.alloc(side * side * 3)
  for (let y = 0; y < side; y++) {
    for (let x = 0; x < side; x++) {
      const i = (y * side + x) * 3
      raw[i] = Math.floor((x * 256) / side)
      raw[i + 1] = Math.floor((y * 256) / side)
      raw[i + 2] = 128
    }
  }
  return sharp(raw, { raw: { width: side, height: side, channels: 3 } }).png({ compressionLevel: 1 }).toBuffer()
}

/** A PNG from the library as RGBA bytes. */
export async function rawRgba(file: string): Promise<{ data: Buffer; width: number; height: number }> {
  const { data, info } = await sharp(file).ensureAlpha().raw().toBuffer({ resolveWithObject: true })
  return { data, width: info.width, height: info.height }
}

/** Runs one of an item's "More" actions (a gallery tile, a video card): opens its menu and picks the entry. */
export async function moreAction(page: Page, item: Locator, name: string): Promise<void> {
  await item.hover()
  await item.getByRole('button', { name: 'More actions' }).click()
  await page.getByRole('menu').getByRole('menuitem', { name }).click()
}
