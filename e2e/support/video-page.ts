import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { expect, type Locator, type Page } from '@playwright/test'
import type { StudioFixture } from '../fixtures'

/** Page helpers for the Video area, by role and accessible name. */

export async function openVideo(studio: StudioFixture): Promise<Page> {
  const page = await studio.launch({ STUDIO_GATEWAY_URL: studio.gateway.url, STUDIO_API_KEY: studio.canary })
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Video' }).click()
  await expect(page.getByRole('tab', { name: 'Create' })).toBeVisible({ timeout: 20_000 })
  return page
}

export const createForm = (page: Page) => page.getByRole('form', { name: 'Create' })
export const board = (page: Page) => page.getByRole('grid', { name: 'Job board' })
export const card = (page: Page, prompt: string) => board(page).getByRole('gridcell', { name: prompt })

export async function chooseFamily(page: Page, label: string): Promise<void> {
  await page.getByRole('radio', { name: label }).check()
}

export async function submit(page: Page): Promise<void> {
  await createForm(page).getByRole('button', { name: 'Create video' }).click()
}

/**
 * The board is windowed (only the rows on screen are in the DOM): search for the prompt, as a
 * user would, so the card is rendered wherever it sits.
 */
export async function reveal(page: Page, prompt: string): Promise<Locator> {
  await page.getByRole('searchbox', { name: 'Search' }).fill(prompt)
  const c = card(page, prompt)
  await expect(c).toBeVisible({ timeout: 20_000 })
  return c
}

/** Waits for a card's state; clicks "Check now" now and then, so the test does not sit out the 5 s poll interval. */
export async function waitForState(page: Page, prompt: string, state: string, timeoutMs = 60_000): Promise<Locator> {
  const c = await reveal(page, prompt)
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if ((await c.getByTestId('task-state').textContent()) === state) return c
    const check = c.getByRole('button', { name: 'Check now' })
    if (await check.isVisible().catch(() => false)) await check.click().catch(() => undefined)
    await expect(c.getByTestId('task-state'))
      .toHaveText(state, { timeout: 1_500 })
      .catch(() => undefined)
  }
  await expect(c.getByTestId('task-state')).toHaveText(state)
  return c
}

/** The player loads the downloaded file from the host: metadata read, a 2 s sample. */
export async function expectPlays(c: Locator): Promise<void> {
  const player = c.getByTestId('video-player')
  await expect(player).toBeVisible({ timeout: 30_000 })
  const duration = await player.evaluate(
    (v: HTMLVideoElement) =>
      new Promise<number>((resolve, reject) => {
        if (v.readyState >= 1) return resolve(v.duration)
        v.addEventListener('loadedmetadata', () => resolve(v.duration), { once: true })
        v.addEventListener('error', () => reject(new Error(`media error ${v.error?.code}: ${v.error?.message}`)), {
          once: true
        })
        v.preload = 'metadata'
        v.load()
      })
  )
  expect(duration).toBeGreaterThan(0.5)
}

/** Every file under dir, recursively. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? filesUnder(join(dir, e.name)) : [join(dir, e.name)]
  )
}

/** MP4 files the studio keeps in its data dir (verified: 'ftyp' at offset 4), excluding temporaries. */
export function mp4sOnDisk(dataDir: string): string[] {
  return filesUnder(dataDir).filter((f) => {
    if (f.endsWith('.part') || statSync(f).size < 12) return false
    return readFileSync(f).subarray(4, 8).toString('latin1') === 'ftyp'
  })
}

export function videoCreates(studio: StudioFixture): { path: string; route: string }[] {
  return studio.gateway
    .log()
    .filter(
      (r) =>
        r.method === 'POST' && r.key === studio.canary && (r.path === '/v1/video/create' || r.path === '/v1/videos')
    )
    .map((r) => ({ path: r.path, route: r.route }))
}

/**
 * Imports the asset `name` from `url` into a new group `group` on the Assets tab (the JSON video
 * family's), and waits until the gateway reports it Active; answers its row.
 */
export async function importAsset(page: Page, asset: { group: string; url: string; name: string }): Promise<Locator> {
  await chooseFamily(page, 'Video object · JSON')
  await page.getByRole('tab', { name: 'Assets' }).click()
  await page.getByRole('textbox', { name: 'Group name' }).fill(asset.group)
  await page.getByRole('button', { name: 'Create group' }).click()
  const importForm = page.getByRole('form', { name: 'Import an asset' })
  await expect(importForm.getByRole('combobox', { name: 'Group' })).toContainText(asset.group)
  await importForm.getByRole('textbox', { name: 'Public URL' }).fill(asset.url)
  await importForm.getByRole('textbox', { name: 'Name' }).fill(asset.name)
  await importForm.getByRole('button', { name: 'Import' }).click()
  const row = page.getByRole('listitem', { name: asset.name })
  await expect(row.getByTestId('asset-state')).toHaveText('Active', { timeout: 60_000 })
  return row
}
