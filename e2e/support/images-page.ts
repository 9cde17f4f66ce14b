import { readdirSync } from 'node:fs'
import { join } from 'node:path'
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
export const imageCreates = (studio: StudioFixture) =>
  studio.gateway.log().filter((r) => r.route === 'image.generate' && r.key === studio.canary)

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
  return sharp(raw, { raw: { width: side, height: side, channels: 3 } })
    .png({ compressionLevel: 1 })
    .toBuffer()
}

/** A PNG from the library as RGBA bytes. */
export async function rawRgba(file: string): Promise<{ data: Buffer; width: number; height: number }> {
  const { data, info } = await sharp(file).ensureAlpha().raw().toBuffer({ resolveWithObject: true })
  return { data, width: info.width, height: info.height }
}

/**
 * How many pixels an edit changed inside its mask (transparent there) and outside it (opaque),
 * comparing the result in the library `lib` with the source kept beside it.
 */
export async function changedByEdit(
  lib: string,
  itemId: string,
  mask: { data: Buffer }
): Promise<{ inside: number; outside: number }> {
  const out = await rawRgba(
    join(
      lib,
      readdirSync(lib).find((f) => f.startsWith(itemId + '.'))!
    )
  )
  const src = await rawRgba(
    join(
      lib,
      readdirSync(lib).find((f) => f.includes('.source.'))!
    )
  )
  let inside = 0
  let outside = 0
  for (let k = 0; k < out.width * out.height * 4; k += 4) {
    const same =
      out.data[k] === src.data[k] && out.data[k + 1] === src.data[k + 1] && out.data[k + 2] === src.data[k + 2]
    if (mask.data[k + 3] === 255) outside += same ? 0 : 1
    else inside += same ? 0 : 1
  }
  return { inside, outside }
}

/** Runs one of an item's "More" actions (a gallery tile, a video card): opens its menu and picks the entry. */
export async function moreAction(page: Page, item: Locator, name: string): Promise<void> {
  await item.hover()
  await item.getByRole('button', { name: 'More actions' }).click()
  await page.getByRole('menu').getByRole('menuitem', { name }).click()
}
